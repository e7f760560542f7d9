import FormCore
import FormFiles
import Testing

/// `submit.errors` as a mapping (a form's own error shape) and `submit.messages`.
@Suite struct ErrorShapeReaderTests {
    @Test func aCustomShapeIsReadAndUsedForRejections() throws {
        let yaml = form("  - name: username\n  - name: email\n", """
            submit:
              errors:
                list: error.details
                path: [field, target]
                path_syntax: pointer
                message: [description, msg]
                code: reason
                non_field: [__all__]
            """)
        let spec = try #require(loadedForm(yaml))
        let shape = try #require(spec.submit.errorShape)
        #expect(shape == ErrorShape(
            list: ["error", "details"], path: ["field", "target"], pathSyntax: .pointer,
            message: ["description", "msg"], code: ["reason"], nonFieldPaths: ["__all__"]))
        let body = #"{"error":{"code":400,"details":[{"target":"/username","msg":"is taken","reason":"TAKEN"},{"field":"__all__","description":"try later"}]}}"#
        #expect(SubmissionClassifier.classify(status: 400, contentType: "application/json", body: Array(body.utf8), submit: spec.submit)
            == .rejected(status: 400, errors: [
                ServerError(path: [.key("username")], message: "is taken", code: "TAKEN"),
                ServerError(path: nil, message: "try later"),
            ]))
        // A body outside the form's shape is read as `auto` would read it (issue 28 item 3): a
        // declared shape never hides what the server said.
        #expect(SubmissionClassifier.classify(status: 400, contentType: "application/json", body: Array(#"{"username":["x"]}"#.utf8), submit: spec.submit)
            == .rejected(status: 400, errors: [ServerError(path: [.key("username")], message: "x")]))
        #expect(SubmissionClassifier.classify(status: 400, contentType: "application/json", body: Array(#"{"errors":{}}"#.utf8), submit: spec.submit)
            == .failed(reason: "the server answered 400 Bad Request but the body holds no errors in the form's error shape"))
    }

    @Test func theBodyItselfCanBeTheListAndPathIsOptional() throws {
        let spec = try #require(loadedForm(form("  - name: a\n", "submit:\n  errors: {list: \".\", message: text}\n")))
        #expect(spec.submit.errorShape == ErrorShape(list: [], path: [], pathSyntax: .dotted, message: ["text"]))
    }

    @Test func mistakesAreReportedAtTheirPositionWithSuggestions() {
        #expect(errorLines(form("  - name: a\n", """
            submit:
              errors:
                list: errors
                path: field
                path_syntax: pointr
                mesage: msg
            """)) == [
            "t.yaml:6:5: missing \"message\" (the key holding each error's message, like message or msg)",
            "t.yaml:8:18: unknown path syntax \"pointr\" (did you mean \"pointer\"?)",
            "t.yaml:9:5: unknown key \"mesage\" in an error shape (did you mean \"message\"?)",
        ])
        #expect(errorLines(form("  - name: a\n", "submit:\n  errors: {message: m, list: a..b, code: [x, [y]]}\n")) == [
            "t.yaml:5:30: list \"a..b\" must be keys joined by dots, like errors or error.details (\".\" for the body itself)",
            "t.yaml:5:46: each item of code must be text, not a list",
        ])
    }

    @Test func messageRoutesNameFields() throws {
        let yaml = form("  - name: username\n  - name: password\n    type: secret\n", """
            submit:
              messages:
                "too similar to the username": password
            """)
        let spec = try #require(loadedForm(yaml))
        #expect(spec.submit.messageRoutes == [MessageRoute(text: "too similar to the username", field: "password")])
        #expect(errorLines(form("  - name: password\n", "submit:\n  messages:\n    similar: pasword\n")) == [
            "t.yaml:6:14: a message route names unknown field \"pasword\" (did you mean \"password\"?)",
        ])
    }
}
