import Hummingbird
import ServiceLifecycle

/// Routes that fail the ways real servers do, one per transport failure formline must survive.
enum FaultRoutes {
    static let oversizedLength = 3 << 19  // 1.5 MiB
    static let trickleLength = 400

    static func add(to router: Router<BasicRequestContext>, slowDelay: Duration) {
        func route(_ name: String, _ respond: @escaping @Sendable () async throws -> Response) {
            for method in [HTTPRequest.Method.post, .put, .patch, .get] {
                router.on("/fault/\(name)/**", method: method) { _, _ in try await respond() }
                router.on("/fault/\(name)", method: method) { _, _ in try await respond() }
            }
        }
        route("slow") {
            // Cut short when the server shuts down, so stopping it never waits for the delay.
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: slowDelay) }
            } catch {
                return DemoResponse.text(.serviceUnavailable, "shutting down\n")
            }
            return DemoResponse.json(.created, #"{"id":0}"#)
        }
        route("trickle") {
            // Headers at once, then a 2xx body one byte every 100 ms (40 s in all): each read is
            // quick, so only a deadline over the whole exchange stops it (issue 18, item 3).
            let body = Array(#"{"id":0,"padding":""#.utf8) + Array(repeating: UInt8(ascii: "."), count: trickleLength) + Array(#""}"#.utf8)
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    for byte in body {
                        do {
                            try await cancelWhenGracefulShutdown { try await Task.sleep(for: .milliseconds(100)) }
                        } catch {
                            break  // the server is stopping: end the body early
                        }
                        try await writer.write(ByteBuffer(bytes: [byte]))
                    }
                    try await writer.finish(nil)
                })
        }
        route("html500") {
            DemoResponse.text(
                .internalServerError,
                "<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>\n<body><h1>Internal Server Error</h1></body></html>\n",
                contentType: "text/html; charset=utf-8")
        }
        route("garbage200") {
            DemoResponse.text(.ok, "OK thanks!!\n\u{1}\u{2}<not json>", contentType: "application/json")
        }
        route("redirect") {
            Response(status: .found, headers: [.location: "https://login.demo.formline.invalid/sso?next=%2Fsignup"])
        }
        route("unparseable422") {
            DemoResponse.text(.unprocessableContent, "Unprocessable Entity: bad form\n")
        }
        route("oversized") {
            DemoResponse.json(.ok, "[" + String(repeating: "0,", count: oversizedLength / 2) + "0]")
        }
        route("oversized-chunked") {
            let chunk = ByteBuffer(string: String(repeating: "x", count: 64 * 1024))
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    for _ in 0..<(oversizedLength / (64 * 1024)) { try await writer.write(chunk) }
                    try await writer.finish(nil)
                })
        }
    }
}
