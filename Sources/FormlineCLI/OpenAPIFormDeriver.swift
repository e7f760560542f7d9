import FormCore
import FormFiles
import FormOpenAPI
import FormSessions
import FormSystem
import FormTransport

/// `fill --openapi DOC --operation OP`: the form of one operation, from the cache when this
/// document (by content), operation and formline version were derived before, else from the
/// translator (`OpenAPIForms`), whose form-file text is cached for the next run.
///
/// A cache hit touches neither the translator nor the document's bytes: only the cached YAML is
/// read, by the same loader as any form file (docs/PERFORMANCE.md, "OpenAPI").
struct OpenAPIFormDeriver {
    struct Derived {
        /// The form-file text and the form it loads to (its id made per document, see `draftID`).
        var yaml: [UInt8]
        var spec: FormSpec
        /// What the translator said about the operation (comments in the YAML too).
        var notes: [String]
        /// The document, kept for `--record`'s local copy.
        var source: OpenAPISource
        /// The name the form was built under (its title and comments say it); a transcript keeps
        /// it, so a replay from the local copy builds the same form.
        var documentName: String
    }

    let cache: OpenAPICache

    /// The name `OpenAPIForms` builds under: a file's own name, or a URL's last path part.
    static func documentName(of argument: String) -> String {
        let path = OpenAPISource.isURL(argument) ? String(argument.prefix { $0 != "?" && $0 != "#" }) : argument
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.isEmpty ? path : last
    }

    func derive(_ options: FillOptions, tls: TLSFiles, environment: [String: String]) -> Result<Derived, OpenAPISource.Problem> {
        guard let document = options.openapi, let operation = options.operation else {
            return .failure(OpenAPISource.Problem(description: CLIMessage.openapiNeedsOperationShort.text))
        }
        var source: OpenAPISource
        do {
            source = try OpenAPISource.open(document, refresh: options.refresh, cache: cache,
                                            timeout: options.timeout, tls: tls, environment: environment)
        } catch let problem as OpenAPISource.Problem {
            return .failure(problem)
        } catch {
            return .failure(OpenAPISource.Problem(description: CLIMessage.documentProblem(document: document, problem: String(describing: error)).text))
        }
        let name = Self.documentName(of: document)
        let operationKey = "\(name)\n\(operation)"
        let key = OpenAPICache.formKey(documentHash: source.sha256, operation: operationKey)
        func finish(_ yaml: [UInt8], _ notes: [String], _ spec: FormSpec) -> Derived {
            var spec = spec
            spec.id = Self.draftID(formID: spec.id, document: document)
            let named = notes.map { "\(document): \($0)" }
            return Derived(yaml: yaml, spec: spec, notes: source.notes + named, source: source, documentName: name)
        }
        // A cached entry that does not load is rebuilt, never fatal: it may be corrupt.
        if let hit = cache.form(key: key, documentHash: source.sha256, operation: operationKey),
           case .success(let spec) = Self.load(yaml: hit.yaml, document: document, operation: operation) {
            return .success(finish(hit.yaml, hit.notes, spec))
        }
        let yaml: [UInt8]
        let notes: [String]
        do {
            let bytes = try source.bytes()
            let form = try OpenAPIForms.formFile(from: bytes, documentName: name, operation: operation)
            yaml = Array(form.yaml.utf8)
            // Kept without the document's name: the cache key has only its file name, so
            // another path to the same bytes must print its own name (below).
            notes = form.problems.map(\.description)
        } catch let problem as OpenAPISource.Problem {
            return .failure(problem)
        } catch {
            return .failure(OpenAPISource.Problem(description: CLIMessage.documentProblem(document: document, problem: String(describing: error)).text))
        }
        switch Self.load(yaml: yaml, document: document, operation: operation) {
        case .success(let spec):
            cache.storeForm(key: key, documentHash: source.sha256, operation: operationKey, yaml: yaml, notes: notes)
            return .success(finish(yaml, notes, spec))
        case .failure(let problem):
            return .failure(problem)
        }
    }

    /// The derived text through the ordinary loader; an error here is the translator's (it
    /// wrote a form the loader refuses), reported against the operation.
    static func load(yaml: [UInt8], document: String, operation: String) -> Result<FormSpec, OpenAPISource.Problem> {
        FormFileLoader.load(bytes: yaml, path: "\(document) (\(operation))").mapError { errors in
            OpenAPISource.Problem(description: errors.errors.map { TextCleaning.visible("\($0)") }.joined(separator: "\n")
                + "\nformline: " + CLIMessage.derivedFormDoesNotLoad.text)
        }
    }

    /// Drafts of an OpenAPI form are keyed by document and operation: the translator's id (one
    /// per operation) plus a short hash of where the document lives (its absolute path or URL),
    /// so the same operationId in two APIs never shares a draft, and a document that changes in
    /// place keeps its drafts (`--resume` checks each value against the new form).
    static func draftID(formID: String, document: String) -> String {
        let location = OpenAPISource.isURL(document) ? document : SessionPaths.absolute(document)
        return formID + "." + OpenAPICache.sha256(location).prefix(8)
    }
}
