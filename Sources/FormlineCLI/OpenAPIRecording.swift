import FormSystem

/// `fill --openapi ... --record NAME.session`: the transcript names a copy of the document kept
/// beside it (`NAME.openapi.json`, or `.yaml` for a YAML document) and the operation, so
/// `formline replay` rebuilds the same form from that copy and never fetches anything.
enum OpenAPIRecording {
    /// `x/signup.session` -> `x/signup.openapi.json`.
    static func copyPath(transcript: String, source: OpenAPIFormDeriver.Derived) -> String {
        let base = transcript.hasSuffix(".session") ? String(transcript.dropLast(".session".count)) : transcript
        let lower = source.source.argument.lowercased().prefix { $0 != "?" && $0 != "#" }
        let yaml = lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
        return base + (yaml ? ".openapi.yaml" : ".openapi.json")
    }

    struct CopyError: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes the document's bytes to `path` (atomically, 0600; its folder must exist, as the
    /// transcript's must).
    static func writeCopy(of source: inout OpenAPISource, to path: String) throws {
        let bytes = try source.bytes()
        do {
            try AtomicFile.write(bytes, to: path, mode: 0o600, createFolders: false)
        } catch {
            throw CopyError(description: "\(path): cannot write the document's copy: \(error.reason)")
        }
    }
}
