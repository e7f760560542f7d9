import Crypto

/// SHA-256 as lower-case hex: the one place formline hashes content (a draft's form, the OpenAPI
/// cache's keys and document checks), so swift-crypto has one user.
package enum ContentHash {
    package static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { b in
            let hex = String(b, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }
}
