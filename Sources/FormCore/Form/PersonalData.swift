/// Whether a field's name or label suggests personal data (a patient's name, a birth date, a
/// phone number...), for `formline check`'s warning about fields that do not say `private:`
/// (docs/privacy.md).
///
/// One rule over words, not a list of exact field names: the name and the label are cut into
/// lower-case words at anything that is not a letter or digit and at camelCase humps
/// (`patient_DateOfBirth` -> patient, date, of, birth); a word, or two neighbouring words
/// written together (`e mail` -> email, `first name` -> firstname), that is one of `stems`
/// suggests personal data. `name` on its own (the whole name or label is the one word) counts
/// too; beside another word it mostly names a thing (`product name`, `host name`), so only the
/// pairs in `stems` count. Fields whose type holds machine identities (ip, hostname, url...)
/// are never flagged: their `address` is a network's.
package enum PersonalData {
    static let stems: Set<String> = [
        "firstname", "lastname", "fullname", "givenname", "familyname", "middlename", "maidenname",
        "surname", "forename", "patientname", "legalname", "birth", "birthdate", "birthday", "dob",
        "phone", "telephone", "mobile", "cellphone", "email", "address", "street", "postcode",
        "postalcode", "zipcode", "ssn", "mrn", "passport", "nationalid", "personnummer", "fodselsnummer",
        // Norwegian (a form's `nb` label, or a name written in it): `e-post` is e, post.
        "fornavn", "etternavn", "mellomnavn", "telefon", "mobil", "adresse", "epost", "postnummer",
        "fodselsdato", "fødselsdato", "fødselsnummer",
    ]

    static let machineTypes: Set<FieldType> = [.ip, .ipv4, .ipv6, .cidr, .mac, .hostname, .url, .uri, .uuid]

    /// The word that makes the field look personal, or nil.
    /// `labels` are the label's other languages (`label: {en: ..., nb: ...}`): each is read too.
    package static func word(name: String, label: String, labels: [String] = [], type: FieldType = .text) -> String? {
        guard !machineTypes.contains(type) else { return nil }
        for text in [name, label] + labels {
            let words = Self.words(text)
            if words == ["name"] { return "name" }
            for (k, word) in words.enumerated() {
                if stems.contains(word) { return word }
                if k + 1 < words.count, stems.contains(word + words[k + 1]) { return word + words[k + 1] }
            }
        }
        return nil
    }

    /// Lower-case words: split at every non-alphanumeric character and where a lower-case
    /// letter or digit is followed by an upper-case one. Bounded: the first 200 characters.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLowerOrDigit = false
        for c in text.prefix(200) {
            guard c.isLetter || c.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLowerOrDigit = false
                continue
            }
            if c.isUppercase && previousLowerOrDigit && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current += c.lowercased()
            previousLowerOrDigit = c.isLowercase || c.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
