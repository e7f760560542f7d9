import Hummingbird

/// `GET /submissions[?after=ID][&limit=N]`: the accepted submissions, oldest first, as
/// `{"submissions":[{"id":N,"path":P,"body":{...}}, ...],"next":ID}` where `next` is the `after`
/// of the following page (null on the last). `limit` is 100 by default and at most 1,000; the
/// store keeps the newest 100,000 (`DemoAccounts`), so a page never costs more than that.
enum SubmissionsRoute {
    static let defaultLimit = 100
    static let maximumLimit = 1_000

    static func add(to router: Router<BasicRequestContext>, accounts: DemoAccounts) {
        router.get("/submissions") { request, _ -> Response in
            let query = request.uri.queryParameters
            let after = query.get("after").flatMap { Int(String($0)) } ?? 0
            let asked = query.get("limit").flatMap { Int(String($0)) } ?? defaultLimit
            guard asked >= 1 else { return DemoResponse.json(.badRequest, #"{"detail":"limit must be at least 1."}"#) }
            let page = accounts.page(after: after, limit: min(asked, maximumLimit))
            return DemoResponse.json(.ok, text(page.submissions, more: page.more))
        }
    }

    /// The page as JSON; each body was parsed as a JSON object before it was accepted, so it is
    /// written as it came.
    static func text(_ submissions: [DemoAccounts.Submission], more: Bool) -> String {
        var out = #"{"submissions":["#
        for (index, submission) in submissions.enumerated() {
            if index > 0 { out += "," }
            out += #"{"id":\#(submission.id),"path":"# + DemoResponse.quoted(submission.path) + #","body":"# + submission.body + "}"
        }
        let next = more ? submissions.last.map { String($0.id) } ?? "null" : "null"
        return out + #"],"next":\#(next)}"#
    }
}
