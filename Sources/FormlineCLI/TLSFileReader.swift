import FormSystem
import FormTransport
#if canImport(Glibc)
import Glibc
#endif

/// Reads `--ca-file`, `--client-cert` and `--client-key` for `HTTPTransport`, and the proxy
/// variables from the environment: the edge between files and the transport's plain values.
enum TLSFileReader {
    /// PEM files are small; anything bigger is not one.
    static let limit = 1 << 20

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func read(_ options: FillOptions) throws -> TLSFiles {
        var files = TLSFiles()
        files.caBundle = try options.caFile.map { try read($0, option: "--ca-file") }
        files.clientCertificate = try options.clientCert.map { try read($0, option: "--client-cert") }
        if let key = options.clientKey {
            // A private key is a secret: the rule `--secret file:` follows (PrivateFileRule, as
            // ssh does), judged on the file that was read: only its owner, this user or root,
            // may read or write it (0640 and 0620 are refused too).
            let file: (bytes: [UInt8], info: stat)
            do {
                file = try WholeFile.readWithInfo(key, limit: limit)
            } catch {
                throw Problem(description: "--client-key: \(key): \(error.reason)")
            }
            if let problem = PrivateFileRule.problem(file.info) {
                throw Problem(description: "--client-key: \(key) \(problem)")
            }
            files.clientKey = file.bytes
        }
        return files
    }

    private static func read(_ path: String, option: String) throws -> [UInt8] {
        do {
            return try WholeFile.read(path, limit: limit)
        } catch {
            throw Problem(description: "\(option): \(path): \(error.reason)")
        }
    }

    /// The variables `ProxyEnvironment` reads, as this process has them.
    static func proxyEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["https_proxy", "HTTPS_PROXY", "http_proxy", "no_proxy", "NO_PROXY"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
