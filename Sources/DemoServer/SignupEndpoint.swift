import FormCore
import Foundation
import Hummingbird

/// The signup rules, shared by every dialect: `admin` is taken; the password must not contain the
/// username (ignoring case). Everything else is accepted with `201 {"id":N}`.
enum SignupEndpoint {
    static let samePassword = "The password is too similar to the username"
    static let samePasswordCode = "password_matches_username"

    struct Problems {
        var usernameTaken: String?
        var passwordMatchesUsername = false
        var isEmpty: Bool { usernameTaken == nil && !passwordMatchesUsername }
    }

    static func respond(to body: [UInt8], request: Request, writer: any DemoRejection.Type, accounts: DemoAccounts) -> Response {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            return DemoResponse.text(.badRequest, "the body must be a JSON object\n")
        }
        let username = object["username"] as? String
        var problems = Problems()
        if let username, username.lowercased() == "admin" { problems.usernameTaken = username }
        // Like Django's UserAttributeSimilarityValidator, only simpler: the password may not
        // contain the username, in any case. (formline's signup form already refuses an equal one.)
        if let username, !username.isEmpty, let password = object["password"] as? String,
           password.lowercased().contains(username.lowercased()) {
            problems.passwordMatchesUsername = true
        }
        if problems.isEmpty {
            let key = request.headers.first { $0.name.canonicalName == "idempotency-key" }?.value
            let id = accounts.accept(key: key, path: request.uri.path, body: body)
            return DemoResponse.json(.created, #"{"id":\#(id)}"#)
        }
        return writer.response(for: problems, path: request.uri.path)
    }
}

/// Small helpers for writing responses by hand: the bodies are the point of this server.
enum DemoResponse {
    static func json(_ status: HTTPResponse.Status, _ text: String, contentType: String = "application/json") -> Response {
        Response(
            status: status,
            headers: [.contentType: contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// A rejection as FormCore's `RejectionWriter` wrote it.
    static func written(_ rejection: WrittenRejection) -> Response {
        Response(
            status: HTTPResponse.Status(code: rejection.status),
            headers: [.contentType: rejection.contentType],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: rejection.body)))
    }

    static func text(_ status: HTTPResponse.Status, _ text: String, contentType: String = "text/plain; charset=utf-8") -> Response {
        json(status, text, contentType: contentType)
    }

    /// A JSON string literal for `text`.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
