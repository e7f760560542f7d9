/// What the translator decided for one question, before it is written as form-file text.
struct FieldDraft {
    var name: String
    var label: String?
    var type: String = "text"
    var required = true
    var minLength: Int?
    var maxLength: Int?
    var pattern: String?
    var patternMessage: String?
    var min: String?
    var max: String?
    /// `min`/`max` exclude the bound itself (JSON Schema's exclusive bounds on decimals).
    var minExclusive = false
    var maxExclusive = false
    var choices: [String] = []
    var defaultText: String?
    var defaultList: [String]?
    var help: String?
    /// `list:`: a list of scalars (nil: one value).
    var list: ListDraft?
    /// An empty answer sends null (a nullable property the schema requires).
    var nullable = false
    /// `x-formline-private` on the property: `private:` written as the document says (nil: not written).
    var isPrivate: Bool?
    /// Comments written above the field: what the schema said that the form does not.
    var comments: [String] = []
}

struct ListDraft {
    var minItems: Int?
    var maxItems: Int?
    var unique = false
    var sendEmpty = false
}

/// A repeated group (`- group:`): an array of objects.
struct GroupDraft {
    var name: String
    var label: String?
    var minItems: Int?
    var maxItems: Int?
    var unique: [String] = []
    /// `send_empty: true`: the array is required, so no items is sent as `[]`.
    var sendEmpty = false
    var items: [FormItem] = []
    var comments: [String] = []
}

enum FormItem {
    case field(FieldDraft)
    case group(GroupDraft)
    /// A property left out of the form, with the reason (a comment where it would have been).
    case omitted(name: String, reason: String)
}
