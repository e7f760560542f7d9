import Testing
import SeededRandom
@testable import FormCore

/// Issue 33 item 9: a path placeholder whose value is `..` or `.` is not sent as a dot segment
/// (`PUT /api/users/../notes` reached `/api/notes`): its dots are percent-encoded.
@Suite struct DotSegmentPathTests {
    @Test func aPlaceholderValueOfDotsIsSentPercentEncoded() {
        #expect(SubmitPath.fill("/api/users/{id}/notes", values: ["id": .text("..")]) == "/api/users/%2E%2E/notes")
        #expect(SubmitPath.fill("/api/users/{id}/notes", values: ["id": .text(".")]) == "/api/users/%2E/notes")
        #expect(SubmitPath.fill("/api/users/{id}", values: ["id": .text("...")]) == "/api/users/%2E%2E%2E")
    }

    @Test func aSegmentMadeOfDotsByLiteralAndValueTogetherIsEncodedToo() {
        #expect(SubmitPath.fill("/files/.{ext}/x", values: ["ext": .text(".")]) == "/files/%2E%2E/x")
        #expect(SubmitPath.fill("/a/{x}{y}", values: ["x": .text("."), "y": .text(".")]) == "/a/%2E%2E")
    }

    @Test func dotsBesideOtherTextAndTheFormsOwnSegmentsStayAsWritten() {
        #expect(SubmitPath.fill("/api/users/{id}", values: ["id": .text("..a")]) == "/api/users/..a")
        #expect(SubmitPath.fill("/api/../users/{id}", values: ["id": .text("1.2")]) == "/api/../users/1.2")
        #expect(SubmitPath.fill("/api/users/{id}", values: ["id": .text("../admin")]) == "/api/users/..%2Fadmin")
        #expect(SubmitPath.fill("/api/users/{id}", values: ["id": .text("")]) == "/api/users/")
        #expect(SubmitPath.fill("/no/{placeholder", values: [:]) == "/no/{placeholder")
    }
}

/// The byte filling of a path says what the Substring filling it replaced says, over generated
/// paths and values of the characters that matter (slashes, braces, dots, what is encoded).
@Suite struct SubmitPathRoadTests {
    static func substringRoad(_ path: String, values: [String: String], placeholders: [String: String]) -> String {
        func encode(_ segment: String) -> String {
            var out = ""
            for byte in segment.utf8 {
                let c = Unicode.Scalar(byte)
                if byte < 0x80, (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || ("0"..."9").contains(c)
                    || "-._~!$&'()*+,;=:@".unicodeScalars.contains(c) {
                    out.unicodeScalars.append(c)
                } else {
                    let hex = String(byte, radix: 16, uppercase: true)
                    out += "%" + (hex.count == 1 ? "0" + hex : hex)
                }
            }
            return out
        }
        var out = "", segment = ""
        var segmentHasValue = false
        func flush() {
            if segmentHasValue, !segment.isEmpty, segment.utf8.allSatisfy({ $0 == UInt8(ascii: ".") }) {
                out += String(repeating: "%2E", count: segment.utf8.count)
            } else {
                out += segment
            }
            segment = ""
            segmentHasValue = false
        }
        func literal(_ text: Substring) {
            var rest = text
            while let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) {
                segment += rest[..<slash]
                flush()
                out += "/"
                rest = rest[rest.utf8.index(after: slash)...]
            }
            segment += rest
        }
        var rest = Substring(path)
        while let open = rest.utf8.firstIndex(of: UInt8(ascii: "{")) {
            literal(rest[..<open])
            let after = rest[rest.utf8.index(after: open)...]
            guard let close = after.utf8.firstIndex(of: UInt8(ascii: "}")) else {
                literal(rest[open...])
                flush()
                return out
            }
            let name = String(after[..<close])
            segment += placeholders[name] ?? encode(values[name] ?? "")
            segmentHasValue = true
            rest = after[after.utf8.index(after: close)...]
        }
        literal(rest)
        flush()
        return out
    }

    @Test func generatedPathsAgree() {
        let pathPieces = ["/", "/", "a", ".", "..", "{id}", "{x}", "{", "}", "{nope}", "\u{E9}", "%", " "]
        let valuePieces = ["", ".", "..", "a", "/", " ", "%", "\u{E9}", "~", "?", "#", "@", "\u{1F600}"]
        var random = SplitMix64(seed: 0x5A7)
        func next() -> Int { Int(random.next() % 1_000_003) }
        for _ in 0..<10_000 {
            let path = (0..<(next() % 8)).map { _ in pathPieces[next() % pathPieces.count] }.joined()
            let values = ["id": (0..<(next() % 3)).map { _ in valuePieces[next() % valuePieces.count] }.joined(),
                          "x": valuePieces[next() % valuePieces.count]]
            let placeholders = next() % 3 == 0 ? ["x": "[x]"] : [:]
            #expect(SubmitPath.fill(path, values: values.mapValues { .text($0) }, placeholders: placeholders)
                    == Self.substringRoad(path, values: values, placeholders: placeholders), "\(path.debugDescription) \(values)")
        }
    }
}
