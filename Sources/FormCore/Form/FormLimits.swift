/// What one form may hold (issue 33 item 4; docs/SECURITY.md, "Bounds"). Far more than an
/// operator answers, and they bound the work of every check over a form: a form file past them is
/// refused at the position, and an OpenAPI schema past them is asked another way.
package enum FormLimits {
    /// Choices one `choice` or `multichoice` field lists.
    package static let choicesPerField = 10_000
    /// Fields one form holds, group members counted.
    package static let fieldsPerForm = 10_000
}
