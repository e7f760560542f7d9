import FormCore
import FormFiles
import FormOpenAPI
import FormSessions
import FormSystem

/// `formline replay` of a `fill --openapi` session: the form is built again from the document's
/// local copy that the transcript names, never from a server and never from the cache (replay
/// touches no state).
enum OpenAPIReplay {
    static let loadForm: @Sendable (String, String, String?) -> Result<FormSpec, Replayer.FormLoadFailure> = { path, operation, name in
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(path, limit: OpenAPISource.documentLimit)
        } catch let error as FileReadError {
            return .failure(Replayer.FormLoadFailure(messages: [CLIMessage.documentCannotRead(path: path, reason: error.reason).text]))
        } catch {
            return .failure(Replayer.FormLoadFailure(messages: [CLIMessage.documentCannotRead(path: path, reason: String(describing: error)).text]))
        }
        let form: OpenAPIFormFile
        do {
            form = try OpenAPIForms.formFile(
                from: bytes, documentName: name ?? OpenAPIFormDeriver.documentName(of: path), operation: operation)
        } catch {
            return .failure(Replayer.FormLoadFailure(messages: ["\(path): \(error)"]))
        }
        return OpenAPIFormDeriver.load(yaml: Array(form.yaml.utf8), document: path, operation: operation)
            .mapError { Replayer.FormLoadFailure(messages: [$0.description]) }
    }
}
