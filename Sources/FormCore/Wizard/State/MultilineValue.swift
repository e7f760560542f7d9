/// The lines of a multiline value being typed, kept apart from the phase so that appending one
/// does not copy the lines before it (40,000 pasted lines stay linear), and so that `handle`'s
/// switch over the phase copies nothing large.
struct MultilineValue: Sendable, Equatable {
    private(set) var lines: [String] = []
    /// UTF-8 bytes of the lines with their line ends, for the 1 MiB bound.
    private(set) var bytes = 0

    var isEmpty: Bool { lines.isEmpty }

    /// Adds `line` unless the value would pass `limit` bytes; returns whether it was added.
    mutating func append(_ line: String, limit: Int) -> Bool {
        let total = bytes + line.utf8.count + (lines.isEmpty ? 0 : 1)
        guard total <= limit else { return false }
        lines.append(line)
        bytes = total
        return true
    }

    /// The value as typed so far: blank lines around it dropped, lines kept as typed.
    var text: String { Wizard.joinMultiline(lines) }
}
