/// The field types' refusals that show what was typed, in Norwegian Bokmål (docs/languages.md).
extension FieldTypeRefusal {
    var norwegian: String? {
        switch self {
        case .emailHasSpaces: return "Skriv en gyldig e-postadresse: en adresse har ingen mellomrom"
        case .emailAtCount(let n): return "Skriv en gyldig e-postadresse: en adresse har én @, ikke \(n)"
        case .emailNeedsName: return "Skriv en gyldig e-postadresse: det må stå et navn foran @"
        case .emailDomainNeedsDot(let domain): return "Skriv en gyldig e-postadresse: delen etter @ trenger et punktum, som \(domain).com"
        case .notRealDate(let text): return "\(text) er ikke en gyldig dato"
        case .notRealTime(let text): return "\(text) er ikke et klokkeslett (timer 00-23, minutter og sekunder 00-59)"
        case .notRealDateTime(let text): return "\(text) er ikke et gyldig tidspunkt"
        case .dateTimeNeedsSeconds(let time, true): return "Legg til sekundene i klokkeslettet, som \(time):00"
        case .dateTimeNeedsSeconds(let time, false):
            return "Legg til sekundene og forskyvningen fra UTC i klokkeslettet, som \(time):00Z eller \(time):00+02:00"
        case .hostnameTooLong(let length): return "Et vertsnavn har høyst 253 tegn (dette har \(length))"
        case .hostnameLabelTooLong(let label): return "Delen \"\(label)\" er lengre enn 63 tegn"
        case .hostnameHyphenAtEnd(let label): return "Delen \"\(label)\" kan ikke starte eller slutte med bindestrek"
        case .hostnameCharacter(let c): return "\"\(c)\" kan ikke stå i et vertsnavn (bokstavene a-z, sifre, - og .)"
        case .ipv4PartCount(let n): return "En IPv4-adresse har 4 tall skilt med punktum, denne har \(n)"
        case .ipv4OctetOver255(let octet): return "Oktetten \(octet) er over 255"
        case .ipv4LeadingZero(let octet): return "Oktetten \(octet) har en innledende null, som noen systemer leser som oktal: skriv den uten"
        case .ipv6GroupTooLong(let group): return "Gruppen \(group) har mer enn 4 heksadesimale sifre"
        case .ipv6GroupCount(let n): return "En IPv6-adresse har 8 grupper med heksadesimale sifre (eller færre med ::), denne har \(n)"
        case .cidrPrefixOver(let prefix, let maximum): return "Prefikset /\(prefix) er over \(maximum)"
        case .phoneCharacter(let c): return "\"\(c)\" kan ikke stå i et telefonnummer (sifre, gruppert med mellomrom, bindestreker, punktum eller parenteser)"
        case .phoneDigitCount(let n): return "Et telefonnummer har 8 til 15 sifre etter +, dette har \(n)"
        case .uriCharacter(let c): return "\"\(c)\" kan ikke stå som det er i en URI: prosentkod det"
        @unknown default: return nil
        }
    }
}
