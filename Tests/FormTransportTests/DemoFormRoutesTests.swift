import DemoServer
import FormCore
import Foundation
import Testing
@testable import FormTransport

/// The demo server's route per shipped form: its own checks and server-only rules, answered in
/// the form's dialect; Idempotency-Key (same key and body: the first answer, nothing stored;
/// same key, other body: 422); `GET /submissions`.
@Suite(.serialized, .timeLimit(.minutes(1))) struct DemoFormRoutesTests {
    private func post(_ port: Int, _ path: String, _ payload: JSONValue, key: String, method: String = "POST") async throws
        -> TransportResponse {
        let request = TransportRequest(method: method, path: path, payload: payload, idempotencyKey: key)
        let result = try await withTransport("http://127.0.0.1:\(port)") { await $0.send(request) }
        return try result.get()
    }

    private func errors(_ response: TransportResponse, _ dialect: ErrorDialect) -> [String] {
        (ServerErrorParser.parse(contentType: response.contentType, body: response.body, dialect: dialect) ?? [])
            .map { ($0.path?.map(\.description).joined(separator: ".") ?? "-") + ": " + $0.message }
    }

    private func submissions(_ port: Int, _ query: String = "") async throws -> String {
        let fetcher = try DocumentFetcher(url: "http://127.0.0.1:\(port)/submissions" + query, timeout: .seconds(10))
        guard case .success(.fetched(let body, _)) = await offPool({ fetcher.fetch() }) else {
            throw HarnessError("GET /submissions failed")
        }
        return String(decoding: body, as: UTF8.self)
    }

    private let alice: JSONValue = .object([
        "username": .string("alice"), "email": .string("alice@example.net"), "password": .string("correct horse"),
        "country": .string("Norway"),
    ])

    @Test func everyShippedFormHasARoute() throws {
        let forms = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Forms")
        let files = try FileManager.default.contentsOfDirectory(atPath: forms.path).filter { $0.hasSuffix(".yaml") }
        #expect(files.count >= 12)
        let served = Set(DemoServer.formRoutes.map { "\($0.method) \($0.path)" })
        for file in files {
            let text = try String(contentsOf: forms.appendingPathComponent(file), encoding: .utf8)
            let submit = try #require(text.range(of: "\nsubmit:\n"), "\(file)")
            let lines = text[submit.upperBound...].split(separator: "\n").prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }
            let method = lines[0].replacing("method:", with: "").split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            let path = lines[1].replacing("path:", with: "").split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            if path.hasPrefix("/echo/") { continue }  // dock-booking: the careless echo route
            #expect(served.contains("\(method) \(path)"), "\(file): \(method) \(path)")
        }
    }

    @Test func signupAcceptedTakenUsernameRejectedAndListed() async throws {
        try await withDemoServer { port, _ in
            let accepted = try await post(port, "/api/signup", alice, key: "k-alice")
            #expect(accepted.status == 201)
            #expect(String(decoding: accepted.body, as: UTF8.self) == #"{"id":1}"#)

            var root = alice
            if case .object(var members) = root { members["username"] = .string("Root"); root = .object(members) }
            let taken = try await post(port, "/api/signup", root, key: "k-root")
            #expect(taken.status == 400)
            #expect(errors(taken, .drf) == ["username: This username is already taken."])

            var missing = alice
            if case .object(var members) = missing { members["email"] = nil; members["age"] = .number("12"); missing = .object(members) }
            let refused = try await post(port, "/api/signup", missing, key: "k-missing")
            #expect(errors(refused, .drf).sorted() == [
                "age: Ensure this value is greater than or equal to 13.", "email: This field is required.",
            ])
            #expect(try await submissions(port) == #"{"submissions":[{"id":1,"path":"/api/signup","body":"#
                + alice.compactText + #"}],"next":null}"#)
        }
    }

    /// Forms/stock-request.yaml: the dock must belong to the warehouse and the SKU be held,
    /// whatever the client checked before sending.
    @Test func aStockRequestIsCheckedAgainstTheWarehousesDocksAndTheCatalogue() async throws {
        try await withDemoServer { port, _ in
            func request(_ dock: String, _ sku: String) -> JSONValue {
                .object(["warehouse": .string("Oslo"), "dock": .string(dock), "sku": .string(sku),
                         "qty": .number("3"), "unit_price": .number("12.50")])
            }
            let accepted = try await post(port, "/api/stock-requests", request("OSL-B", "ABC-1"), key: "k-ok")
            #expect(accepted.status == 201)
            let refused = try await post(port, "/api/stock-requests", request("BGO-1", "XYZ-9"), key: "k-bad")
            #expect(refused.status == 400)
            #expect(errors(refused, .drf).sorted() == ["dock: This dock is not in that warehouse.", "sku: No such article."])
        }
    }

    @Test func theSameKeyAnswersTheFirstAnswerAndStoresNothing() async throws {
        try await withDemoServer { port, _ in
            let first = try await post(port, "/api/signup", alice, key: "retry-1")
            let again = try await post(port, "/api/signup", alice, key: "retry-1")
            #expect(first.status == 201 && again.status == 201)
            #expect(first.body == again.body)
            var other = alice
            if case .object(var members) = other { members["username"] = .string("alicia"); other = .object(members) }
            let reused = try await post(port, "/api/signup", other, key: "retry-1")
            #expect(reused.status == 422)
            #expect(errors(reused, .drf) == ["-: This Idempotency-Key was already used with a different request body."])
            let listed = try await submissions(port)
            #expect(listed.components(separatedBy: #""id":"#).count == 2, "\(listed)")
        }
    }

    @Test func anUnknownSKUInsideALineIsRejectedOnItsItem() async throws {
        try await withDemoServer { port, _ in
            let line: (String, Int) -> JSONValue = { .object(["sku": .string($0), "qty": .number(String($1))]) }
            let receipt: JSONValue = .object([
                "supplier": .string("Acme"), "received": .string("2026-11-02"), "dock": .string("A"),
                "lines": .array([line("ABC-1", 3), line("ABC-999", 2), line("ABC-7", 0)]),
            ])
            let shape = try await post(port, "/api/receipts", receipt, key: "r-1")
            #expect(shape.status == 400)
            #expect(errors(shape, .drf) == ["lines.2.qty: Ensure this value is greater than or equal to 1."])

            let fixed: JSONValue = .object([
                "supplier": .string("Acme"), "received": .string("2026-11-02"), "dock": .string("A"),
                "lines": .array([line("ABC-1", 3), line("ABC-999", 2)]),
            ])
            let unknown = try await post(port, "/api/receipts", fixed, key: "r-1")
            #expect(unknown.status == 400)
            #expect(errors(unknown, .drf) == ["lines.1.sku: No such article."])

            let order: JSONValue = .object([
                "site": .string("Oslo"), "kind": .string("repair"), "hours": .number("1.5"),
                "parts": .array([line("P-1042", 1), line("P-9999", 1)]),
            ])
            let parts = try await post(port, "/api/work-orders", order, key: "w-1")
            #expect(errors(parts, .drf) == ["parts.1.sku: No such article."])
            #expect(try await submissions(port) == #"{"submissions":[],"next":null}"#)
        }
    }

    @Test func aFormAnswersInItsDeclaredDialect() async throws {
        try await withDemoServer { port, _ in
            let incident: JSONValue = .object([
                "title": .string("Testing"), "description": .string("x"), "occurred_on": .string("2026-11-01"),
                "detected_on": .string("2026-11-01"), "severity": .string("low"),
            ])
            let rejected = try await post(port, "/api/incidents", incident, key: "i-1")
            #expect(rejected.contentType == "application/problem+json")
            #expect(errors(rejected, .problem) == ["title: Describe the incident, not a test."])
            let shipment: JSONValue = .object([
                "reference": .string("S-1"), "weight_kg": .number("2.5"), "parcels": .number("1"),
                "address": .object(["street": .string("Kaigata 1"), "city": .string("Bergen"), "postcode": .string("5016")]),
            ])
            let put = try await post(port, "/api/shipments", shipment, key: "s-1", method: "PUT")
            #expect(errors(put, .drf) == ["address.country: This field is required."])
        }
    }

    @Test func submissionsArePaginatedOldestFirst() async throws {
        try await withDemoServer { port, _ in
            for n in 1...3 {
                let user: JSONValue = .object([
                    "username": .string("u\(n)"), "email": .string("u\(n)@example.net"), "password": .string("pw"),
                    "country": .string("Norway"),
                ])
                #expect(try await post(port, "/api/signup", user, key: "p-\(n)").status == 201)
            }
            let first = try await submissions(port, "?limit=2")
            #expect(first.hasSuffix(#"],"next":2}"#), "\(first)")
            #expect(first.contains(#""id":1,"#) && first.contains(#""id":2,"#))
            let second = try await submissions(port, "?after=2&limit=2")
            #expect(second.hasPrefix(#"{"submissions":[{"id":3,"path":"/api/signup","#), "\(second)")
            #expect(second.hasSuffix(#"],"next":null}"#))
        }
    }
}
