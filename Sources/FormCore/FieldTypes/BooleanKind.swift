/// `boolean`: y/yes/true/1 or n/no/false/0 in any case, sent as JSON true/false; the
/// Norwegian j/ja and nei too, in every session's language (docs/languages.md).
struct BooleanKind: FieldKind {
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    var openAPIFormats: [String] { [] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        switch input.lowercased() {
        case "true", "1": return .success(.boolean(true))
        case "false", "0": return .success(.boolean(false))
        default: return MessageLanguage.yesOrNo(input).map { .success(.boolean($0)) } ?? .failure(.notBoolean)
        }
    }

    func restore(_ json: JSONValue, for field: Field) -> FieldValue? {
        switch json {
        case .bool(let b): return .boolean(b)
        case .string(let s): return try? field.parse(s).get()
        case .number(let n): return try? field.parse(n).get()
        default: return nil
        }
    }

    func rule(for field: Field) -> String? { "y or n" }
    func promptHints(for field: Field) -> [String] { [MessageLanguage.current.yesNoHint] }
    func completion(for field: Field) -> FieldCompletion {
        let language = MessageLanguage.current
        return .single([language.word(for: true), language.word(for: false)])
    }
}

/// The refusals of `boolean` fields, with the sentences the operator reads.
extension ValueError {
    static let notBoolean = ValueError.typeRule("Answer y or n")
}
