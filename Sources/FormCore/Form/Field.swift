/// One question of a form, as declared in its form file.
public struct Field: Sendable, Equatable {
    /// The payload key; dotted names nest (`address.city` -> `{"address":{"city":..}}`).
    public var name: String
    public var label: String
    public var type: FieldType
    public var required: Bool
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: FieldPattern?
    public var patternMessage: String?
    /// Inclusive bounds of an ordered type, in the ordering of the field's kind.
    public var minimum: OrderedValue?
    public var maximum: OrderedValue?
    /// `exclusive_min`/`exclusive_max`: the bound itself is refused too (JSON Schema's exclusive
    /// bounds: a price "more than 0").
    public var minimumIsExclusive = false
    public var maximumIsExclusive = false
    /// `min: today-N` / `max: today+N` (and the exclusive forms): `minimum` / `maximum` is nil
    /// until the driver resolves it with the session's clock (`ClockBound`).
    public var minimumFromClock: ClockBound?
    public var maximumFromClock: ClockBound?
    /// `nullable: true` on an optional field: an empty answer sends `null` instead of leaving the
    /// key out (for servers whose schema requires the key but accepts null).
    public var sendsNullWhenEmpty = false
    public var choices: [String]
    /// The default as written in the form file; it has passed the field's own rules at load.
    public var defaultText: String?
    public var help: String?
    /// `label: {en: ..., nb: ...}`, `help:` likewise: each language's own text; `label` and
    /// `help` hold the English one (or the first written) for every other (docs/languages.md).
    public var labelByLanguage: [MessageLanguage.Code: String] = [:]
    public var helpByLanguage: [MessageLanguage.Code: String] = [:]
    /// Shown only while this holds; hidden fields are neither asked nor sent.
    public var when: Condition?
    /// Non-field server errors with these codes land on this field.
    public var serverCodes: [String]
    /// `default: today` / `now`: `defaultText` is nil until the driver resolves it with a clock.
    public var clockDefault: ClockDefault?
    /// `send: false`: asked, checked and usable in `when`, never put in the payload (a helper
    /// question such as "another line?" that only steers the form).
    public var send: Bool = true
    /// `list:` on a declaration: the field takes several values, one item each.
    public var list: ListRule?
    /// On a declaration inside `- group: NAME`: the group's name (the field's own `name` is then
    /// `GROUP.PLAIN`, its declaration name).
    public var group: String?
    /// On a concrete field the wizard walks: the item it belongs to (`lines.2.qty` is item 2 of
    /// `lines`). Nil for a field outside lists.
    public var item: ItemPlace?
    /// In a run of records (`fill --repeat`): what this field's default is in the next record.
    public var carry: Carry = .none
    /// In a run of records: a value that an accepted record of the run already has is refused.
    public var distinct = false
    /// `private: true` (on the field or the whole form): personal data. Echoed and kept in drafts,
    /// but never in history, and written to transcripts and logs as `[name]` (docs/privacy.md).
    public var isPrivate = false
    /// `history: false` (on the field or the whole form): never written to or offered from
    /// Up-arrow history. A private or secret field keeps no history whatever this says.
    public var keepsHistory = true
    /// The form file says `private:` for this field, either way (or the form does): `check`
    /// warns about a field that looks personal only when it says nothing.
    public var privacyDeclared = false
    /// `server_check:`: asked of the server when Enter is pressed after the rules above pass
    /// (docs/checks.md).
    public var serverCheck: ServerCheck?
    /// `choices_from:` (choice and multichoice): the choices are fetched when the field is
    /// reached (docs/checks.md, "Choices from the API"); until then, and when the fetch fails,
    /// `choices` is empty and any text is taken (the server decides at submit).
    public var choicesFrom: ChoicesFrom?
    /// A fetched choice's label (`choices_from` `label:`), by choice: shown after it in the list,
    /// and taken as the choice when typed whole (any case).
    public var choiceLabels: [String: String] = [:]

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
        self.name = name
        self.label = label ?? name
        self.type = type
        self.required = required
        self.minLength = minLength
        self.maxLength = maxLength
        self.pattern = pattern
        self.patternMessage = patternMessage
        // The typed bounds are conveniences for the generic ones.
        self.minimum = minimum ?? minNumber.map(OrderedValue.number) ?? minDate.map(OrderedValue.date)
        self.maximum = maximum ?? maxNumber.map(OrderedValue.number) ?? maxDate.map(OrderedValue.date)
        self.choices = choices
        self.defaultText = defaultText
        self.help = help
        self.when = when
        self.serverCodes = serverCodes
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
