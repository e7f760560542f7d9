import Testing
import FormCore

/// `ServerErrorMapper`'s rules for paths that carry framework wrappers, and for errors that name
/// no field: server_codes, then message routes, then the banner.
@Suite struct PathResolutionTests {
    let spec = FormSpec(
        id: "p",
        fields: [
            Field(name: "username"),
            Field(name: "items"),
            Field(name: "password", type: .secret, serverCodes: ["password_matches_username"]),
        ],
        submit: SubmitSpec(messageRoutes: [MessageRoute(text: "closed", field: "username")]))

    func place(_ errors: [ServerError], visible: Set<String> = ["username", "items", "password"]) -> ErrorPlacement {
        ServerErrorMapper.place(errors, in: spec, visibleFields: visible)
    }

    @Test func leadingSegmentsThatNameNoFieldAreDropped() {
        #expect(place([ServerError(path: [.key("data"), .key("attributes"), .key("username")], message: "taken")])
            == ErrorPlacement(fieldErrors: ["username": ["taken"]]))
        #expect(place([ServerError(path: [.key("payload"), .key("items"), .index(2), .key("qty")], message: "too many")])
            == ErrorPlacement(fieldErrors: ["items": ["items.2.qty: too many"]]))
    }

    @Test func aWholePathThatNamesAFieldIsNeverShortened() {
        // `items.username` lands on `items` (its parent), not on `username` by dropping `items`.
        #expect(place([ServerError(path: [.key("items"), .key("username")], message: "bad")])
            == ErrorPlacement(fieldErrors: ["items": ["items.username: bad"]]))
    }

    @Test func droppingNeverReachesAHiddenField() {
        #expect(place([ServerError(path: [.key("body"), .key("username")], message: "taken")], visible: ["items"])
            == ErrorPlacement(banner: ["body.username: taken"]))
    }

    @Test func aPathNamingNoFieldUsesItsCode() {
        #expect(place([ServerError(path: [.key("payload")], message: "too similar", code: "password_matches_username")])
            == ErrorPlacement(fieldErrors: ["password": ["too similar"]]))
    }

    @Test func thenMessageRoutesThenTheBanner() {
        #expect(place([
            ServerError(path: nil, message: "Signups are CLOSED today"),
            ServerError(path: [.key("meta")], message: "Closed for maintenance", code: "unknown_code"),
            ServerError(path: [.key("meta")], message: "rate limited"),
            ServerError(path: nil, message: "try later"),
        ]) == ErrorPlacement(
            fieldErrors: ["username": ["Signups are CLOSED today", "Closed for maintenance"]],
            banner: ["meta: rate limited", "try later"]))
    }

    @Test func anEmptyRouteMatchesNothing() {
        #expect(!MessageRoute(text: "", field: "username").matches("anything"))
    }
}
