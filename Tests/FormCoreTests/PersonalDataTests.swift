@testable import FormCore
import Testing
import SeededRandom

/// Issue 32 item 1: the one rule `check` uses to tell a field that looks personal (names and
/// labels cut into words), tested on examples and over generated names.
@Suite struct PersonalDataTests {
    @Test func namesAndLabelsAreCutIntoWords() {
        #expect(PersonalData.words("patient_DateOfBirth") == ["patient", "date", "of", "birth"])
        #expect(PersonalData.words("E-mail address") == ["e", "mail", "address"])
        #expect(PersonalData.words("SSN2") == ["ssn2"])
        #expect(PersonalData.words("home.phone") == ["home", "phone"])
    }

    @Test func examples() {
        #expect(PersonalData.word(name: "name", label: "Name") == "name")
        #expect(PersonalData.word(name: "firstName", label: "First") == "firstname")
        #expect(PersonalData.word(name: "x", label: "Family name") == "familyname")
        #expect(PersonalData.word(name: "e_mail", label: "x") == "email")
        #expect(PersonalData.word(name: "mrn", label: "MRN") == "mrn")
        #expect(PersonalData.word(name: "dob", label: "x") == "dob")
        #expect(PersonalData.word(name: "product_name", label: "Product name") == nil)
        #expect(PersonalData.word(name: "hostname", label: "Host name") == nil)
        #expect(PersonalData.word(name: "username", label: "Username") == nil)
        #expect(PersonalData.word(name: "mgmt_address", label: "Management address", type: .ipv4) == nil)
        #expect(PersonalData.word(name: "mgmt_address", label: "Management address") == "address")
    }

    /// Issue 32 item 1 (review): a Norwegian name or label, and a label's other languages, are read too.
    @Test func norwegianWordsAndEveryLanguagesLabel() {
        #expect(PersonalData.word(name: "etternavn", label: "Etternavn") == "etternavn")
        #expect(PersonalData.word(name: "x", label: "Fornavn") == "fornavn")
        #expect(PersonalData.word(name: "x", label: "E-post") == "epost")
        #expect(PersonalData.word(name: "x", label: "Fødselsdato") == "fødselsdato")
        #expect(PersonalData.word(name: "x", label: "Telefon (mobil)") == "telefon")
        #expect(PersonalData.word(name: "x", label: "Adresse") == "adresse")
        #expect(PersonalData.word(name: "x", label: "Personnummer") == "personnummer")
        #expect(PersonalData.word(name: "code", label: "Code", labels: ["Fødselsdato"]) == "fødselsdato")
        #expect(PersonalData.word(name: "code", label: "Code", labels: ["Kode"]) == nil)
    }

    /// Over generated names: a personal stem written any usual way (snake, kebab, camel, dotted,
    /// upper case, with words around it) is found; names made of other words never are.
    @Test func generatedNames() {
        var random = SplitMix64(seed: 32)
        let stems = [["birth"], ["phone"], ["email"], ["e", "mail"], ["ssn"], ["mrn"], ["address"], ["first", "name"],
                     ["last", "name"], ["surname"], ["date", "of", "birth"], ["post", "code"], ["passport"]]
        let others = ["order", "ward", "room", "qty", "total", "vlan", "port", "status", "site", "code", "reason", "product",
                      "host", "file", "user", "count", "serial", "note", "level", "type", "id", "name2", "names"]
        func spell(_ words: [String], _ style: Int) -> String {
            switch style {
            case 0: return words.joined(separator: "_")
            case 1: return words.joined(separator: "-")
            case 2: return words.enumerated().map { $0.offset == 0 ? $0.element : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }.joined()
            case 3: return words.joined(separator: ".")
            case 4: return words.joined(separator: " ").uppercased()
            default: return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
            }
        }
        for _ in 0..<500 {
            let style = Int(random.next() % 6)
            let before = (0..<Int(random.next() % 3)).map { _ in others[Int(random.next() % UInt64(others.count))] }
            let after = (0..<Int(random.next() % 2)).map { _ in others[Int(random.next() % UInt64(others.count))] }
            let stem = stems[Int(random.next() % UInt64(stems.count))]
            let personal = spell(before + stem + after, style)
            #expect(PersonalData.word(name: personal, label: "x") != nil, "\(personal)")
            #expect(PersonalData.word(name: "x", label: personal) != nil, "\(personal)")
            let plain = spell(before + [others[Int(random.next() % UInt64(others.count))]] + after, style)
            #expect(PersonalData.word(name: plain, label: plain) == nil, "\(plain)")
        }
    }
}
