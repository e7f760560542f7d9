import FormRunner
import FormSystem

/// What the terminal named by `TERM` can show, read from its compiled terminfo entry: colours
/// (`colors` at least 8), bold (`bold`) and dim (`dim`), each only with `sgr0` to end it.
///
/// A serial getty's `TERM=vt100` or `vt220` has bold but neither colour nor dim: red errors and
/// dim hints would reach it as stray `ESC[31m` / `ESC[2m`. The entry is parsed here, in the
/// legacy and the 32-bit number formats ncurses writes (term(5)), rather than through
/// `setupterm`, which would link ncurses' screen state into every run and print to the terminal
/// on a missing entry. A name that is not a plain file name, an entry not found, or one that does
/// not parse, has no styles: formline then writes no escape sequence of its own.
package enum TerminfoStyles {
    /// The largest entry read (ncurses' own limit for the extended format is 32768 bytes).
    static let sizeLimit = 32_768

    /// The styles of `environment["TERM"]`, looked up where ncurses looks: `$TERMINFO`,
    /// `~/.terminfo`, `$TERMINFO_DIRS`, then the system folders.
    package static func styles(environment: [String: String]) -> Renderer.Styles {
        guard let name = environment["TERM"], isPlainName(name) else { return [] }
        for folder in folders(environment: environment) {
            for sub in [String(name.prefix(1)), hex(name.utf8.first ?? 0)] {
                guard let bytes = try? WholeFile.read(folder + "/" + sub + "/" + name, limit: sizeLimit) else { continue }
                return styles(entry: bytes) ?? []
            }
        }
        return []
    }

    /// The styles a compiled entry grants; nil when `bytes` is not one.
    package static func styles(entry bytes: [UInt8]) -> Renderer.Styles? {
        func short(_ at: Int) -> Int? {
            guard at >= 0, at + 1 < bytes.count else { return nil }
            let v = Int(bytes[at]) | Int(bytes[at + 1]) << 8
            return v >= 0x8000 ? v - 0x10000 : v
        }
        func int32(_ at: Int) -> Int? {
            guard at >= 0, at + 3 < bytes.count else { return nil }
            let v = (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
            return v >= 0x8000_0000 ? v - 0x1_0000_0000 : v
        }
        guard let magic = short(0), magic == 0o432 || magic == 0o1036,
              let nameSize = short(2), let boolCount = short(4), let numberCount = short(6),
              let stringCount = short(8), let tableSize = short(10),
              nameSize >= 0, boolCount >= 0, numberCount >= 0, stringCount >= 0, tableSize >= 0 else { return nil }
        let numberWidth = magic == 0o1036 ? 4 : 2
        var at = 12 + nameSize + boolCount
        if at % 2 == 1 { at += 1 }
        let numbersAt = at
        let offsetsAt = numbersAt + numberCount * numberWidth
        let tableAt = offsetsAt + stringCount * 2
        guard tableAt + tableSize <= bytes.count else { return nil }

        func number(_ index: Int) -> Int {
            guard index < numberCount else { return -1 }
            let at = numbersAt + index * numberWidth
            return (numberWidth == 4 ? int32(at) : short(at)) ?? -1
        }
        func hasString(_ index: Int) -> Bool {
            guard index < stringCount, let offset = short(offsetsAt + index * 2) else { return false }
            return offset >= 0 && offset < tableSize
        }
        // term(5)'s order: `colors` is number 13; `bold` string 27, `dim` 30, `sgr0` 39.
        guard hasString(39) else { return [] }
        var styles: Renderer.Styles = []
        if number(13) >= 8 { styles.insert(.colour) }
        if hasString(27) { styles.insert(.bold) }
        if hasString(30) { styles.insert(.dim) }
        return styles
    }

    /// A terminal name is one file name: no `/`, no leading `.`, printable ASCII, bounded.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && name.first != "."
            && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }
    }

    /// The folders ncurses searches, in its order; relative paths are skipped.
    static func folders(environment: [String: String]) -> [String] {
        let system = ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        var folders: [String] = []
        if let own = environment["TERMINFO"], own.hasPrefix("/") { folders.append(own) }
        if let home = environment["HOME"], home.hasPrefix("/") { folders.append(home + "/.terminfo") }
        if let dirs = environment["TERMINFO_DIRS"] {
            for dir in dirs.split(separator: ":", omittingEmptySubsequences: false).prefix(32) {
                if dir.isEmpty { folders += system } else if dir.hasPrefix("/") { folders.append(String(dir)) }
            }
        }
        return folders + system
    }

    /// macOS names an entry's folder by its first byte in hex (`78/xterm`).
    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
