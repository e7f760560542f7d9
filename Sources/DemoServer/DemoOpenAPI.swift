import Hummingbird

/// `GET /openapi.json`: an OpenAPI 3.1 description of the signup routes the demo serves, one
/// operation per error dialect (`POST /drf/signup`, operationId `signup_drf`, ...), so
/// `formline fill --openapi http://127.0.0.1:8080/openapi.json --operation signup_drf` works
/// against it (docs/openapi.md walks through it).
///
/// It answers with an `ETag` and a `Last-Modified` and honours `If-None-Match` and
/// `If-Modified-Since` with `304 Not Modified`, as a real framework's static document does, so
/// formline's revalidation can be seen (and tested) here.
enum DemoOpenAPI {
    /// The document never changes while the server runs: one validator for its life.
    static let etag = "\"formline-demo-openapi-1\""
    static let lastModified = "Sun, 22 Nov 2026 12:00:00 GMT"

    static func add(to router: Router<BasicRequestContext>) {
        router.get("/openapi.json") { request, _ -> Response in
            let unchanged = request.headers[.ifNoneMatch].map { $0.contains(etag) || $0 == "*" }
                ?? (request.headers[.ifModifiedSince] == lastModified)
            var headers: HTTPFields = [.eTag: etag, .lastModified: lastModified, .cacheControl: "no-cache"]
            if unchanged {
                return Response(status: .notModified, headers: headers)
            }
            headers[.contentType] = "application/json"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: document)))
        }
    }

    /// The signup body: the rules of Forms/signup.yaml, as a server would publish them.
    static let signupSchema = #"""
    {
      "type": "object",
      "required": ["username", "email", "password"],
      "properties": {
        "username": {"type": "string", "title": "Username", "minLength": 3, "maxLength": 20,
                     "pattern": "^[A-Za-z0-9_]+$", "description": "The name you log in with."},
        "email": {"type": "string", "format": "email", "title": "Email"},
        "password": {"type": "string", "format": "password", "writeOnly": true, "minLength": 8, "title": "Password"},
        "age": {"type": "integer", "minimum": 13, "maximum": 120, "title": "Age"},
        "country": {"type": "string", "enum": ["Norway", "Sweden", "Denmark", "Finland", "Iceland"],
                    "default": "Norway", "title": "Country"},
        "id": {"type": "integer", "readOnly": true}
      }
    }
    """#

    static var document: String {
        let operations = DemoServer.dialects.map { dialect in
            #"""
                "/\#(dialect.rawValue)/signup": {
                  "post": {
                    "operationId": "signup_\#(dialect.rawValue)",
                    "summary": "Create an account (\#(dialect.rawValue) errors)",
                    "requestBody": {
                      "required": true,
                      "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Signup"}}}
                    },
                    "responses": {
                      "201": {"description": "Created", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Created"}}}},
                      "4XX": {"description": "The signup was refused (\#(dialect.rawValue)'s error shape)"}
                    }
                  }
                }
            """#
        }.joined(separator: ",\n")
        return #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "formline demo server", "version": "1.0.0"},
          "paths": {
        \#(operations)
          },
          "components": {
            "schemas": {
              "Signup": \#(signupSchema),
              "Created": {"type": "object", "properties": {"id": {"type": "integer"}}}
            }
          }
        }
        """#
    }
}
