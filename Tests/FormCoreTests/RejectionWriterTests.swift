import Testing
import SeededRandom
@testable import FormCore

/// Issue 35 item 17: one writer per dialect (`RejectionWriter`), read back by FormCore's own
/// readers to the same errors: the same fields (compared as the mapper matches a name: ignoring
/// case, `_` and `-`, so ASP.NET's `DetectedOn` is `detected_on`), messages and, where the
/// dialect writes one, codes.
@Suite struct RejectionWriterTests {
    /// The dialects that write no code (Laravel, Rails and ASP.NET key bare messages).
    static let codeless: Set<ErrorDialect> = [.laravel, .rails, .aspnet]

    static let examples: [ServerError] = [
        ServerError(path: [.key("title")], message: "Describe the incident, not a test.", code: "invalid"),
        ServerError(path: [.key("title")], message: "A second \"quoted\" message", code: "second"),
        ServerError(path: [.key("address"), .key("city")], message: "unknown city", code: "unknown"),
        ServerError(path: [.key("lines"), .index(1), .key("sku")], message: "No such article", code: "unknown_sku"),
        ServerError(path: [.key("lines"), .index(3)], message: "this line as a whole", code: "line"),
        ServerError(path: [.key("tags"), .index(0)], message: "bad tag", code: "tag"),
        ServerError(path: [.key("detected_on")], message: "after today", code: "future"),
        ServerError(path: nil, message: "Signups are closed today", code: "closed"),
    ]

    static let shapes: [ErrorShape] = [
        ErrorShape(list: ["errors"], path: ["field"], pathSyntax: .dotted, message: ["msg"], code: ["code"]),
        ErrorShape(list: ["error", "details"], path: ["where.path"], pathSyntax: .bracket, message: ["text", "message"]),
        ErrorShape(list: [], path: ["pointer"], pathSyntax: .pointer, message: ["detail"], code: ["type"]),
        ErrorShape(list: ["problems"], path: ["loc"], pathSyntax: .loc, message: ["msg"], code: ["kind"], nonFieldPaths: ["__all__"]),
    ]

    /// A path as the mapper's first two rules compare it, a message, a code.
    struct Read: Hashable, Comparable {
        var path: String
        var message: String
        var code: String

        init(_ error: ServerError, keepCode: Bool) {
            path = error.path.map { $0.map { component -> String in
                switch component {
                case .index(let i): "[\(i)]"
                case .key(let key): key.lowercased().filter { $0 != "_" && $0 != "-" }
                }
            }.joined(separator: ".") } ?? "-"
            message = error.message
            code = keepCode ? error.code ?? "-" : "-"
        }

        static func < (a: Read, b: Read) -> Bool { (a.path, a.message, a.code) < (b.path, b.message, b.code) }
    }

    private func readBack(_ errors: [ServerError], _ format: RejectionWriter.Format) -> (written: [Read], read: [Read]?, status: Int) {
        let rejection = RejectionWriter.write(errors, as: format)
        let json = JSONValue.parse(rejection.body) ?? .null
        let read: [ServerError]?
        let keepCode: Bool
        switch format {
        case .dialect(let dialect):
            read = ServerErrorParser.parse(json, as: dialect)
            keepCode = !Self.codeless.contains(dialect)
        case .shape(let shape):
            read = shape.parse(json)
            keepCode = !shape.code.isEmpty
        }
        return (errors.map { Read($0, keepCode: keepCode) }.sorted(), read?.map { Read($0, keepCode: keepCode) }.sorted(), rejection.status)
    }

    @Test func everyNamedDialectHasAWriter() {
        #expect(RejectionWriter.dialects == ErrorDialect.named)
    }

    @Test(arguments: ErrorDialect.named)
    func theExamplesReadBackToTheSameErrors(dialect: ErrorDialect) {
        let (written, read, status) = readBack(Self.examples, .dialect(dialect))
        #expect(read == written)
        #expect([400, 422].contains(status))
    }

    @Test(arguments: RejectionWriterTests.shapes)
    func aDescribedShapeReadsBackToTheSameErrors(shape: ErrorShape) {
        let (written, read, status) = readBack(Self.examples, .shape(shape))
        #expect(read == written)
        #expect(status == 422)
    }

    @Test func eachDialectWritesItsFrameworksBody() {
        let errors = [
            ServerError(path: [.key("lines"), .index(1), .key("sku")], message: "No such article", code: "unknown_sku"),
            ServerError(path: nil, message: "closed", code: "closed"),
        ]
        func text(_ dialect: ErrorDialect) -> String {
            let written = RejectionWriter.write(errors, as: .dialect(dialect))
            return "\(written.status) \(written.contentType) " + String(decoding: written.body, as: UTF8.self)
        }
        #expect(text(.drf) == #"400 application/json {"lines":[{},{"sku":[{"code":"unknown_sku","message":"No such article"}]}],"non_field_errors":[{"code":"closed","message":"closed"}]}"#)
        #expect(text(.laravel) == #"422 application/json {"errors":{"":["closed"],"lines.1.sku":["No such article"]},"message":"No such article (and 1 more error)"}"#)
        #expect(text(.rails) == #"422 application/json {"base":["closed"],"lines[1].sku":["No such article"]}"#)
        #expect(text(.problem) == ##"422 application/problem+json {"errors":[{"code":"unknown_sku","detail":"No such article","pointer":"#/lines/1/sku"},{"code":"closed","detail":"closed","pointer":"#"}],"status":422,"title":"Your request is not valid."}"##)
        #expect(text(.jsonapi) == #"422 application/vnd.api+json {"errors":[{"code":"unknown_sku","detail":"No such article","source":{"pointer":"/data/attributes/lines/1/sku"},"status":"422","title":"Invalid Attribute"},{"code":"closed","detail":"closed","source":{"pointer":"/data"},"status":"422","title":"Invalid Resource"}],"jsonapi":{"version":"1.1"}}"#)
        #expect(text(.fastapi) == #"422 application/json {"detail":[{"loc":["body","lines",1,"sku"],"msg":"No such article","type":"unknown_sku"},{"loc":["body"],"msg":"closed","type":"closed"}]}"#)
        #expect(text(.aspnet) == #"400 application/problem+json {"errors":{"":["closed"],"Lines[1].Sku":["No such article"]},"status":400,"title":"One or more validation errors occurred.","type":"https://tools.ietf.org/html/rfc9110#section-15.5.1"}"#)
        #expect(text(.list) == #"400 application/json {"error":"Bad Request","errors":[{"code":"unknown_sku","defaultMessage":"No such article","field":"lines[1].sku"},{"code":"closed","defaultMessage":"closed"}],"status":400}"#)
    }

    @Test func extrasAddToTheBodyAndEntriesButNeverReplaceTheErrors() {
        let errors = [ServerError(path: [.key("username")], message: "is already taken", code: "Unique")]
        let written = RejectionWriter.write(errors, as: .dialect(.list), status: 409, extras: RejectionExtras(
            body: ["path": .string("/signup"), "errors": .array([])],
            entries: [["objectName": .string("signupRequest"), "defaultMessage": .string("replaced?")]]))
        #expect(written.status == 409)
        #expect(String(decoding: written.body, as: UTF8.self)
            == #"{"error":"Bad Request","errors":[{"code":"Unique","defaultMessage":"is already taken","field":"username","objectName":"signupRequest"}],"path":"/signup","status":400}"#)
    }

    @Test func aDRFListOfItemsIsAsLongAsTheRequestsList() {
        let errors = [ServerError(path: [.key("lines"), .index(0), .key("qty")], message: "too many", code: "max")]
        let lengths: [[ServerError.PathComponent]: Int] = [[.key("lines")]: 3]
        let written = RejectionWriter.write(errors, as: .dialect(.drf), extras: RejectionExtras(listLengths: lengths))
        #expect(String(decoding: written.body, as: UTF8.self) == #"{"lines":[{"qty":[{"code":"max","message":"too many"}]},{},{}]}"#)
        let unknown = RejectionWriter.write(errors, as: .dialect(.drf))
        #expect(String(decoding: unknown.body, as: UTF8.self) == #"{"lines":[{"qty":[{"code":"max","message":"too many"}]}]}"#)
    }

    @Test func aRailsFieldNamedErrorsIsWrittenUnderErrors() {
        let errors = [ServerError(path: [.key("errors")], message: "too many", code: nil)]
        let written = RejectionWriter.write(errors, as: .dialect(.rails))
        #expect(String(decoding: written.body, as: UTF8.self) == #"{"errors":{"errors":["too many"]}}"#)
        #expect(ServerErrorParser.parse(written.json, as: .rails) == errors)
    }

    /// The property: any errors (fields, nested fields, items at any depth, form-level; hostile
    /// messages) written in any dialect or described shape read back to the same errors.
    @Test func generatedErrorsReadBackToTheSameErrorsInEveryFormat() {
        var random = Generator(seed: 0x35_17)
        let formats = ErrorDialect.named.map(RejectionWriter.Format.dialect) + Self.shapes.map(RejectionWriter.Format.shape)
        for round in 0..<300 {
            let errors = (0..<(1 + Int(random.next() % 6))).map { _ in random.error() }
            for format in formats {
                let (written, read, _) = readBack(errors, format)
                #expect(read == written, "round \(round), \(format): \(errors)")
            }
        }
    }

    /// The generated errors' parts, picked by a seeded generator.
    struct Generator {
        var random: SplitMix64
        init(seed: UInt64) { random = SplitMix64(seed: seed) }

        mutating func next() -> UInt64 { random.next() }

        mutating func pick<T>(_ items: [T]) -> T { random.pick(items) }

        /// Field names as forms give them (never a framework's own marker: `base`, `detail`, ...).
        static let keys = ["title", "sku", "lines", "address", "city", "detected_on", "vlan_id", "x", "qty2", "first-name", "Name"]
        static let texts = ["taken", "must be at least 1", "ünïcödé ✓", "quote \" and \\ slash", "tab\tnew\nline", "a/b~c #d %e", "  spaced  "]

        mutating func error() -> ServerError {
            let message = pick(Self.texts) + (next() % 2 == 0 ? "" : " \(next() % 100)")
            let code: String? = next() % 3 == 0 ? nil : pick(["invalid", "unique", "too_short"])
            guard next() % 5 != 0 else { return ServerError(path: nil, message: message, code: code) }
            var path: [ServerError.PathComponent] = [.key(pick(Self.keys))]
            for _ in 0..<(next() % 4) {
                path.append(next() % 2 == 0 ? .index(Int(next() % 12)) : .key(pick(Self.keys)))
            }
            return ServerError(path: path, message: message, code: code)
        }
    }
}
