import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// A small server that rejects signups in each common error dialect, plus routes that misbehave
/// on purpose, so formline's HTTP transport can be tried and tested without a real backend.
///
/// ```swift
/// let server = DemoServer(host: "127.0.0.1", port: 0)
/// try await server.run { port in print("listening on http://127.0.0.1:\(port)") }
/// ```
///
/// Routes (any submit path below each prefix, POST/PUT/PATCH):
/// - `/drf`, `/laravel`, `/rails`, `/problem`, `/jsonapi`, `/fastapi`, `/aspnet`, `/list`:
///   username `admin` is taken; a password containing the username (ignoring case) is a
///   non-field error (code `password_matches_username` where the dialect has codes); else
///   `201 {"id":N}`. A retry with an `Idempotency-Key` already accepted gets the same id again.
/// - `/fault/slow` (answers after `slowDelay`), `/fault/trickle` (headers at once, then the body
///   one byte every 100 ms, about 40 s), `/fault/html500`, `/fault/garbage200`,
///   `/fault/redirect` (302), `/fault/unparseable422`, `/fault/oversized` (1.5 MiB with a
///   Content-Length), `/fault/oversized-chunked` (the same, streamed without one).
///
/// - `/echo` repeats the request body back; `/echo-headers` repeats the request headers back
///   (400 in DRF's shape for the username `admin`, else 201).
///
/// - `GET /api/usernames/NAME` and `GET /api/skus/SKU` (also under each dialect prefix): the
///   server checks of the shipped forms (`CheckRoutes`, docs/checks.md).
///
/// - One route per shipped form at its submit path (`POST /api/signup`, `/api/orders`,
///   `/api/receipts`, `PUT /api/shipments`, ...): checked by the server's own code, with
///   server-only rules, Idempotency-Key honoured (`FormRoutes`); `GET /submissions` lists what
///   was accepted, oldest first, paginated (`SubmissionsRoute`).
///
/// - `GET /openapi.json`: an OpenAPI 3.1 document of the signup routes, one operation per dialect
///   (`signup_drf`, ...), with ETag / Last-Modified and 304 answers (`DemoOpenAPI`).
///
/// The newest requests are kept in `requests` (method, path, headers, body) for tests to inspect.
package struct DemoServer: Sendable {
    package var host: String
    package var port: Int
    /// How long `/fault/slow` waits before answering.
    package var slowDelay: Duration
    package let requests: DemoRequestLog
    let accounts: DemoAccounts

    /// `keep`: how many accepted submissions (and answered Idempotency-Keys) the server keeps,
    /// newest first (`DemoAccounts`).
    /// `requests`: where received requests are kept (`DemoRequestLog(writingTo:)` to log them to a file too).
    package init(
        host: String = "127.0.0.1", port: Int = 8080, slowDelay: Duration = .seconds(3), keep: Int = 100_000,
        requests: DemoRequestLog = DemoRequestLog()
    ) {
        self.host = host
        self.port = port
        self.slowDelay = slowDelay
        self.requests = requests
        self.accounts = DemoAccounts(limit: keep)
    }

    /// Runs until the surrounding task is cancelled (or, with `handlingSignals`, until SIGINT or
    /// SIGTERM), then shuts down gracefully: requests in flight are answered first.
    /// `onServerRunning` gets the bound port: the real one when `port` is 0.
    ///
    /// Leave `handlingSignals` false in tests: service-lifecycle sets SIGINT to SIG_IGN for the whole
    /// process, and child processes spawned afterwards would inherit it.
    package func run(
        handlingSignals: Bool = false,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let app = makeApplication(onServerRunning: onServerRunning)
        if handlingSignals {
            try await app.runService()
            return
        }
        // Cancelling a ServiceGroup closes the listening channel under the server's feet (it logs
        // "Server shutdown error: Already closed"); turn cancellation into a graceful shutdown.
        let group = ServiceGroup(services: [app], logger: Self.logger)
        let running = Task { try await group.run() }
        try await withTaskCancellationHandler {
            try await running.value
        } onCancel: {
            Task { await group.triggerGracefulShutdown() }
        }
    }

    private static var logger: Logger {
        var logger = Logger(label: "formline-demo-server")
        logger.logLevel = .warning
        return logger
    }

    /// The Hummingbird application, for callers that run it their own way.
    package func makeApplication(
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: RequestRecorder(log: requests))
        for (dialect, writer) in DemoRejections.routes {
            let accounts = accounts
            let respond: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
                var request = request
                let body = try await request.collectBody(upTo: 1 << 20)
                return SignupEndpoint.respond(to: Array(body.readableBytesView), request: request, writer: writer, accounts: accounts)
            }
            for method in [HTTPRequest.Method.post, .put, .patch] {
                router.on("/\(dialect.rawValue)/**", method: method, use: respond)
            }
        }
        FormRoutes.add(to: router, accounts: accounts)
        SubmissionsRoute.add(to: router, accounts: accounts)
        FaultRoutes.add(to: router, slowDelay: slowDelay)
        CheckRoutes.add(to: router, dialects: DemoRejections.routes.map(\.dialect))
        DemoOpenAPI.add(to: router)
        // A careless server: accepts and repeats the whole request back, secrets included, so
        // tests can check that formline never shows what a server repeats.
        router.post("/echo/**") { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(upTo: 1 << 20)
            return DemoResponse.json(.created, #"{"id":1,"echo":"# + String(buffer: body) + "}")
        }
        // A careless server that repeats every request header back (credentials included): in
        // its JSON answer when it accepts (slashes escaped, as PHP's json_encode does), in a
        // DRF-style error when the username is `admin`. Tests check formline masks them.
        router.post("/echo-headers/**") { request, _ -> Response in
            var request = request
            let body = try await request.collectBody(upTo: 1 << 20)
            let headers = request.headers.map { "\($0.name.rawName): \($0.value)" }
            if String(buffer: body).contains(#""username":"admin""#) {
                let message = DemoResponse.quoted("refused with " + headers.joined(separator: " ; "))
                return DemoResponse.json(.badRequest, #"{"non_field_errors":["# + message + "]}")
            }
            let echoed = headers.map(DemoResponse.quoted).joined(separator: ",").replacing("/", with: "\\/")
            return DemoResponse.json(.created, #"{"id":1,"headers":["# + echoed + "]}")
        }
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "formline-demo-server"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: Self.logger
        )
    }
}
