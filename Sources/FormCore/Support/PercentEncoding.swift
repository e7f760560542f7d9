/// Percent-encoding (RFC 3986) on bytes: each byte the caller does not keep becomes `%XX`
/// (uppercase hex). One loop for a check's query, a submit path's segment, a JSON Pointer
/// fragment and a form-urlencoded body, which differ only in which bytes they keep (and the
/// body's space, written `+`).
enum PercentEncoding {
    /// ASCII letters, digits and `-._~`: the bytes every component keeps.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `text` with every byte `keeps` refuses percent-encoded; `text` itself when none is.
    /// `spaceAsPlus`: a space is `+` (`application/x-www-form-urlencoded`).
    static func encode(_ text: String, keeping keeps: (UInt8) -> Bool, spaceAsPlus: Bool = false) -> String {
        guard !text.allBytes(keeps) else { return text }
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if keeps(byte) {
                out.append(byte)
            } else if spaceAsPlus && byte == UInt8(ascii: " ") {
                out.append(UInt8(ascii: "+"))
            } else {
                out.append(contentsOf: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
