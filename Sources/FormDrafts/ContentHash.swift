import Crypto

/// SHA-256 as lower-case hex: the one place formline hashes content (a draft's form, the OpenAPI
/// cache's keys and document checks), so swift-crypto has one user.
package enum ContentHash {
    package static func sha256(_ bytes: [UInt8]) -> String { sha256(bytes, hexDigits: 64, after: "") }

    /// The first `hexDigits` hex digits of the hash (at most 64), after `prefix`: made in one
    /// buffer, as a batch record's key is (`formline-batch-` and 40 digits), with no string
    /// cut from a longer one.
    package static func sha256(_ bytes: [UInt8], hexDigits: Int, after prefix: String) -> String {
        // The hex is written byte by byte into one buffer: `map { ... }.joined()` went through the
        // standard library's unspecialized `joined`, whose first call looks up an associated type
        // by its mangled name and scans every protocol conformance in the binary (docs/PERFORMANCE.md,
        // "First prompt").
        let count = min(max(hexDigits, 0), 64)
        var hex: [UInt8] = []
        hex.reserveCapacity(prefix.utf8.count + count)
        hex.append(contentsOf: prefix.utf8)
        // The bytes handed over as one buffer, and the digest read from its own: the generic
        // `hash(data:)` walked the array's regions and the digest's iterator copied it.
        var hasher = SHA256()
        bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        hasher.finalize().withUnsafeBytes { digest in
            for byte in digest.prefix((count + 1) / 2) {
                hex.append(hexDigit(byte >> 4))
                hex.append(hexDigit(byte & 0x0f))
            }
        }
        // An odd count: the last byte's second digit is not wanted.
        if count % 2 == 1 { hex.removeLast() }
        return String(decoding: hex, as: UTF8.self)
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
