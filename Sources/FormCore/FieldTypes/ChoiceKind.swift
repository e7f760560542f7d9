/// `choice`: one of the field's choices, by name, number or a unique prefix (`ChoiceResolver`).
struct ChoiceKind: FieldKind {
    var takesChoices: Bool { true }
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    /// Only when no choice holds a comma.
    func entersSeveral(_ field: Field) -> Bool { !field.choices.contains { $0.contains(",") } }
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        if field.takesFreeTextForChoices { return .success(.text(input.trimmedWhitespace)) }
        return ChoiceResolver(field.choices, labels: field.choiceLabels).resolve(input).map { .text($0) }
    }

    func rule(for field: Field) -> String? { "one of the choices, by name, number or first letters" }
    func completion(for field: Field) -> FieldCompletion { .single(field.choices) }
}
