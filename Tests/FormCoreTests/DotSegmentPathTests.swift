import Testing
@testable import FormCore

/// Issue 33 item 9: a path placeholder whose value is `..` or `.` is not sent as a dot segment
/// (`PUT /api/users/../notes` reached `/api/notes`): its dots are percent-encoded.
@Suite struct DotSegmentPathTests {
    @Test func aPlaceholderValueOfDotsIsSentPercentEncoded() {
        #expect(SubmitPath.fill("/api/users/{id}/notes", values: ["id": .text("..")]) == "/api/users/%2E%2E/notes")
        #expect(SubmitPath.fill("/api/users/{id}/notes", values: ["id": .text(".")]) == "/api/users/%2E/notes")
        #expect(SubmitPath.fill("/api/users/{id}", values: ["id": .text("...")]) == "/api/users/%2E%2E%2E")
    }

    @Test func aSegmentMadeOfDotsByLiteralAndValueTogetherIsEncodedToo() {
        #expect(SubmitPath.fill("/files/.{ext}/x", values: ["ext": .text(".")]) == "/files/%2E%2E/x")
        #expect(SubmitPath.fill("/a/{x}{y}", values: ["x": .text("."), "y": .text(".")]) == "/a/%2E%2E")
    }

    @Test func dotsBesideOtherTextAndTheFormsOwnSegmentsStayAsWritten() {
        #expect(SubmitPath.fill("/api/users/{id}", values: ["id": .text("..a")]) == "/api/users/..a")
        #expect(SubmitPath.fill("/api/../users/{id}", values: ["id": .text("1.2")]) == "/api/../users/1.2")
        #expect(SubmitPath.fill("/api/users/{id}", values: ["id": .text("../admin")]) == "/api/users/..%2Fadmin")
        #expect(SubmitPath.fill("/api/users/{id}", values: ["id": .text("")]) == "/api/users/")
        #expect(SubmitPath.fill("/no/{placeholder", values: [:]) == "/no/{placeholder")
    }
}
