@testable import FormCore
import Testing
import SeededRandom

/// The one percent-encoding loop gives what each of the loops it replaced gave: a check's query
/// and a pointer fragment keep the unreserved bytes only, a path segment also `!$&'()*+,;=:@`, a
/// form-urlencoded body letters, digits and `*-._` with a space as `+`.
@Suite struct PercentEncodingTests {
    /// The query's and the fragment's loop as they were.
    static func unreservedRoad(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// The form-urlencoded serializer's loop as it was.
    static func formRoad(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"),
                 UInt8(ascii: "."), UInt8(ascii: "_"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    @Test func generatedTextsEncodeAsTheOldLoopDid() {
        let pieces = ["a", "Z", "0", "-", ".", "_", "~", "*", " ", "&", "=", "+", "/", "?", "#", "%", "!", "@", ":", "\u{0}", "\u{7F}", "\u{F8}", "\u{1F600}"]
        var random = SplitMix64(seed: 0x9E4C)
        func next() -> Int { Int(random.next() % 1_000_003) }
        for _ in 0..<10_000 {
            let text = (0..<(next() % 6)).map { _ in pieces[next() % pieces.count] }.joined()
            #expect(ServerCheck.queryEncoded(text) == Self.unreservedRoad(text), "\(text.debugDescription)")
            #expect(FormEncoding.escape(text) == Self.formRoad(text), "\(text.debugDescription)")
        }
        #expect(ServerCheck.queryEncoded("Oslo & Bergen=1+2/\u{F8}") == "Oslo%20%26%20Bergen%3D1%2B2%2F%C3%B8")
        #expect(SubmitPath.encode("a b&c=d+e:f@g/h") == "a%20b&c=d+e:f@g%2Fh")
    }
}
