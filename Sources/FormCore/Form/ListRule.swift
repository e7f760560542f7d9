/// How many items a list takes and what it sends when it has none: the `list:` mapping of a list
/// of scalars, and the same keys on a `- group:` entry.
public struct ListRule: Sendable, Equatable {
    /// The most items any list may hold, whatever its `max_items` says (bound: each item is asked,
    /// reviewed and sent, so a hostile form or answers file cannot make a list without end).
    public static let itemLimit = 1000

    public var minItems: Int
    public var maxItems: Int
    /// A list of scalars: no two items equal (compared as canonical values, case-insensitively
    /// for text).
    public var unique: Bool
    /// An empty list is sent as `[]` rather than left out.
    public var sendEmpty: Bool
    /// Bounds on the sum of a number field over the items (a group's `total:`, or a list's own).
    public var totals: [ItemTotal]

    public init(minItems: Int = 0, maxItems: Int = ListRule.itemLimit, unique: Bool = false, sendEmpty: Bool = false, totals: [ItemTotal] = []) {
        self.minItems = minItems
        self.maxItems = maxItems
        self.unique = unique
        self.sendEmpty = sendEmpty
        self.totals = totals
    }
}

/// `total: {field: qty, max: 500}`: the sum of a number field over a list's items must stay
/// within bounds. `field` is the member's plain name (nil for a list of numbers itself).
public struct ItemTotal: Sendable, Equatable {
    public var field: String?
    public var minimum: DecimalText?
    public var maximum: DecimalText?
    public var message: String?

    public init(field: String?, minimum: DecimalText? = nil, maximum: DecimalText? = nil, message: String? = nil) {
        self.field = field
        self.minimum = minimum
        self.maximum = maximum
        self.message = message
    }
}

/// A repeated group of fields (`- group: lines`): each item asks every member once.
public struct RepeatGroup: Sendable, Equatable {
    /// The group's name: the payload key of its array, and the first part of its items' names.
    public var name: String
    /// What one item is called in prompts and the review ("Line" -> "Line 2: Quantity").
    public var label: String
    /// The item's line in the review: `{n}` is the item number, `{sku}` a member's value.
    public var labelTemplate: String?
    public var rule: ListRule
    /// Members whose values must differ from item to item (several: their combination).
    public var unique: [String]

    public init(name: String, label: String? = nil, labelTemplate: String? = nil, rule: ListRule = ListRule(), unique: [String] = []) {
        self.name = name
        self.label = label ?? name
        self.labelTemplate = labelTemplate
        self.rule = rule
        self.unique = unique
    }

    /// The member names a label template's placeholders use (`{sku}`), other than `{n}`, in
    /// order: the loader warns about unknown ones, and the review shows the members the template
    /// leaves out on a line of their own.
    public static func placeholders(_ template: String) -> [String] {
        LabelPiece.pieces(template).compactMap { piece in
            if case .member(let name) = piece { return name }
            return nil
        }
    }

    /// A label template read once: its text, `{n}` and `{member}` pieces in order. A `{` without
    /// its `}` is text. The one reading of the template syntax, for the loader and the review.
    package enum LabelPiece: Sendable, Equatable {
        case text(String), number, member(String)

        package static func pieces(_ template: String) -> [LabelPiece] {
            var out: [LabelPiece] = []
            var rest = template[...]
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                if open > rest.startIndex { out.append(.text(String(rest[..<open]))) }
                let key = String(rest[rest.index(after: open)..<close])
                out.append(key == "n" ? .number : .member(key))
                rest = rest[rest.index(after: close)...]
            }
            if !rest.isEmpty { out.append(.text(String(rest))) }
            return out
        }
    }
}

/// Where a concrete field sits: item `number` (1-based, as the operator sees it) of list `list`.
public struct ItemPlace: Sendable, Equatable, Hashable {
    /// The list's (or group's) name: `lines`.
    public var list: String
    public var number: Int
    /// The member's plain name in a group (`qty`); nil for an item of a list of scalars.
    public var member: String?
    /// The declaration's name (`lines.qty`, or `vlans`): what history and completion key on.
    public var declaration: String

    public init(list: String, number: Int, member: String?, declaration: String) {
        self.list = list
        self.number = number
        self.member = member
        self.declaration = declaration
    }
}
