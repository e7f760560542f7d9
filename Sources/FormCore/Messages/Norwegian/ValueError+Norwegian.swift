/// The refusals every field shares, their bounds, and the field types' own fixed words
/// (rules, hints, refusals written in FieldTypes/) in Norwegian Bokmål (docs/languages.md).
extension ValueError {
    var norwegian: String? {
        switch self {
        case .controlCharacters: return "Kontrolltegn er ikke tillatt"
        case .scriptedValueTooLong(let multiline):
            return multiline ? "Verdien er for lang (over 1 MiB, det meste en flerlinjeverdi kan holde)"
                : "Verdien er for lang (over 64 KiB, den lengste linjen et spørsmål tar)"
        case .tooShort(let min): return "Minst \(min) tegn"
        case .tooLong(let max, let length): return "Høyst \(max) tegn (dette har \(length))"
        case .patternMismatch(let message): return message ?? "Ikke i forventet format"
        case .patternUndecided(let field, .tooComplex):
            return "\(field): denne verdien er for sammensatt til å sjekkes mot feltets mønster"
        case .patternUndecided(let field, .engineError(let detail)):
            return "\(field): denne verdien kunne ikke sjekkes mot feltets mønster (\(detail))"
        case .belowMinimum(let lo, let hi):
            if lo.ordering.saysBetween, let hi { return "Må være mellom \(lo) og \(hi)" }
            return "Må være " + lo.ordering.lowerBoundPhrase(lo)
        case .aboveMaximum(let hi, let lo):
            if hi.ordering.saysBetween, let lo { return "Må være mellom \(lo) og \(hi)" }
            return "Må være " + hi.ordering.upperBoundPhrase(hi)
        case .notAbove(let lo): return "Må være " + lo.ordering.exclusiveLowerBoundPhrase(lo)
        case .notBelow(let hi): return "Må være " + hi.ordering.exclusiveUpperBoundPhrase(hi)
        case .notAChoice(let choices): return "Velg en av: \(choices.joined(separator: ", "))"
        case .ambiguousChoice(let typed, let matches):
            return "'\(typed)' passer til \(ChoiceResolver.list(ChoiceResolver.named(matches, more: "til"), conjunction: "og")): skriv mer"
        case .noChoiceStarts(let typed): return "Ingen valg begynner med '\(typed)'"
        case .inItem(let item, let reason): return "'\(item)': \(reason)"
        case .typeRule(let text): return MessageLanguage(code: .nb).fieldTypeWords(text)
        case .typeDetail(let refusal): return refusal.norwegian
        case .message(let text): return text
        @unknown default: return nil
        }
    }
}

extension FieldOrdering {
    /// "minst 1", "på eller etter 2024-01-01", "mer enn 0", "før 18:00".
    func norwegianBoundPhrase(_ bound: OrderedValue, lower: Bool, exclusive: Bool) -> String {
        switch (self, lower, exclusive) {
        case (.number, true, false): return "minst \(bound)"
        case (.number, false, false): return "høyst \(bound)"
        case (.number, true, true): return "mer enn \(bound)"
        case (.number, false, true): return "mindre enn \(bound)"
        case (.date, true, false): return "på eller etter \(bound)"
        case (.date, false, false): return "på eller før \(bound)"
        case (_, true, false): return "kl. \(bound) eller senere"
        case (_, false, false): return "kl. \(bound) eller tidligere"
        case (_, true, true): return "etter \(bound)"
        case (_, false, true): return "før \(bound)"
        }
    }
}

extension MessageLanguage {
    /// A field type's fixed words (`rule(for:)`, `promptHints`, a `ValueError.typeRule` without
    /// parameters) in this language: they are written in English in their type's file, so a
    /// type stays one file; words with parameters, and any not listed here, stay English.
    /// `MessageTranslationTests` holds this table to the words the types write.
    package func fieldTypeWords(_ english: String) -> String {
        switch code {
        case .en: return english
        case .nb: return shown(Self.norwegianFieldTypeWords[english] ?? english)
        }
    }

    static let norwegianFieldTypeWords: [String: String] = [
        // Rules, as `?` lists them.
        "a time as HH:MM or HH:MM:SS (24-hour)": "et klokkeslett som TT:MM eller TT:MM:SS (24-timers)",
        "y or n": "j eller n",
        "an IPv6 address like 2001:db8::1": "en IPv6-adresse som 2001:db8::1",
        "a MAC address like 00:1a:2b:3c:4d:5e": "en MAC-adresse som 00:1a:2b:3c:4d:5e",
        "a whole number": "et heltall",
        "a host name like mail.example.com": "et vertsnavn som mail.example.com",
        "a phone number with + and the country code, like +47 22 33 44 55": "et telefonnummer med + og landskoden, som +47 22 33 44 55",
        "an email address": "en e-postadresse",
        "an address and prefix length, like 192.0.2.0/24": "en adresse og prefikslengde, som 192.0.2.0/24",
        "choices separated by commas": "valg skilt med komma",
        "several lines, ended by a line with only '.'": "flere linjer, avsluttet med en linje med bare '.'",
        "a number with . as the decimal point": "et tall med . som desimaltegn",
        "one of the choices, by name, number or first letters": "ett av valgene, med navn, nummer eller første bokstaver",
        "a date as YYYY-MM-DD": "en dato som ÅÅÅÅ-MM-DD",
        "a web address (http:// or https://)": "en nettadresse (http:// eller https://)",
        "a UUID like f81d4fae-7dec-11d0-a765-00a0c91e6bf6": "en UUID som f81d4fae-7dec-11d0-a765-00a0c91e6bf6",
        "a URI like https://example.com/x or mailto:a@example.com": "en URI som https://example.com/x eller mailto:a@example.com",
        "an IPv4 address like 192.0.2.10": "en IPv4-adresse som 192.0.2.10",
        "an IPv4 or IPv6 address": "en IPv4- eller IPv6-adresse",
        "a date and time with its offset, like 2024-05-01T14:30:00+02:00": "en dato og et klokkeslett med forskyvning, som 2024-05-01T14:30:00+02:00",
        "not shown as you type": "vises ikke mens du skriver",
        // Prompt hints.
        "HH:MM": "TT:MM",
        "YYYY-MM-DD": "ÅÅÅÅ-MM-DD",
        "YYYY-MM-DDTHH:MM:SSZ": "ÅÅÅÅ-MM-DDTTT:MM:SSZ",
        "comma-separated": "kommaseparert",
        // Refusals.
        "Enter a time as HH:MM or HH:MM:SS (24-hour), like 09:30": "Skriv et klokkeslett som TT:MM eller TT:MM:SS (24-timers), som 09:30",
        "Answer y or n": "Svar j eller n",
        "Enter an IPv6 address like 2001:db8::1": "Skriv en IPv6-adresse som 2001:db8::1",
        "Use :: only once in an IPv6 address": "Bruk :: bare én gang i en IPv6-adresse",
        "Enter a MAC address like 00:1a:2b:3c:4d:5e": "Skriv en MAC-adresse som 00:1a:2b:3c:4d:5e",
        "Enter a whole number, like 42": "Skriv et heltall, som 42",
        "Enter a host name like mail.example.com": "Skriv et vertsnavn som mail.example.com",
        "A host name can't have an empty part (two dots in a row, or a dot first)": "Et vertsnavn kan ikke ha en tom del (to punktum etter hverandre, eller punktum først)",
        "The last part of a host name can't be all digits (that is an address)": "Siste del av et vertsnavn kan ikke bare være sifre (det er en adresse)",
        "A phone number starts with + and the country code, like +47 22 33 44 55": "Et telefonnummer starter med + og landskoden, som +47 22 33 44 55",
        "A country code never starts with 0: write + and the country code, like +47 22 33 44 55": "En landskode starter aldri med 0: skriv + og landskoden, som +47 22 33 44 55",
        "Enter a valid email address": "Skriv en gyldig e-postadresse",
        "Enter a network as address/prefix, like 192.0.2.0/24 or 2001:db8::/32": "Skriv et nettverk som adresse/prefiks, som 192.0.2.0/24 eller 2001:db8::/32",
        "Enter a number, like 12.5 (with . as the decimal point)": "Skriv et tall, som 12.5 (med . som desimaltegn)",
        "Enter a date as YYYY-MM-DD": "Skriv en dato som ÅÅÅÅ-MM-DD",
        "Enter a web address starting with http:// or https://": "Skriv en nettadresse som starter med http:// eller https://",
        "Enter a UUID like f81d4fae-7dec-11d0-a765-00a0c91e6bf6 (8-4-4-4-12 hex digits)": "Skriv en UUID som f81d4fae-7dec-11d0-a765-00a0c91e6bf6 (8-4-4-4-12 heksadesimale sifre)",
        "Enter a URI with its scheme, like https://example.com/x or mailto:a@example.com": "Skriv en URI med skjema, som https://example.com/x eller mailto:a@example.com",
        "A URI can't contain spaces: write %20": "En URI kan ikke inneholde mellomrom: skriv %20",
        "% in a URI must be followed by two hex digits (%20)": "% i en URI må følges av to heksadesimale sifre (%20)",
        "Enter an IPv4 address like 192.0.2.10": "Skriv en IPv4-adresse som 192.0.2.10",
        "Enter an IP address like 192.0.2.10 or 2001:db8::1": "Skriv en IP-adresse som 192.0.2.10 eller 2001:db8::1",
        "Enter a date and time like 2024-05-01T14:30:00Z or 2024-05-01T14:30:00+02:00": "Skriv en dato og et klokkeslett som 2024-05-01T14:30:00Z eller 2024-05-01T14:30:00+02:00",
        "Add the offset from UTC after the time: Z, or like +02:00": "Legg til forskyvningen fra UTC etter klokkeslettet: Z, eller som +02:00",
    ]
}
