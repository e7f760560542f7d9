#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import FormCore

/// Loads form files (YAML) into a `FormSpec`, reporting every mistake at once as `FILE:LINE:COL`.
///
/// ```swift
/// switch FormFileLoader.load(path: "Forms/signup.yaml") {
/// case .success(let form): print(form.title)
/// case .failure(let errors): print(errors)   // Forms/signup.yaml:12:11: unknown field type "emial" ...
/// }
/// ```
public enum FormFileLoader {
    /// Reads and parses the file at `path`; an unreadable file is one error without a position.
    public static func load(path: String) -> Result<FormSpec, FormFileErrors> {
        read(path: path).flatMap { load(bytes: $0, path: path) }
    }

    /// The file's bytes, for callers that also need them (the draft's form fingerprint), so the
    /// file is read once.
    public static func read(path: String) -> Result<[UInt8], FormFileErrors> {
        readBytes(path).mapError { reason in
            FormFileErrors([FormFileError(file: path, line: 0, column: 0, message: "cannot read: \(reason)")])
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
        let diagnostics = Diagnostics(file: path)
        let document = YAMLDocument.compose(yaml, diagnostics: diagnostics)
        let reader = YAMLNodeReader(diagnostics: diagnostics, skippedKeys: document.skippedKeys)
        let syntaxOK = diagnostics.isEmpty || document.root != nil
        let form = syntaxOK ? FormReader(reader: reader).read(document.root) : nil
        if let form, diagnostics.isEmpty { return .success(form) }
        return .failure(FormFileErrors(diagnostics.sorted))
    }

    private static func readBytes(_ path: String) -> Result<[UInt8], ReadFailure> {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(ReadFailure(errno)) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(errno))
            }
            if n == 0 { return .success(bytes) }
            bytes.append(contentsOf: buffer[0..<n])
        }
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

/// An errno from reading a form file, described as `strerror` does ("No such file or directory").
struct ReadFailure: Error, CustomStringConvertible {
    let code: Int32
    init(_ code: Int32) { self.code = code }
    var description: String { String(cString: strerror(code)) }
}
