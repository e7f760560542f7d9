import Foundation
import Testing
@testable import FormCore

/// Each dialect's framework body as that framework sends it, with its content type.
private struct Fixture: Sendable, CustomTestStringConvertible {
    let dialect: ErrorDialect
    let contentType: String
    let body: String
    var testDescription: String { "\(dialect.rawValue) (\(contentType))" }
}

private let fixtures: [Fixture] = [
    Fixture(dialect: .drf, contentType: "application/json",
            body: #"{"non_field_errors":[{"message":"The password is too similar to the username","code":"password_matches_username"}],"username":[{"message":"A user with that username already exists.","code":"unique"}]}"#),
    Fixture(dialect: .laravel, contentType: "application/json",
            body: #"{"message":"The username has already been taken. (and 1 more error)","errors":{"username":["The username has already been taken."],"password":["The password field and username must be different."]}}"#),
    Fixture(dialect: .rails, contentType: "application/json; charset=utf-8",
            body: #"{"username":["has already been taken"],"base":["The password is too similar to the username"]}"#),
    Fixture(dialect: .problem, contentType: "application/problem+json",
            body: ##"{"type":"https://demo.formline.invalid/problems/validation","title":"Your request is not valid.","status":422,"instance":"/signup","errors":[{"detail":"is already taken","pointer":"#/username","code":"unique"}]}"##),
    Fixture(dialect: .jsonapi, contentType: "application/vnd.api+json",
            body: #"{"jsonapi":{"version":"1.1"},"errors":[{"status":"422","source":{"pointer":"/data/attributes/username"},"title":"Invalid Attribute","detail":"has already been taken","code":"unique"}]}"#),
    Fixture(dialect: .fastapi, contentType: "application/json",
            body: #"{"detail":[{"type":"username_taken","loc":["body","username"],"msg":"Value error, A user with that username already exists","input":"admin"}]}"#),
    Fixture(dialect: .aspnet, contentType: "application/problem+json; charset=utf-8",
            body: #"{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.1","title":"One or more validation errors occurred.","status":400,"errors":{"Username":["The username 'admin' is already taken."]},"traceId":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00"}"#),
    Fixture(dialect: .list, contentType: "application/json",
            body: #"{"timestamp":"2025-01-01T00:00:00.000+00:00","status":400,"error":"Bad Request","path":"/signup","errors":[{"field":"username","rejectedValue":"admin","defaultMessage":"is already taken","code":"Unique","objectName":"signupRequest"}]}"#),
]

private func claimant(_ fixture: Fixture, contentType: String? = nil) -> ErrorDialect? {
    JSONValue.parse(fixture.body).map { DialectDetection.claim(contentType: contentType ?? fixture.contentType, json: $0).dialect }
}

@Suite struct DialectDetectionTests {
    @Test(arguments: fixtures)
    fileprivate func eachDialectClaimsItsOwnFrameworkBody(_ fixture: Fixture) throws {
        #expect(claimant(fixture) == fixture.dialect)
        // Its own reader reads it, and finds at least one error.
        let json = try #require(JSONValue.parse(fixture.body))
        let errors = try #require(ServerErrorParser.reader(for: fixture.dialect)?.parse(json))
        #expect(!errors.isEmpty)
    }

    @Test(arguments: fixtures)
    fileprivate func noOtherDialectsClaimTakesTheBody(_ fixture: Fixture) throws {
        let json = try #require(JSONValue.parse(fixture.body))
        let mediaType = MediaType.of(fixture.contentType)
        // Every claim before the winning one declines it, and the winner is this dialect's own.
        let winner = try #require(DialectDetection.order.firstIndex { $0.claims(mediaType: mediaType, json: json) })
        #expect(DialectDetection.order[winner].dialect == fixture.dialect)
        for other in fixtures where other.dialect != fixture.dialect {
            #expect(claimant(other) != fixture.dialect, "\(fixture.dialect.rawValue) must not claim the \(other.dialect.rawValue) body")
        }
    }

    @Test func shapeAloneStillFindsEachDialectWhenTheContentTypeIsPlainJSON() {
        for fixture in fixtures {
            #expect(claimant(fixture, contentType: "application/json") == fixture.dialect, "\(fixture.dialect.rawValue)")
        }
    }

    @Test func mediaTypeClaimsComeFirstAndTheLastTakesAnything() throws {
        let bases = DialectDetection.order.map(\.basis)
        let firstShape = try #require(bases.firstIndex(of: .shape))
        #expect(bases[firstShape...].allSatisfy { $0 == .shape })
        let last = try #require(DialectDetection.order.last)
        for body in ["{}", "[]", "7", #""x""#, "null"] {
            #expect(last.test(try #require(JSONValue.parse(body))))
        }
    }

    @Test func everyNamedDialectHasAReaderAndAClaim() {
        for dialect in ErrorDialect.allCases where dialect != .auto {
            #expect(ServerErrorParser.reader(for: dialect)?.dialect == dialect)
            #expect(DialectDetection.order.contains { $0.dialect == dialect }, "\(dialect.rawValue) has no claim")
        }
        #expect(ServerErrorParser.reader(for: .auto) == nil)
    }

    /// docs/server-errors.md lists the claims in detection order, each as `dialect`: rule.
    @Test func theDocsListTheClaimsInOrder() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/server-errors.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        var rest = text[...]
        for claim in DialectDetection.order {
            let basis: String
            switch claim.basis {
            case .mediaType(let type): basis = "`\(type)`, "
            case .shape: basis = ""
            }
            let line = "\(basis)\(claim.rule): `\(claim.dialect.rawValue)`"
            let found = try #require(rest.range(of: line), "docs/server-errors.md lacks, in order: \(line)")
            rest = rest[found.upperBound...]
        }
    }

    @Test func mediaTypeDropsParametersAndCase() {
        #expect(MediaType.of("application/json; charset=utf-8") == "application/json")
        #expect(MediaType.of(" Application/Problem+JSON ;charset=UTF-8") == "application/problem+json")
        #expect(MediaType.of("") == "")
    }
}
