import Testing
@testable import FormOpenAPI

@Test func placeholder() throws {
    #expect(throws: OpenAPIError.self) { try OpenAPIForms.operations(in: Array("{}".utf8)) }
}
