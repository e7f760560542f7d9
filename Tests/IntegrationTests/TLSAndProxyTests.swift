import Foundation
import Testing

/// Issue 19 item 7: a private CA, a client certificate, and proxies from the environment, through
/// the real binary against local servers (Tests/Servers/*.py) on 127.0.0.1 only, with a CA made
/// by the openssl command line for each run.
@Suite("TLS and proxies through the binary", .serialized)
struct TLSAndProxyTests {
    /// A helper server started for one test: its port, stopped on `stop()`.
    final class LocalServer {
        let process = Process()
        let port: Int

        init(_ script: String, _ arguments: [String]) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", BinaryRunner.root.appendingPathComponent("Tests/Servers/\(script)").path] + arguments
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            guard let text = String(data: line, encoding: .utf8), let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                process.terminate()
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "\(script) printed no port"])
            }
            self.port = port
        }

        /// SIGKILL: the test process may have SIGTERM ignored, and a child inherits that.
        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// A CA, a server certificate for 127.0.0.1 and a client certificate, made with openssl.
    struct Certificates {
        let folder: URL
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

        init(in home: URL) throws {
            folder = home.appendingPathComponent("pki")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let script = """
                set -e
                cd "$1"
                key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1" 2>/dev/null; }
                key ca.key; key server.key; key client.key; key other.key
                openssl req -x509 -new -key ca.key -out ca.pem -days 2 -subj "/CN=formline test CA" 2>/dev/null
                openssl req -x509 -new -key other.key -out other-ca.pem -days 2 -subj "/CN=another CA" 2>/dev/null
                openssl req -new -key server.key -out server.csr -subj "/CN=127.0.0.1" 2>/dev/null
                printf 'subjectAltName=IP:127.0.0.1\\nextendedKeyUsage=serverAuth\\n' > server.ext
                openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 -extfile server.ext 2>/dev/null
                openssl req -new -key client.key -out client.csr -subj "/CN=formline-client" 2>/dev/null
                printf 'extendedKeyUsage=clientAuth\\n' > client.ext
                openssl x509 -req -in client.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out client.pem -days 2 -extfile client.ext 2>/dev/null
                chmod 600 *.key
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, "sh", folder.path]
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "openssl could not make the test certificates")
        }
    }

    /// A one-field form posting to /signup.
    func form(in home: URL) throws -> String {
        let path = home.appendingPathComponent("tiny.yaml").path
        try Data("id: tiny\nfields:\n  - name: name\nsubmit:\n  path: /signup\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// No proxy from the machine running the tests leaks into a run.
    let noProxy = ["https_proxy": "", "HTTPS_PROXY": "", "http_proxy": "", "no_proxy": "", "NO_PROXY": ""]

    @Test("a private CA and a client certificate: accepted; without them the failure says why")
    func privateCAAndClientCertificate() throws {
        let runner = try BinaryRunner()
        let pki = try Certificates(in: runner.home)
        let server = try LocalServer("tls_server.py", [pki.path("server.pem"), pki.path("server.key"), pki.path("ca.pem")])
        defer { server.stop() }
        let form = try form(in: runner.home)
        let endpoint = "https://127.0.0.1:\(server.port)"
        let ok = try runner.run(
            ["fill", form, "--endpoint", endpoint, "--ca-file", pki.path("ca.pem"),
             "--client-cert", pki.path("client.pem"), "--client-key", pki.path("client.key"), "--output", "json"],
            lines: ["ann", ""], environment: noProxy)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains(#""response":{"client":"formline-client","id":7}"#), "\(ok.stdout)")

        // The system trust store does not know the private CA.
        let untrusted = try runner.run(["fill", form, "--endpoint", endpoint], lines: ["ann", ""], environment: noProxy)
        #expect(untrusted.status == 3)
        #expect(untrusted.stdout.contains("the TLS handshake with 127.0.0.1:\(server.port) failed"), "\(untrusted.stdout)")
        // Another CA does not vouch for this server either.
        let wrongCA = try runner.run(["fill", form, "--endpoint", endpoint, "--ca-file", pki.path("other-ca.pem")],
                                     lines: ["ann", ""], environment: noProxy)
        #expect(wrongCA.status == 3)
        // The server requires a client certificate.
        let noClient = try runner.run(["fill", form, "--endpoint", endpoint, "--ca-file", pki.path("ca.pem")],
                                      lines: ["ann", ""], environment: noProxy)
        #expect(noClient.status == 3, "\(noClient.stdout)")
    }

    @Test("bad TLS files are refused at start-up with the option's name")
    func badFiles() throws {
        let runner = try BinaryRunner()
        let pki = try Certificates(in: runner.home)
        let form = try form(in: runner.home)
        let missing = try runner.run(["fill", form, "--endpoint", "https://127.0.0.1:1", "--ca-file", pki.path("nope.pem")], lines: [])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--ca-file: \(pki.path("nope.pem")): "))
        let notPEM = try runner.run(["fill", form, "--endpoint", "https://127.0.0.1:1", "--ca-file", form], lines: [])
        #expect(notPEM.status == 2)
        #expect(notPEM.stderr.contains("--ca-file: no PEM certificate in the file"))
        chmod(pki.path("client.key"), 0o644)
        let readable = try runner.run(
            ["fill", form, "--endpoint", "https://127.0.0.1:1", "--client-cert", pki.path("client.pem"), "--client-key", pki.path("client.key")],
            lines: [])
        #expect(readable.status == 2)
        #expect(readable.stderr.contains("--client-key: \(pki.path("client.key")) may be read or changed by other users (mode 644); chmod 600 it"))
        // Issue 33 item 13: the `file:` secret rule, so group-writable is refused too.
        chmod(pki.path("client.key"), 0o620)
        let groupWritable = try runner.run(
            ["fill", form, "--endpoint", "https://127.0.0.1:1", "--client-cert", pki.path("client.pem"), "--client-key", pki.path("client.key")],
            lines: [])
        #expect(groupWritable.status == 2)
        #expect(groupWritable.stderr.contains("--client-key: \(pki.path("client.key")) may be read or changed by other users (mode 620); chmod 600 it"),
                "\(groupWritable.stderr)")
        let alone = try runner.run(["fill", form, "--endpoint", "https://127.0.0.1:1", "--client-cert", pki.path("client.pem")], lines: [])
        #expect(alone.status == 2)
        #expect(alone.stderr.contains("--client-cert and --client-key go together"))
    }

    @Test("HTTPS_PROXY and http_proxy tunnel with CONNECT, NO_PROXY bypasses")
    func proxies() throws {
        let runner = try BinaryRunner()
        let pki = try Certificates(in: runner.home)
        let log = runner.home.appendingPathComponent("proxy.log")
        let proxy = try LocalServer("forward_proxy.py", [log.path])
        defer { proxy.stop() }
        let tls = try LocalServer("tls_server.py", [pki.path("server.pem"), pki.path("server.key")])
        defer { tls.stop() }
        let form = try form(in: runner.home)
        func proxyLog() -> [String] {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }

        var env = noProxy
        env["HTTPS_PROXY"] = "http://user:pa%20ss@127.0.0.1:\(proxy.port)"
        let tunnelled = try runner.run(
            ["fill", form, "--endpoint", "https://127.0.0.1:\(tls.port)", "--ca-file", pki.path("ca.pem"), "--output", "json"],
            lines: ["ann", ""], environment: env)
        #expect(tunnelled.status == 0, "\(tunnelled.stderr)")
        #expect(proxyLog() == ["CONNECT 127.0.0.1:\(tls.port) auth=yes"])

        env["NO_PROXY"] = "example.invalid, 127.0.0.1"
        let bypassed = try runner.run(
            ["fill", form, "--endpoint", "https://127.0.0.1:\(tls.port)", "--ca-file", pki.path("ca.pem"), "--output", "json"],
            lines: ["ann", ""], environment: env)
        #expect(bypassed.status == 0, "\(bypassed.stderr)")
        #expect(proxyLog().count == 1, "NO_PROXY lists the host: no proxy")

        // Plain http through http_proxy: async-http-client tunnels it with CONNECT too (the
        // target, port 1, refuses; the proxy's log is what counts here).
        var plain = noProxy
        plain["http_proxy"] = "127.0.0.1:\(proxy.port)"
        let refusedTarget = try runner.run(["fill", form, "--endpoint", "http://127.0.0.1:1/drf"], lines: ["ann", ""], environment: plain)
        #expect(proxyLog().contains("CONNECT 127.0.0.1:1 auth=no"), "\(refusedTarget.stdout)")
        #expect(refusedTarget.status == 3)

        var bad = noProxy
        bad["HTTPS_PROXY"] = "socks5://127.0.0.1:1080"
        let unusable = try runner.run(["fill", form, "--endpoint", "https://127.0.0.1:1"], lines: ["ann", ""], environment: bad)
        #expect(unusable.status == 2)
        #expect(unusable.stderr.contains("HTTPS_PROXY must be http://host:port"))
    }
}
