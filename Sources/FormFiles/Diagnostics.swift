import Yams

/// A place in a form file: 1-based line and column (columns in Unicode scalars, as libyaml counts).
struct Position: Hashable, Comparable, Sendable {
    let line: Int
    let column: Int

    static let start = Position(line: 1, column: 1)

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    init(_ mark: Mark?) {
        self.init(line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// Collects every error found while reading one form file, so a single pass reports them all.
final class Diagnostics {
    let file: String
    private(set) var errors: [FormFileError] = []
    /// Things that load but deserve the author's look (`formline check` prints them).
    private(set) var warnings: [FormFileError] = []

    /// Whether warnings are wanted (`formline check`): some cost real work (a pattern compiled by
    /// a second engine), which `fill` must not pay before its first prompt.
    let wantsWarnings: Bool

    init(file: String, wantsWarnings: Bool = false) {
        self.file = file
        self.wantsWarnings = wantsWarnings
    }

    var isEmpty: Bool { errors.isEmpty }

    func error(_ message: String, at position: Position) {
        let e = FormFileError(file: file, line: position.line, column: position.column, message: message)
        if !errors.contains(e) { errors.append(e) }
    }

    func warning(_ message: String, at position: Position) {
        let w = FormFileError(file: file, line: position.line, column: position.column, message: message)
        if !warnings.contains(w) { warnings.append(w) }
    }

    /// The errors by position (stable for errors at the same place).
    var sorted: [FormFileError] {
        errors.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }
}
