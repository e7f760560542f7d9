extension Array where Element == UInt8 {
    /// Appends `n` in decimal, as `String(n)` writes it, without making the string: a batch
    /// record's key and report line write three numbers each, and `String(n)` went through the
    /// standard library's generic integer printer each time.
    package mutating func appendDecimal(_ n: Int) {
        if n < 0 { append(UInt8(ascii: "-")) }
        // The magnitude as unsigned (-Int.min does not fit in an Int); its width first, so the
        // digits are written in place from the last.
        let magnitude = n.magnitude
        var width = 1
        var scan = magnitude
        while scan >= 10 {
            scan /= 10
            width += 1
        }
        let start = count
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width))
        var rest = magnitude
        var index = start + width - 1
        while rest > 0 {
            self[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
    }
}
