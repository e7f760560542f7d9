import FormCore

/// A JSON Schema `pattern` (ECMA-262 syntax, matched anywhere in the value) as a form-file
/// `pattern` (PCRE2 with Unicode classes, matched against the whole value).
///
/// - Search becomes whole match: a pattern not already anchored at both ends is wrapped as
///   `(?s:.*?)(?:P)(?s:.*)`, which matches exactly the values P is found in.
/// - ECMA's `\d` and `\w` are ASCII; PCRE2's (with UCP) are Unicode: they are written out as
///   `[0-9]` and `[A-Za-z0-9_]` (`0-9`, `A-Za-z0-9_` inside a class). `\D`/`\W` inside a class
///   have no such spelling and refuse the pattern (the server still checks it).
/// - `\uHHHH` and `\u{H...}` become `\x{H...}`, which PCRE2 reads.
/// The result is compiled once here, so a pattern PCRE2 refuses never reaches a form file.
enum ECMAPattern {
    /// `/^...$/` or `/.../flags` whose body is anchored (`^` first or `$` last): a JavaScript
    /// regex literal pasted as a pattern. As written it matches nothing (a `^` after a `/` that
    /// was already consumed, a `$` before one), so it is not a pattern a form can use.
    static func isRegexLiteral(_ source: String) -> Bool {
        guard source.hasPrefix("/"), let close = source.lastIndex(of: "/"), close > source.startIndex else { return false }
        let flags = source[source.index(after: close)...]
        guard flags.allSatisfy({ "dgimsuvy".contains($0) }) else { return false }
        let body = source[source.index(after: source.startIndex)..<close]
        return body.hasPrefix("^") || (body.hasSuffix("$") && !body.hasSuffix("\\$"))
    }

    static func translate(_ source: String) -> Result<String, PatternRefusal> {
        guard source.utf8.count <= 4_096 else { return .failure(PatternRefusal("longer than 4096 bytes")) }
        var out = ""
        var inClass = false
        var chars = Array(source)[...]
        var depth = 0
        var topLevelAlternation = false
        while let c = chars.popFirst() {
            if c == "\\" {
                guard let e = chars.popFirst() else { return .failure(PatternRefusal("it ends with a lone backslash")) }
                switch e {
                case "d": out += inClass ? "0-9" : "[0-9]"
                case "w": out += inClass ? "A-Za-z0-9_" : "[A-Za-z0-9_]"
                case "D", "W":
                    if inClass { return .failure(PatternRefusal("\\\(e) inside a class has no PCRE2 equivalent with ECMA's ASCII meaning")) }
                    out += e == "D" ? "[^0-9]" : "[^A-Za-z0-9_]"
                case "u":
                    if chars.first == "{" {
                        let hex = chars.dropFirst().prefix { $0 != "}" }
                        guard !hex.isEmpty, hex.allSatisfy(\.isHexDigit), chars.count > hex.count + 1 else {
                            return .failure(PatternRefusal("a malformed \\u{...} escape"))
                        }
                        out += "\\x{\(String(hex))}"
                        chars = chars.dropFirst(hex.count + 2)
                    } else {
                        let hex = chars.prefix(4)
                        guard hex.count == 4, hex.allSatisfy(\.isHexDigit) else { return .failure(PatternRefusal("a malformed \\u escape")) }
                        out += "\\x{\(String(hex))}"
                        chars = chars.dropFirst(4)
                    }
                case "/": out += "/"
                default: out += "\\" + String(e)
                }
                continue
            }
            if inClass {
                if c == "]" { inClass = false }
                out.append(c)
                continue
            }
            switch c {
            case "[":
                // `[]` and `[^]` are ECMA's empty and any-character classes; PCRE2 reads `]` first as a literal.
                if chars.first == "]" {
                    chars.removeFirst()
                    out += "(?!)"
                } else if chars.starts(with: ["^", "]"]) {
                    chars.removeFirst(2)
                    out += "(?s:.)"
                } else {
                    inClass = true
                    out.append(c)
                }
            case "(": depth += 1; out.append(c)
            case ")": depth -= 1; out.append(c)
            case "|": if depth == 0 { topLevelAlternation = true }; out.append(c)
            default: out.append(c)
            }
        }
        guard !inClass else { return .failure(PatternRefusal("a class is not closed")) }
        let anchored = out.hasPrefix("^") && out.hasSuffix("$") && !out.hasSuffix("\\$") && !topLevelAlternation
        let whole = anchored ? out : "(?s:.*?)(?:\(out))(?s:.*)"
        do {
            _ = try FieldPattern(whole)
        } catch {
            return .failure(PatternRefusal("PCRE2 can't compile it (\(error))"))
        }
        return .success(whole)
    }
}

/// Why a schema's pattern is left to the server.
struct PatternRefusal: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
