import ArgumentParser
import DemoServer
import Foundation
import FormSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `formline-demo-server [--host 127.0.0.1] [--port 8080]`: the demo server on its own.
struct DemoServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "formline-demo-server",
        abstract: "A demo server that rejects signups in every common error dialect.",
        discussion: """
            Try formline against it:
              formline-demo-server --port 8080 &
              formline fill Forms/signup.yaml --endpoint http://127.0.0.1:8080/drf

            Every shipped form has its route at its own submit path (POST /api/signup, \
            /api/orders, /api/receipts, ...), checked by the server's own code and answered \
            in the form's error dialect; GET /submissions lists what was accepted; a repeated \
            Idempotency-Key gets the first answer again.

            Dialect endpoints (any submit path below each): /drf /laravel /rails /problem \
            /jsonapi /fastapi /aspnet /list. Username "admin" is taken; a password containing \
            the username is rejected. Server checks: GET /api/usernames/NAME, \
            /api/skus/SKU, /api/docks?warehouse=W. Faults: /fault/slow /fault/html500 \
            /fault/garbage200 /fault/redirect /fault/unparseable422 /fault/oversized \
            /fault/oversized-chunked.
            """,
        version: FormlineVersion.current)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on; 0 picks a free one and prints it.")
    var port = 8080

    @Option(help: "Seconds /fault/slow waits before answering.")
    var slowDelay = 3.0

    @Option(help: ArgumentHelp(
        "Append every request received (method, path, headers, body) to this file as one JSON line each: for tests that run the server as a process.",
        discussion: "The file is emptied first and made mode 0600: headers hold whatever credentials clients send.",
        valueName: "file"))
    var requestLog: String?

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard slowDelay >= 0 else { throw ValidationError("--slow-delay must not be negative") }
    }

    func run() async throws {
        let requests: DemoRequestLog
        do {
            requests = try requestLog.map { path throws(DemoRequestLog.OpenFailure) in try DemoRequestLog(writingTo: path) } ?? DemoRequestLog()
        } catch {
            StandardError.write("formline-demo-server: --request-log: \(error.description).\n")
            Foundation.exit(1)
        }
        let server = DemoServer(
            host: host, port: port, slowDelay: .milliseconds(Int(slowDelay * 1000)), requests: requests)
        let host = host
        try await server.run(handlingSignals: true) { port in
            let shown = host.contains(":") ? "[\(host)]" : host
            print("listening on http://\(shown):\(port) (formline \(FormlineVersion.current))")
            fflush(nil)
        }
    }
}

extension DemoServerCommand {
    /// Whether binding failed because the address is taken (EADDRINUSE), however NIO words it.
    static func isAddressInUse(_ error: any Error) -> Bool {
        let text = String(describing: error)
        return text.contains("Address already in use") || text.contains("errno: \(EADDRINUSE)")
    }
}

// main.swift cannot carry @main, and top-level code here resolves `main()` and `run()` to the
// synchronous ParsableCommand versions: parse, then run the async command from an async function.
func runDemoServer() async {
    let command = DemoServerCommand.parseOrExit()
    do {
        try await command.run()
    } catch {
        if DemoServerCommand.isAddressInUse(error) {
            // One sentence with what to do, not the socket layer's error dump.
            StandardError.write("formline-demo-server: \(command.host) port \(command.port) is already in use: stop the "
                + "other server, or choose another port with --port (--port 0 picks a free one).\n")
            exit(1)
        }
        DemoServerCommand.exit(withError: error)
    }
}

await runDemoServer()
