@testable import DemoServer
import Foundation
import Testing

/// `formline-demo-server --request-log FILE`: what the end-to-end tests read to know what the
/// server process received.
@Suite("the demo server's request log file")
struct DemoRequestLogTests {
    @Test func anExistingFileIsEmptiedAndMadePrivateAndRequestsReadBackInOrder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("request-log-\(UUID().uuidString).ndjson").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("old line\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

        let log = try DemoRequestLog(writingTo: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "headers hold credentials")
        #expect(try DemoRequestLog.read(path).isEmpty, "emptied")

        let first = DemoRequest(method: "GET", path: "/api/usernames/ada", headers: [.init(name: "Authorization", value: "Bearer t")], body: [])
        let second = DemoRequest(method: "POST", path: "/api/signup", headers: [], body: Array(#"{"username":"ada"}"#.utf8))
        log.append(first)
        log.append(second)
        #expect(try DemoRequestLog.read(path) == [first, second])
        #expect(log.all == [first, second])
    }

    @Test func aFileThatCannotBeOpenedSaysWhy() {
        #expect(throws: DemoRequestLog.OpenFailure.self) { try DemoRequestLog(writingTo: "/nonexistent-folder/log.ndjson") }
        do {
            _ = try DemoRequestLog(writingTo: "/nonexistent-folder/log.ndjson")
        } catch {
            #expect(error.description == "cannot open /nonexistent-folder/log.ndjson for writing: No such file or directory")
        }
    }
}
