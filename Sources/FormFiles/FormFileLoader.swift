#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import FormCore
import FormSystem

/// Loads form files (YAML) into a `FormSpec`, reporting every mistake at once as `FILE:LINE:COL`.
///
/// ```swift
/// switch FormFileLoader.load(path: "Forms/signup.yaml") {
/// case .success(let form): print(form.title)
/// case .failure(let errors): print(errors)   // Forms/signup.yaml:12:11: unknown field type "emial" ...
/// }
/// ```
public enum FormFileLoader {
    /// The largest form file read (docs/form-files.md): forms are written by people.
    public static let maximumSize = WholeFile.defaultLimit

    /// Reads and parses the file at `path`; an unreadable file is one error without a position.
    public static func load(path: String) -> Result<FormSpec, FormFileErrors> {
        read(path: path).flatMap { load(bytes: $0, path: path) }
    }

    /// The file's bytes, for callers that also need them (the draft's form fingerprint), so the
    /// file is read once.
    public static func read(path: String) -> Result<[UInt8], FormFileErrors> {
        do {
            return .success(try WholeFile.read(path, limit: maximumSize))
        } catch {
            return .failure(FormFileErrors([
                FormFileError(file: path, line: 0, column: 0, message: "cannot read: \(error.reason)")
            ]))
        }
    }

    /// Parses a form file's bytes; `path` is only used in error messages.
    public static func load(bytes: [UInt8], path: String) -> Result<FormSpec, FormFileErrors> {
        if let (line, column) = firstInvalidUTF8(bytes) {
            return .failure(FormFileErrors([
                FormFileError(file: path, line: line, column: column, message: "the file is not UTF-8 text")
            ]))
        }
        return parse(yaml: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// Parses form-file text; `path` is only used in error messages.
    public static func parse(yaml: String, path: String) -> Result<FormSpec, FormFileErrors> {
        read(yaml: yaml, diagnostics: Diagnostics(file: path)).form
    }

    /// What `formline check` reports for a file: the form or its errors, and the warnings.
    public struct Report: Sendable {
        public var form: Result<FormSpec, FormFileErrors>
        /// Mistakes that do not stop the form from loading (`FILE:LINE:COL: warning: ...`).
        public var warnings: [FormFileError]
    }

    /// Reads and checks the file at `path`, with warnings.
    public static func check(path: String) -> Report {
        switch read(path: path) {
        case .success(let bytes):
            if let (line, column) = firstInvalidUTF8(bytes) {
                return Report(form: .failure(FormFileErrors([
                    FormFileError(file: path, line: line, column: column, message: "the file is not UTF-8 text")
                ])), warnings: [])
            }
            return check(yaml: String(decoding: bytes, as: UTF8.self), path: path)
        case .failure(let errors):
            return Report(form: .failure(errors), warnings: [])
        }
    }

    /// Parses form-file text with warnings; `path` is only used in messages.
    public static func check(yaml: String, path: String) -> Report {
        read(yaml: yaml, diagnostics: Diagnostics(file: path, wantsWarnings: true))
    }

    private static func read(yaml text: String, diagnostics: Diagnostics) -> Report {
        // A byte-order mark (editors on Windows write one) is skipped, as in answers files: left
        // in, Yams calls the whole file invalid YAML. Positions are unchanged (it is before
        // line 1, column 1).
        var yaml = text
        if yaml.unicodeScalars.first == "\u{FEFF}" { yaml = String(yaml.unicodeScalars.dropFirst()) }
        let document = YAMLDocument.compose(yaml, diagnostics: diagnostics)
        let reader = YAMLNodeReader(diagnostics: diagnostics, skippedKeys: document.skippedKeys)
        let syntaxOK = diagnostics.isEmpty || document.root != nil
        let form = syntaxOK ? FormReader(reader: reader).read(document.root) : nil
        let warnings = diagnostics.warnings.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        if let form, diagnostics.isEmpty { return Report(form: .success(form), warnings: warnings) }
        return Report(form: .failure(FormFileErrors(diagnostics.sorted)), warnings: warnings)
    }

    /// The line and column of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> (Int, Int)? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1, column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s):
                if s == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput: return nil
            case .error: return (line, column)
            }
        }
    }
}
