import FormCore

/// Checks a schema's default against the field the form file will declare, by FormCore's own
/// rules: the form-file loader refuses a default that breaks them, so one that would is dropped
/// (with a problem) rather than written.
enum DraftCheck {
    static func problem(with text: String, for draft: FieldDraft) -> String? {
        guard let type = FieldType(rawValue: draft.type) else { return nil }
        var field = Field(name: draft.name, type: type, required: draft.required, minLength: draft.minLength,
                          maxLength: draft.maxLength, choices: draft.choices)
        if let source = draft.pattern {
            field.pattern = try? FieldPattern(source)
            field.patternMessage = draft.patternMessage
        }
        if let ordering = field.kind.ordering {
            let bare = Field(name: draft.name, type: type)
            func bound(_ t: String?) -> OrderedValue? {
                guard let t, case .success(let v) = bare.parse(t) else { return nil }
                return ordering.value(of: v)
            }
            field.minimum = bound(draft.min)
            field.maximum = bound(draft.max)
            field.minimumIsExclusive = draft.minExclusive
            field.maximumIsExclusive = draft.maxExclusive
        }
        switch field.parse(text) {
        case .success(let value):
            // Choices take a unique prefix; a default must be the exact name.
            if field.kind.takesChoices, case .text(let chosen) = value, chosen != text { return "not one of the choices" }
            return nil
        case .failure(let why): return why.description
        }
    }
}
