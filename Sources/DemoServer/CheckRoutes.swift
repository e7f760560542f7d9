import FormCore
import Hummingbird

/// The answers to server checks (docs/checks.md) for the shipped forms, under the root and under
/// each dialect prefix (a check's path is joined to `--endpoint` like the submit path):
/// - `GET /api/usernames/NAME`: 200 `{"username":NAME,"available":true}`, or for a taken name
///   (`admin`, `root`, `mallory`, any case) a rejection on `username` in the prefix's dialect (written by
///   FormCore's `RejectionWriter`, as the signup's rejections are; Django REST framework's shape
///   at the root), so a check's error is read in every dialect.
/// - `GET /api/skus/SKU?warehouse=W`: 200 `{"sku","name","price"}` for a known SKU (`ABC-1`,
///   `ABC-2`), else 404 `{"detail":"Not found."}`.
/// - `GET /api/docks?warehouse=W`: 200, the docks of warehouse `Oslo`, `Bergen` or `Trondheim`
///   (40 docks: a long list) as a JSON list
///   of `{"code","name"}` objects (`choices_from` with `value: /code`), else 404.
/// `/fault/slow` answers a GET too, for a check that takes a while.
enum CheckRoutes {
    static let takenUsernames: Set<String> = ["admin", "root", "mallory"]
    static let skus: [String: (name: String, price: String)] = [
        "ABC-1": ("Widget, blue, 12-pack", "12.50"),
        "ABC-2": ("Widget, red, 6-pack", "7.25"),
    ]

    static let docks: [String: [String]] = [
        "Oslo": ["OSL-A", "OSL-B", "OSL-C"],
        "Bergen": ["BGO-1", "BGO-2"],
        // A long list (docs/checks.md, "Long lists"): narrowed by prefix, never printed whole.
        "Trondheim": (1...40).map { "TRD-" + ($0 < 10 ? "0" : "") + String($0) },
    ]

    static func add(to router: Router<BasicRequestContext>, dialects: [ErrorDialect]) {
        for (prefix, dialect) in [("", ErrorDialect.drf)] + dialects.map({ ("/" + $0.rawValue, $0) }) {
            router.get("\(prefix)/api/usernames/:name") { _, context -> Response in
                let name = context.parameters.get("name") ?? ""
                if takenUsernames.contains(name.lowercased()) {
                    let taken = ServerError(path: [.key("username")], message: "This username is already taken.", code: "unique")
                    return DemoResponse.written(RejectionWriter.write([taken], as: .dialect(dialect)))
                }
                return DemoResponse.json(.ok, #"{"available":true,"username":"# + DemoResponse.quoted(name) + "}")
            }
            router.get("\(prefix)/api/docks") { request, _ -> Response in
                let warehouse = request.uri.queryParameters.get("warehouse").map { String($0) } ?? ""
                guard let codes = docks[warehouse] else { return DemoResponse.json(.notFound, #"{"detail":"Not found."}"#) }
                let items = codes.map { #"{"code":"# + DemoResponse.quoted($0) + #","name":"# + DemoResponse.quoted("Dock " + $0) + "}" }
                return DemoResponse.json(.ok, "[" + items.joined(separator: ",") + "]")
            }
            router.get("\(prefix)/api/skus/:sku") { _, context -> Response in
                let sku = context.parameters.get("sku") ?? ""
                guard let known = skus[sku] else { return DemoResponse.json(.notFound, #"{"detail":"Not found."}"#) }
                return DemoResponse.json(
                    .ok, #"{"name":"# + DemoResponse.quoted(known.name) + #","price":"# + DemoResponse.quoted(known.price)
                        + #","sku":"# + DemoResponse.quoted(sku) + "}")
            }
        }
    }
}
