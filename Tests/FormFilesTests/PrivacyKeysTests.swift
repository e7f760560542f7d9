import FormCore
import FormFiles
import Testing

/// Issue 32 item 1: `private:` and `history:` on a field and on the whole form, and `check`'s
/// warning about fields that look personal and say neither.
@Suite struct PrivacyKeysTests {
    func check(_ fields: String, form: String = "") -> FormFileLoader.Report {
        FormFileLoader.check(yaml: "id: f\n" + form + "fields:\n" + fields, path: "t.yaml")
    }

    func spec(_ fields: String, form: String = "") throws -> FormSpec {
        try check(fields, form: form).form.get()
    }

    func errors(_ fields: String) -> [String] {
        guard case .failure(let errors) = check(fields).form else { return [] }
        return errors.errors.map(\.description)
    }

    @Test func fieldKeysAreRead() throws {
        let form = try spec("""
              - {name: mrn, private: true}
              - {name: ward, history: false}
              - {name: note}

            """)
        #expect(form.fields.map(\.isPrivate) == [true, false, false])
        #expect(form.fields.map(\.keepsHistory) == [true, false, true])
        #expect(form.fields.map(\.privacyDeclared) == [true, false, false])
    }

    @Test func theFormsKeysAreEveryFieldsUnlessTheFieldSaysOtherwise() throws {
        let form = try spec("""
              - {name: given_name}
              - {name: ward, private: false}
              - {name: pin, type: secret}
              - {name: notes, type: multiline, required: false}

            """, form: "private: true\nhistory: false\n")
        #expect(form.fields.map(\.isPrivate) == [true, false, false, false])
        #expect(form.fields.allSatisfy { !$0.keepsHistory })
        #expect(check("  - {name: email}\n", form: "private: true\n").warnings.isEmpty)
    }

    @Test func privateDoesNotApplyToSecretsOrMultilineFields() {
        #expect(errors("  - {name: pin, type: secret, private: true}\n") == [
            "t.yaml:3:31: a secret is private already (never echoed, recorded or kept): leave out private"])
        #expect(errors("  - {name: notes, type: multiline, private: true}\n") == [
            "t.yaml:3:36: private does not apply to multiline fields (their lines are recorded one by one): use history: false"])
    }

    @Test func checkWarnsAboutAFieldThatLooksPersonalAndSaysNothing() {
        let report = check("""
              - {name: patientDateOfBirth, type: date}
              - name: contact
                label: Phone number
                type: phone
              - {name: email, private: false}
              - {name: mgmt_address, type: ipv4}
              - {name: product_name}

            """)
        #expect(report.warnings.map(\.description) == [
            #"t.yaml:3:12: "patientDateOfBirth" looks like personal data ("birth"): add private: true, or private: false if it is not"#,
            #"t.yaml:4:11: "contact" looks like personal data ("phone"): add private: true, or private: false if it is not"#,
        ])
        // A warning: the form still loads (`check` exits 0).
        #expect((try? report.form.get()) != nil)
    }
}
