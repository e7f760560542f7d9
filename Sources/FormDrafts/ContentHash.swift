import Crypto

/// SHA-256 as lower-case hex: the one place formline hashes content (a draft's form, the OpenAPI
/// cache's keys and document checks), so swift-crypto has one user.
package enum ContentHash {
    package static func sha256(_ bytes: [UInt8]) -> String {
        // The hex is written byte by byte into one buffer: `map { ... }.joined()` went through the
        // standard library's unspecialized `joined`, whose first call looks up an associated type
        // by its mangled name and scans every protocol conformance in the binary (docs/PERFORMANCE.md,
        // "First prompt").
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
