import FormCore
import SeededRandom
import Testing

/// `Carry.countedOn(_:by:)`, which replay uses to count a private value on by a record's number
/// (a hand-written `#! record 1000000` must not cost a million steps per field), and `countedOn`,
/// its one step: the same as the digit-at-a-time step applied that many times.
@Suite struct CarryCountingTests {
    static func repeated(_ text: String, _ steps: Int) -> String? {
        var out: String? = text
        for _ in 0..<steps { out = out.flatMap(stepped) }
        return out
    }

    /// One step a digit at a time, as `countedOn` counted before it became one addition: the
    /// reference both are held to.
    static func stepped(_ text: String) -> String? {
        var scalars = Array(text.unicodeScalars)
        guard let last = scalars.lastIndex(where: { ("0"..."9").contains($0) }) else { return nil }
        var first = last
        while first > 0, ("0"..."9").contains(scalars[first - 1]) { first -= 1 }
        guard last - first < 40 else { return nil }
        var i = last
        while true {
            if scalars[i] == "9" {
                scalars[i] = "0"
                if i == first {
                    scalars.insert("1", at: first)
                    break
                }
                i -= 1
            } else {
                scalars[i] = Unicode.Scalar(scalars[i].value + 1) ?? scalars[i]
                break
            }
        }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    @Test func oneAdditionIsThatManyStepsOverGeneratedTexts() {
        var random = SplitMix64(seed: 0xC0_07ED)
        let fixed = ["Gi1/0/7", "ap-09", "99", "port-099x", "MRN-000042", "x", "", "a9b9", "1.9.9", "٣٤",
                     String(repeating: "9", count: 38), String(repeating: "9", count: 39), String(repeating: "9", count: 40),
                     String(repeating: "1", count: 41)]
        let pieces = ["0", "9", "09", "99", "7", "-", "/", "x", "é", "٣", " "]
        let generated = (0..<300).map { _ in (0..<Int(random.next() % 7)).map { _ in random.pick(pieces) }.joined() }
        for text in fixed + generated {
            #expect(Carry.countedOn(text) == Self.stepped(text), "\(text)")
            for steps in [1, 2, 3, 9, 10, 11, 99, 100, 101, 250] {
                #expect(Carry.countedOn(text, by: steps) == Self.repeated(text, steps), "\(text) by \(steps)")
            }
        }
    }

    @Test func aMillionStepsIsOneAddition() {
        #expect(Carry.countedOn("MRN-000042", by: 999_999) == "MRN-1000041")
        #expect(Carry.countedOn("MRN-000042", by: 0) == nil)
        #expect(Carry.countedOn("no digits", by: 1_000_000) == nil)
    }
}
