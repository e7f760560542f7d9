import Testing
@testable import FormCore

private typealias E = ServerError

private func json(_ text: String) -> JSONValue? { JSONValue.parse(Array(text.utf8)) }

/// Issue 28 item 1: the built-in dialects that are "errors keyed by path with lists of messages"
/// or "a list of entries pairing a path key with a message key" are presets of the structural
/// reader, and `explain` names the preset and rule (or the dialect's own reader) of each message.
@Suite struct StructuralPresetTests {
    /// The rule `explain` gives each error of `body` as `dialect` reads it; the errors are the
    /// same, in the same order, as `parse` gives.
    private func rules(_ body: String, _ dialect: ErrorDialect) throws -> [String] {
        let value = try #require(json(body))
        let explained = try #require(ServerErrorParser.explained(value, as: dialect))
        #expect(explained.map(\.error) == ServerErrorParser.parse(value, as: dialect))
        return explained.map(\.rule)
    }

    @Test func keyedPresetsNameTheirKeysAndRule() throws {
        #expect(try rules(#"{"message":"The given data was invalid.","errors":{"items.0.qty":["too many"]}}"#, .laravel) == [
            "the laravel preset of the structural reader (`errors`: each key a path to a list of messages, summary `message` only without errors): a list of messages under its key path (the list's index dropped)",
        ])
        #expect(try rules(#"{"message":"Too many attempts."}"#, .laravel) == [
            "the laravel preset of the structural reader (`errors`: each key a path to a list of messages, summary `message` only without errors): the body's summary (it holds no other error)",
        ])
        #expect(try rules(#"{"title":"One or more validation errors occurred.","errors":{"":["Bad body."],"Email":["Invalid."]}}"#, .aspnet) == [
            "the aspnet preset of the structural reader (`errors`: each key a path to a list of messages, summary `detail`/`title` only without errors): a non-field marker: an error of the object holding it",
            "the aspnet preset of the structural reader (`errors`: each key a path to a list of messages, summary `detail`/`title` only without errors): a list of messages under its key path (the list's index dropped)",
        ])
        let rails = "the rails preset of the structural reader (`errors`: each key a path to a list of messages, or the body itself, non-field key `base`, `{error}` detail entries, a list of full messages): "
        #expect(try rules(#"{"base":["Closed today."],"email":[{"error":"blank"}],"name":"is too long"}"#, .rails) == [
            rails + "a non-field marker: an error of the object holding it",
            rails + "an entry with a message key, under its key path",
            rails + "a message under its key path",
        ])
        #expect(try rules(#"{"errors":["Email has already been taken"]}"#, .rails) == [rails + "a full message in a list of them: a non-field error"])
    }

    @Test func entryPresetsNameTheirKeysAndRule() throws {
        #expect(try rules(#"{"errors":[{"field":"email","defaultMessage":"is taken","code":"Unique"},{"objectName":"s","defaultMessage":"global"}]}"#, .list) == [
            "the list preset of the structural reader (entries of `errors`, path `field`/`path`/`param` (dotted), message `defaultMessage`/`msg`/`message`, code `code`/`type`): an entry pairing a path key with a message key",
            "the list preset of the structural reader (entries of `errors`, path `field`/`path`/`param` (dotted), message `defaultMessage`/`msg`/`message`, code `code`/`type`): an entry with a message key and no path (or a non-field one): a non-field error",
        ])
        #expect(try rules(#"{"errors":[{"status":"422","source":{"pointer":"/data/attributes/title"},"detail":"is too short"}]}"#, .jsonapi) == [
            "the jsonapi preset of the structural reader (entries of `errors`, path `source.pointer`/`source.parameter`/`source.header` (a JSON Pointer), message `detail`/`title`, code `code`): an entry pairing a path key with a message key",
        ])
        // A flavour is named as its preset, under the name that reads it.
        #expect(try rules(#"{"type":"validation_error","errors":[{"code":"unique","detail":"taken","attr":"username"}]}"#, .drf) == [
            "the drf (drf-standardized-errors) preset of the structural reader (entries of `errors`, path `attr` (dotted), message `detail`, code `code`): an entry pairing a path key with a message key",
        ])
        #expect(try rules(#"{"detail":"Zone hazmat is locked"}"#, .fastapi) == ["the fastapi reader: a string `detail` (an HTTPException) is a non-field error"])
    }

    @Test func dialectsThatAreNotPresetsNameTheirOwnReader() throws {
        #expect(try rules(#"{"lines":[{},{"qty":["too many"]}]}"#, .drf) == [
            "the drf reader (its own code: nested serializers, `many=True` lists, `non_field_errors` at any depth)",
        ])
        #expect(try rules(##"{"type":"about:blank","title":"Invalid","errors":[{"detail":"must be positive","pointer":"#/age"}]}"##, .problem) == [
            "the problem reader (its own code: `errors`, `violations` and `invalid-params` lists; the summary only without errors)",
        ])
        #expect(try rules(#"{"errors":[{"keyword":"required","instancePath":"","params":{"missingProperty":"name"},"message":"must have required property 'name'"}]}"#, .list) == [
            "the list reader for ajv (its own code: `instancePath`/`dataPath` plus `params.missingProperty`)",
        ])
    }

    @Test func explainNamesTheFormsOwnShapeAsAPreset() {
        let shape = ErrorShape(list: ["problems"], path: ["field"], pathSyntax: .dotted, message: ["text"])
        let form = FormSpec(id: "z", fields: [Field(name: "zone")], submit: SubmitSpec(errorShape: shape))
        let body = #"{"problems":[{"field":"zone","text":"is locked"},{"text":"try later"}]}"#
        #expect(ResponseExplanation.explain(status: 422, contentType: "application/json", body: Array(body.utf8), spec: form).text == """
            rejected (422)
            read as: the form's own error shape (submit.errors)
              zone: is locked
                -> field zone
                by: the path names the field
                read: the form's own error shape, a preset of the structural reader: an entry pairing a path key with a message key
              (no field): try later
                -> banner
                by: a non-field error without a code or message route
                read: the form's own error shape, a preset of the structural reader: an entry with a message key and no path (or a non-field one): a non-field error

            """)
    }

    /// The presets stay as strict as the readers they replaced: a value of the wrong kind means
    /// "not this dialect", so `auto` and the structure get the body instead of a half-reading.
    @Test func presetsAreStrict() throws {
        #expect(LaravelErrors.parse(try #require(json(#"{"message":"x","errors":{"a":5}}"#))) == nil)
        #expect(LaravelErrors.parse(try #require(json(#"{"errors":[]}"#))) == nil)
        #expect(LaravelErrors.parse(try #require(json(#"{"status":422}"#))) == nil)
        #expect(ASPNetErrors.parse(try #require(json(#"{"title":"x"}"#))) == nil)
        #expect(ASPNetErrors.parse(try #require(json(#"{"title":"x","errors":{}}"#))) == [E(path: nil, message: "x")])
        #expect(RailsErrors.parse(try #require(json(#"{"errors":[{"a":1}]}"#))) == nil)
        #expect(RailsErrors.parse(try #require(json(#"{"lines[1].base":["Bulk SKUs ship in tens"]}"#)))
            == [E(path: [.key("lines"), .index(1)], message: "Bulk SKUs ship in tens")])
        #expect(ErrorListErrors.parse(try #require(json(#"{"errors":[{"path":"mrn","msg":{"message":"is taken","code":"taken"},"type":"field"}]}"#)))
            == [E(path: [.key("mrn")], message: "is taken", code: "taken")])
        #expect(ErrorListErrors.parse(try #require(json(#"[{"field":"a"}]"#))) == nil)
    }
}
