/// One question of a form, as declared in its form file.
///
/// A value whose declaration sits in one shared copy-on-write box: the wizard reads fields out of
/// arrays hundreds of times a session, and copying some thirty stored properties (retaining each
/// string, array and optional) was an eighth of a replayed session's instructions. A copy is now
/// one retain; a change copies the declaration first when another field shares it.
public struct Field: Sendable, Equatable {
    /// The field's stored properties, held by `Box`.
    struct Declaration: Sendable, Equatable {
        var name: String
        var label: String
        var type: FieldType
        var required: Bool
        var minLength: Int?
        var maxLength: Int?
        var pattern: FieldPattern?
        var patternMessage: String?
        var minimum: OrderedValue?
        var maximum: OrderedValue?
        var minimumIsExclusive: Bool = false
        var maximumIsExclusive: Bool = false
        var minimumFromClock: ClockBound?
        var maximumFromClock: ClockBound?
        var sendsNullWhenEmpty: Bool = false
        var choices: [String]
        var defaultText: String?
        var help: String?
        var labelByLanguage: [MessageLanguage.Code: String] = [:]
        var helpByLanguage: [MessageLanguage.Code: String] = [:]
        var when: Condition?
        var serverCodes: [String]
        var clockDefault: ClockDefault?
        var send: Bool = true
        var list: ListRule?
        var group: String?
        var item: ItemPlace?
        var carry: Carry = .none
        var distinct: Bool = false
        var isPrivate: Bool = false
        var keepsHistory: Bool = true
        var privacyDeclared: Bool = false
        var serverCheck: ServerCheck?
        var choicesFrom: ChoicesFrom?
        var choiceLabels: [String: String] = [:]
    }

    /// Mutated only while uniquely referenced (`unique`), so sharing it between threads is safe.
    private final class Box: @unchecked Sendable {
        var declaration: Declaration
        init(_ declaration: Declaration) { self.declaration = declaration }
    }

    private var box: Box

    /// The box, copied first when another field shares it.
    private var unique: Box {
        mutating get {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.declaration) }
            return box
        }
    }

    public static func == (a: Field, b: Field) -> Bool {
        a.box === b.box || a.box.declaration == b.box.declaration
    }

    /// The payload key; dotted names nest (`address.city` -> `{"address":{"city":..}}`).
    public var name: String {
        get { box.declaration.name }
        set { unique.declaration.name = newValue }
    }
    public var label: String {
        get { box.declaration.label }
        set { unique.declaration.label = newValue }
    }
    public var type: FieldType {
        get { box.declaration.type }
        set { unique.declaration.type = newValue }
    }
    public var required: Bool {
        get { box.declaration.required }
        set { unique.declaration.required = newValue }
    }
    public var minLength: Int? {
        get { box.declaration.minLength }
        set { unique.declaration.minLength = newValue }
    }
    public var maxLength: Int? {
        get { box.declaration.maxLength }
        set { unique.declaration.maxLength = newValue }
    }
    public var pattern: FieldPattern? {
        get { box.declaration.pattern }
        set { unique.declaration.pattern = newValue }
    }
    public var patternMessage: String? {
        get { box.declaration.patternMessage }
        set { unique.declaration.patternMessage = newValue }
    }
    /// Inclusive bounds of an ordered type, in the ordering of the field's kind.
    public var minimum: OrderedValue? {
        get { box.declaration.minimum }
        set { unique.declaration.minimum = newValue }
    }
    public var maximum: OrderedValue? {
        get { box.declaration.maximum }
        set { unique.declaration.maximum = newValue }
    }
    /// `exclusive_min`/`exclusive_max`: the bound itself is refused too (JSON Schema's exclusive
    /// bounds: a price "more than 0").
    public var minimumIsExclusive: Bool {
        get { box.declaration.minimumIsExclusive }
        set { unique.declaration.minimumIsExclusive = newValue }
    }
    public var maximumIsExclusive: Bool {
        get { box.declaration.maximumIsExclusive }
        set { unique.declaration.maximumIsExclusive = newValue }
    }
    /// `min: today-N` / `max: today+N` (and the exclusive forms): `minimum` / `maximum` is nil
    /// until the driver resolves it with the session's clock (`ClockBound`).
    public var minimumFromClock: ClockBound? {
        get { box.declaration.minimumFromClock }
        set { unique.declaration.minimumFromClock = newValue }
    }
    public var maximumFromClock: ClockBound? {
        get { box.declaration.maximumFromClock }
        set { unique.declaration.maximumFromClock = newValue }
    }
    /// `nullable: true` on an optional field: an empty answer sends `null` instead of leaving the
    /// key out (for servers whose schema requires the key but accepts null).
    public var sendsNullWhenEmpty: Bool {
        get { box.declaration.sendsNullWhenEmpty }
        set { unique.declaration.sendsNullWhenEmpty = newValue }
    }
    public var choices: [String] {
        get { box.declaration.choices }
        set { unique.declaration.choices = newValue }
    }
    /// The default as written in the form file; it has passed the field's own rules at load.
    public var defaultText: String? {
        get { box.declaration.defaultText }
        set { unique.declaration.defaultText = newValue }
    }
    public var help: String? {
        get { box.declaration.help }
        set { unique.declaration.help = newValue }
    }
    /// `label: {en: ..., nb: ...}`, `help:` likewise: each language's own text; `label` and
    /// `help` hold the English one (or the first written) for every other (docs/languages.md).
    public var labelByLanguage: [MessageLanguage.Code: String] {
        get { box.declaration.labelByLanguage }
        set { unique.declaration.labelByLanguage = newValue }
    }
    public var helpByLanguage: [MessageLanguage.Code: String] {
        get { box.declaration.helpByLanguage }
        set { unique.declaration.helpByLanguage = newValue }
    }
    /// Shown only while this holds; hidden fields are neither asked nor sent.
    public var when: Condition? {
        get { box.declaration.when }
        set { unique.declaration.when = newValue }
    }
    /// Non-field server errors with these codes land on this field.
    public var serverCodes: [String] {
        get { box.declaration.serverCodes }
        set { unique.declaration.serverCodes = newValue }
    }
    /// `default: today` / `now`: `defaultText` is nil until the driver resolves it with a clock.
    public var clockDefault: ClockDefault? {
        get { box.declaration.clockDefault }
        set { unique.declaration.clockDefault = newValue }
    }
    /// `send: false`: asked, checked and usable in `when`, never put in the payload (a helper
    /// question such as "another line?" that only steers the form).
    public var send: Bool {
        get { box.declaration.send }
        set { unique.declaration.send = newValue }
    }
    /// `list:` on a declaration: the field takes several values, one item each.
    public var list: ListRule? {
        get { box.declaration.list }
        set { unique.declaration.list = newValue }
    }
    /// On a declaration inside `- group: NAME`: the group's name (the field's own `name` is then
    /// `GROUP.PLAIN`, its declaration name).
    public var group: String? {
        get { box.declaration.group }
        set { unique.declaration.group = newValue }
    }
    /// On a concrete field the wizard walks: the item it belongs to (`lines.2.qty` is item 2 of
    /// `lines`). Nil for a field outside lists.
    public var item: ItemPlace? {
        get { box.declaration.item }
        set { unique.declaration.item = newValue }
    }
    /// In a run of records (`fill --repeat`): what this field's default is in the next record.
    public var carry: Carry {
        get { box.declaration.carry }
        set { unique.declaration.carry = newValue }
    }
    /// In a run of records: a value that an accepted record of the run already has is refused.
    public var distinct: Bool {
        get { box.declaration.distinct }
        set { unique.declaration.distinct = newValue }
    }
    /// `private: true` (on the field or the whole form): personal data. Echoed and kept in drafts,
    /// but never in history, and written to transcripts and logs as `[name]` (docs/privacy.md).
    public var isPrivate: Bool {
        get { box.declaration.isPrivate }
        set { unique.declaration.isPrivate = newValue }
    }
    /// `history: false` (on the field or the whole form): never written to or offered from
    /// Up-arrow history. A private or secret field keeps no history whatever this says.
    public var keepsHistory: Bool {
        get { box.declaration.keepsHistory }
        set { unique.declaration.keepsHistory = newValue }
    }
    /// The form file says `private:` for this field, either way (or the form does): `check`
    /// warns about a field that looks personal only when it says nothing.
    public var privacyDeclared: Bool {
        get { box.declaration.privacyDeclared }
        set { unique.declaration.privacyDeclared = newValue }
    }
    /// `server_check:`: asked of the server when Enter is pressed after the rules above pass
    /// (docs/checks.md).
    public var serverCheck: ServerCheck? {
        get { box.declaration.serverCheck }
        set { unique.declaration.serverCheck = newValue }
    }
    /// `choices_from:` (choice and multichoice): the choices are fetched when the field is
    /// reached (docs/checks.md, "Choices from the API"); until then, and when the fetch fails,
    /// `choices` is empty and any text is taken (the server decides at submit).
    public var choicesFrom: ChoicesFrom? {
        get { box.declaration.choicesFrom }
        set { unique.declaration.choicesFrom = newValue }
    }
    /// A fetched choice's label (`choices_from` `label:`), by choice: shown after it in the list,
    /// and taken as the choice when typed whole (any case).
    public var choiceLabels: [String: String] {
        get { box.declaration.choiceLabels }
        set { unique.declaration.choiceLabels = newValue }
    }

    /// Choices are to come from the server and none are known: the answer is free text.
    var takesFreeTextForChoices: Bool { choicesFrom != nil && choices.isEmpty }

    public init(
        name: String, label: String? = nil, type: FieldType = .text, required: Bool = true,
        minLength: Int? = nil, maxLength: Int? = nil, pattern: FieldPattern? = nil,
        patternMessage: String? = nil, minNumber: DecimalText? = nil, maxNumber: DecimalText? = nil,
        minDate: CalendarDate? = nil, maxDate: CalendarDate? = nil,
        minimum: OrderedValue? = nil, maximum: OrderedValue? = nil, choices: [String] = [],
        defaultText: String? = nil, help: String? = nil, when: Condition? = nil,
        serverCodes: [String] = []
    ) {
        box = Box(Declaration(
            name: name, label: label ?? name, type: type, required: required, minLength: minLength, maxLength: maxLength,
            pattern: pattern, patternMessage: patternMessage,
            // The typed bounds are conveniences for the generic ones.
            minimum: minimum ?? minNumber.map(OrderedValue.number) ?? minDate.map(OrderedValue.date),
            maximum: maximum ?? maxNumber.map(OrderedValue.number) ?? maxDate.map(OrderedValue.date),
            choices: choices, defaultText: defaultText, help: help, when: when, serverCodes: serverCodes))
    }

    public var isSecret: Bool { type == .secret }

    /// A value that is never written for later under its own name: a secret's or a private one's.
    public var isWithheld: Bool { isSecret || isPrivate }

    /// What the field's type means: parsing, texts, completion, ordering.
    package var kind: any FieldKind { type.kind }

    /// `minimum` when it is a number.
    public var minNumber: DecimalText? { if case .number(let n)? = minimum { n } else { nil } }
    /// `maximum` when it is a number.
    public var maxNumber: DecimalText? { if case .number(let n)? = maximum { n } else { nil } }
    /// `minimum` when it is a date.
    public var minDate: CalendarDate? { if case .date(let d)? = minimum { d } else { nil } }
    /// `maximum` when it is a date.
    public var maxDate: CalendarDate? { if case .date(let d)? = maximum { d } else { nil } }

    /// The default parsed by the field's own rules (nil when there is none or it no longer passes).
    public var defaultValue: FieldValue? {
        guard let d = defaultText else { return nil }
        return try? parse(d).get()
    }
}
