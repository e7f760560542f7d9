extension Array where Element == UInt8 {
    /// Appends `n` in decimal, as `String(n)` writes it, without making the string: a batch
    /// record's key and report line write three numbers each, and `String(n)` went through the
    /// standard library's generic integer printer each time.
    package mutating func appendDecimal(_ n: Int) {
        if n < 0 { append(UInt8(ascii: "-")) }
        // The magnitude as unsigned: -Int.min does not fit in an Int.
        var rest = n.magnitude
        let start = count
        repeat {
            append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        self[start...].reverse()
    }
}
