/// Where a pattern's meaning under PCRE2 (formline's engine) can differ from Swift Regex (the
/// syntax formline documented before), so `formline check` can name each such pattern.
///
/// The rule (docs/form-files.md, "Patterns"): a warning for syntax one engine accepts and the other
/// refuses, for Swift-only syntax PCRE2 reads differently (class set operations and nested classes,
/// `{,n}`), for every construct that matches one whole character in Swift but one Unicode scalar in
/// PCRE2 (`.`, class escapes, `\p`, negated or non-ASCII bracket classes, non-ASCII literals), for
/// `\b`/`\B` and for inline options. A pattern made only of ASCII literals, ASCII bracket classes,
/// groups, alternation, quantifiers, anchors, backreferences and `\X` gets none: on such a pattern
/// both engines decide every value alike, because a value character made of several scalars can
/// match no part of it in either engine.
///
/// Swift Regex is only compiled here, never matched: its backtracking has no work limit.
package enum PatternPortability {
    /// Longest source handed to the Swift Regex compiler (the same bound as PCRE2's).
    static let swiftCompileBytes = PatternLimits.sourceBytes

    /// Deepest nesting of `(` and `[` handed to the Swift Regex compiler. Its parser recurses on
    /// nested classes without a limit of its own and overflows the stack (measured: 64 levels on a
    /// 256 KiB thread stack, 3,000 on an 8 MiB one), so deeper patterns are not compared.
    static let swiftCompileNesting = 32

    /// Swift Regex's compile error for `source`, nil when Swift accepts it, or `.notCompared` when
    /// the source is too large or too deeply nested to hand to Swift's compiler safely.
    static func swiftVerdict(_ source: String) -> SwiftVerdict {
        guard source.utf8.count <= swiftCompileBytes else {
            return .notCompared("longer than \(swiftCompileBytes) bytes")
        }
        guard nestingDepth(source) <= swiftCompileNesting else {
            return .notCompared("groups and classes nested more than \(swiftCompileNesting) deep")
        }
        do {
            _ = try Regex(source)
            return .accepted
        } catch {
            return .refused("\(error)")
        }
    }

    enum SwiftVerdict: Equatable {
        case accepted
        case refused(String)
        case notCompared(String)
    }

    /// Swift Regex's compile error, when Swift can be asked and refuses.
    static func swiftCompileError(_ source: String) -> String? {
        switch swiftVerdict(source) {
        case .refused(let message): return message
        case .accepted, .notCompared: return nil
        }
    }

    /// The deepest nesting of `(` and `[`, skipping escaped characters: an upper bound on how far
    /// Swift's parser recurses.
    static func nestingDepth(_ source: String) -> Int {
        var depth = 0
        var deepest = 0
        var escaped = false
        for byte in source.utf8 {
            if escaped {
                escaped = false
                continue
            }
            switch byte {
            case UInt8(ascii: "\\"): escaped = true
            case UInt8(ascii: "("), UInt8(ascii: "["):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth = max(0, depth - 1)
            default: break
            }
        }
        return deepest
    }

    /// The warnings for one pattern source, each a sentence without the pattern itself (the
    /// caller prefixes its position and source). Empty when both engines agree on every value.
    package static func warnings(_ source: String) -> [String] {
        let swiftError: String?
        switch swiftVerdict(source) {
        case .accepted: swiftError = nil
        case .refused(let message): swiftError = message
        case .notCompared(let why): return ["not compared with Swift Regex (\(why)): its meaning there is unknown"]
        }
        let pcreError: String?
        do {
            _ = try FieldPattern(source)
            pcreError = nil
        } catch {
            pcreError = "\(error)"
        }
        switch (swiftError, pcreError) {
        case (nil, let pcre?):
            return ["valid Swift Regex that formline's engine (PCRE2) refuses: \(pcre)"]
        case (let swift?, nil):
            return ["Swift Regex refuses this pattern (\(swift)); formline's engine (PCRE2) accepts it with PCRE2's meaning"]
        case (_?, _?):
            return []  // refused by both: the load error says so
        case (nil, nil):
            var scanner = PatternScanner(source)
            return scanner.scan().messages
        }
    }
}

extension FieldPattern {
    /// The portability warnings for `source` (see `PatternPortability`), for `formline check`.
    package static func portabilityWarnings(_ source: String) -> [String] {
        PatternPortability.warnings(source)
    }
}

/// What a lexical pass over a pattern (accepted by both engines) found.
private struct PatternFindings {
    var scalarConstructs: [String] = []
    var setOperations: [String] = []
    var wordBoundaries: [String] = []
    var inlineOptions: [String] = []
    var openMinimum: [String] = []
    var digitClass = false

    mutating func add(_ item: String, to list: WritableKeyPath<PatternFindings, [String]>) {
        if !self[keyPath: list].contains(item) { self[keyPath: list].append(item) }
    }

    var messages: [String] {
        var out: [String] = []
        if !setOperations.isEmpty {
            out.append("\(list(setOperations)): Swift Regex class set operations (--, &&, ~~) and nested classes "
                + "are literal characters in formline's engine (PCRE2); write the class out, or use a lookahead "
                + "such as (?![aeiou])[a-z]")
        }
        if !openMinimum.isEmpty {
            out.append("\(list(openMinimum)): Swift Regex reads {,n} as {0,n}, formline's engine (PCRE2) as literal text; write {0,n}")
        }
        if !scalarConstructs.isEmpty {
            var text = "\(list(scalarConstructs)) match one Unicode scalar in formline's engine (PCRE2) but one whole "
                + "character in Swift Regex, so a value with combined characters (e + U+0301, flags, emoji sequences) "
                + "can be decided differently"
            if digitClass {
                text += "; \\d is a Unicode decimal digit (\\p{Nd}), where Swift Regex also took numerals such as ½"
            }
            out.append(text)
        }
        if !wordBoundaries.isEmpty {
            out.append("\(list(wordBoundaries)): Swift Regex uses Unicode word boundaries, formline's engine (PCRE2) "
                + "a change between \\w and \\W (\"can't\" has a boundary before the apostrophe)")
        }
        if !inlineOptions.isEmpty {
            out.append("\(list(inlineOptions)): inline options differ in detail between Swift Regex and formline's "
                + "engine (PCRE2): case folding of non-ASCII letters, what (?x) ignores, what . and $ take")
        }
        return out
    }

    private func list(_ items: [String]) -> String {
        items.joined(separator: " ")
    }
}

/// A single pass over the pattern's scalars. It never decides validity (both compilers did); it
/// only spots the constructs the rule names, erring towards a warning when unsure.
private struct PatternScanner {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var findings = PatternFindings()

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    mutating func scan() -> PatternFindings {
        while index < scalars.count {
            let c = scalars[index]
            switch c {
            case "\\":
                scanEscape(inClass: false)
            case "[":
                scanClass()
            case ".":
                findings.add(".", to: \.scalarConstructs)
                index += 1
            case "(":
                scanGroupOpening()
            case "{":
                if peek(1) == "," { findings.add("{,", to: \.openMinimum) }
                index += 1
            default:
                if !c.isASCII { findings.add(String(c), to: \.scalarConstructs) }
                index += 1
            }
        }
        return findings
    }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    /// Reads `\...` at `index`; returns whether it was a class-like escape (one that matches a set).
    @discardableResult
    private mutating func scanEscape(inClass: Bool) -> Bool {
        guard let letter = peek(1) else {
            index += 1
            return false
        }
        let start = index
        index += 2
        switch letter {
        case "d", "D", "w", "W", "s", "S", "h", "H", "v", "V", "R":
            if letter == "d" || letter == "D" { findings.digitClass = true }
            if !inClass { findings.add("\\\(letter)", to: \.scalarConstructs) }
            return true
        case "p", "P":
            skipBraces()
            if !inClass { findings.add(text(from: start), to: \.scalarConstructs) }
            return true
        case "N":
            if peek(0) == "{" {
                skipBraces()
                let body = text(from: start)
                // \N{U+41} is an ASCII literal; any other \N{...} names a character, taken as non-ASCII.
                if !isASCIICodePoint(body) {
                    if !inClass { findings.add(body, to: \.scalarConstructs) }
                    return true
                }
                return false
            }
            if !inClass { findings.add("\\N", to: \.scalarConstructs) }
            return true
        case "x", "u":
            if peek(0) == "{" {
                skipBraces()
            } else {
                let digits = letter == "x" ? 2 : 4
                while index < scalars.count, index - start < digits + 2, scalars[index].properties.isASCIIHexDigit {
                    index += 1
                }
            }
            let body = text(from: start)
            if !isASCIICodePoint(body) {
                if !inClass { findings.add(body, to: \.scalarConstructs) }
                return true
            }
            return false
        case "b", "B":
            if !inClass { findings.add("\\\(letter)", to: \.wordBoundaries) }
            return false
        case "Q":
            while index < scalars.count, !(scalars[index] == "\\" && peek(1) == "E") {
                if !scalars[index].isASCII {
                    if !inClass { findings.add(String(scalars[index]), to: \.scalarConstructs) }
                    if inClass { return true }
                }
                index += 1
            }
            index = min(index + 2, scalars.count)
            return false
        default:
            if !letter.isASCII {
                if !inClass { findings.add(String(letter), to: \.scalarConstructs) }
                return true
            }
            return false
        }
    }

    /// Reads `[...]` at `index`, following Swift's nesting so set operations are seen.
    private mutating func scanClass() {
        let start = index
        index += 1
        let negated = peek(0) == "^"
        if negated { index += 1 }
        // A `]` first in the class is a literal in both engines.
        if peek(0) == "]" { index += 1 }
        var depth = 1
        var setLike = negated
        while index < scalars.count, depth > 0 {
            let c = scalars[index]
            switch c {
            case "\\":
                if scanEscape(inClass: true) { setLike = true }
            case "[":
                if peek(1) == ":" {
                    // POSIX [:alpha:]: Unicode-wide with UCP.
                    setLike = true
                    index += 2
                    while index < scalars.count, !(scalars[index] == ":" && peek(1) == "]") { index += 1 }
                    index = min(index + 2, scalars.count)
                } else {
                    findings.add("[", to: \.setOperations)
                    depth += 1
                    index += 1
                }
            case "]":
                depth -= 1
                index += 1
            case "-", "&", "~":
                if peek(1) == c { findings.add("\(c)\(c)", to: \.setOperations) }
                index += 1
            default:
                if !c.isASCII { setLike = true }
                index += 1
            }
        }
        if setLike { findings.add(shortened(text(from: start)), to: \.scalarConstructs) }
    }

    /// `(?#...)` comments are skipped; `(?i)`, `(?x:` and the like are inline options.
    private mutating func scanGroupOpening() {
        guard peek(1) == "?", let next = peek(2) else {
            index += 1
            return
        }
        if next == "#" {
            while index < scalars.count, scalars[index] != ")" { index += 1 }
            index += 1
            return
        }
        let namedGroup = next == "P" && (peek(3) == "<" || peek(3) == "=" || peek(3) == ">")
        if (next.properties.isAlphabetic && next.isASCII && !namedGroup) || next == "^" || next == "-" {
            let start = index
            index += 2
            while index < scalars.count, scalars[index] != ")", scalars[index] != ":" { index += 1 }
            index = min(index + 1, scalars.count)
            findings.add(text(from: start), to: \.inlineOptions)
            return
        }
        index += 2
    }

    private mutating func skipBraces() {
        guard peek(0) == "{" else {
            if index < scalars.count { index += 1 }  // \pL: a one-letter property
            return
        }
        while index < scalars.count, scalars[index] != "}" { index += 1 }
        index = min(index + 1, scalars.count)
    }

    private func text(from start: Int) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars[start..<min(index, scalars.count)])
        return String(out)
    }

    private func shortened(_ s: String) -> String {
        s.unicodeScalars.count <= 24 ? s : String(String.UnicodeScalarView(s.unicodeScalars.prefix(23))) + "…"
    }

    /// Whether `\x{41}`, `\u0041` or `\N{U+41}` names an ASCII code point (false for `\N{NAME}`).
    private func isASCIICodePoint(_ escape: String) -> Bool {
        if escape.hasPrefix("\\N"), !escape.hasPrefix("\\N{U+") { return false }
        let digits = escape.unicodeScalars.dropFirst(2).filter { $0.properties.isASCIIHexDigit }
        guard let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16) else { return false }
        return value < 0x80
    }
}
