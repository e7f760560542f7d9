import FormCore
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat

/// Placeholder for the OpenAPI -> form reader (issue 21); the module exists so the dependency is built.
package enum OpenAPIDocumentReader {}
