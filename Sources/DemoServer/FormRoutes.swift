import FormCore
import Hummingbird

/// One route per shipped form (`Forms/*.yaml`), at the form's own submit path under the root, so
/// `--endpoint http://127.0.0.1:8080` submits every shipped form to a server that checks it with
/// its own code (`DemoField`) and a few rules only a server knows (a taken username, an SKU the
/// catalogue does not hold, inside a line with the item's path), answering in the form's
/// declared dialect (`auto` and none: Django REST framework's shape, as the fake does).
///
/// Every route honours `Idempotency-Key` (scoped to the path): a key accepted before with the
/// same body gets the first answer again (`201 {"id":N}`) and nothing is stored; the same key
/// with another body is refused with 422 and a non-field error (the IETF Idempotency-Key draft's
/// answer to a reused key), nothing stored. A rejected request stores nothing, so a retry after
/// a fix is checked afresh. `dock-booking` submits to `/echo/bookings`, the careless echo route.
enum FormRoutes {
    struct Form: Sendable {
        var path: String
        var method: HTTPRequest.Method = .post
        var dialect: ErrorDialect = .drf
        var fields: [DemoField]
        /// Rules only the server knows, run when the fields are well formed.
        var rules: @Sendable ([String: JSONValue]) -> [ServerError] = { _ in [] }
    }

    static let reusedKey = "This Idempotency-Key was already used with a different request body."

    /// The catalogue's SKUs for a goods receipt's lines and a work order's parts: a SKU ending in
    /// `999` (`ABC-999`, `P-999`) or the fake's `XXX-0` is not held.
    static func isKnownArticle(_ sku: String) -> Bool {
        !sku.hasSuffix("999") && sku != "XXX-0"
    }

    static let forms: [Form] = [
        Form(path: "/api/signup", fields: [
            DemoField("username"), DemoField("email"), DemoField("password"),
            DemoField("age", .integer(13...120), required: false), DemoField("country"),
        ], rules: { object in
            guard case .string(let name)? = object["username"], CheckRoutes.takenUsernames.contains(name.lowercased()) else { return [] }
            return [ServerError(path: [.key("username")], message: "This username is already taken.", code: "unique")]
        }),
        Form(path: "/api/login", fields: [DemoField("username"), DemoField("password")], rules: { object in
            object["password"] == .string("correct horse")
                ? [] : [ServerError(path: nil, message: "Wrong username or password.", code: "invalid_credentials")]
        }),
        Form(path: "/api/incidents", dialect: .problem, fields: [
            DemoField("title"), DemoField("description"), DemoField("occurred_on"), DemoField("detected_on"),
            DemoField("severity"), DemoField("paged_on_call", .boolean, required: false),
            DemoField("escalation_contact", required: false), DemoField("dashboard_url", required: false),
        ], rules: { object in
            guard case .string(let title)? = object["title"], title.lowercased() == "testing" else { return [] }
            return [ServerError(path: [.key("title")], message: "Describe the incident, not a test.", code: "invalid")]
        }),
        Form(path: "/api/orders", fields: [
            DemoField("warehouse"), DemoField("sku"), DemoField("qty", .integer(1...Int.max)), DemoField("unit_price", .number),
        ], rules: { object in
            guard case .string(let sku)? = object["sku"], CheckRoutes.skus[sku] == nil else { return [] }
            return [ServerError(path: [.key("sku")], message: "No such article.", code: "unknown_sku")]
        }),
        Form(path: "/api/stock-requests", fields: [
            DemoField("warehouse"), DemoField("dock"), DemoField("sku"), DemoField("qty", .integer(1...Int.max)),
            DemoField("unit_price", .number),
        ], rules: { object in
            var errors: [ServerError] = []
            if case .string(let warehouse)? = object["warehouse"], case .string(let dock)? = object["dock"],
               !(CheckRoutes.docks[warehouse] ?? []).contains(dock) {
                errors.append(ServerError(path: [.key("dock")], message: "This dock is not in that warehouse.", code: "invalid_choice"))
            }
            if case .string(let sku)? = object["sku"], CheckRoutes.skus[sku] == nil {
                errors.append(ServerError(path: [.key("sku")], message: "No such article.", code: "unknown_sku"))
            }
            return errors
        }),
        Form(path: "/patients", fields: [
            DemoField("mrn"), DemoField("given_name"), DemoField("family_name"), DemoField("birth"),
            DemoField("phone", required: false), DemoField("ward"), DemoField("reason", required: false),
        ]),
        Form(path: "/api/ports", fields: [
            DemoField("switch"), DemoField("port"), DemoField("vlan", .integer(1...4094)), DemoField("mode"), DemoField("description"),
        ], rules: { object in
            guard case .string(let text)? = object["description"], text.lowercased() == "tbd" else { return [] }
            return [ServerError(path: [.key("description")], message: #"Say what is plugged in, not "tbd"."#, code: "invalid")]
        }),
        Form(path: "/api/shipments", method: .put, fields: [
            DemoField("reference"), DemoField("weight_kg", .number), DemoField("parcels", .integer(1...999)),
            DemoField("handling", .texts, required: false), DemoField("hazard_class", required: false),
            DemoField("address", .object([
                DemoField("street"), DemoField("city"), DemoField("postcode"), DemoField("country"), DemoField("phone", required: false),
            ])),
        ]),
        Form(path: "/api/switch-ports", fields: [
            DemoField("switch"), DemoField("port", .integer(1...52)), DemoField("mode"),
            DemoField("address", required: false), DemoField("gateway", required: false),
            DemoField("device_mac", required: false), DemoField("window_opens"), DemoField("window_closes"),
            DemoField("daily_quiet_from", required: false),
        ], rules: { object in
            guard object["mode"] == .string("routed"), object["gateway"] == nil else { return [] }
            return [ServerError(path: [.key("gateway")], message: "A routed port needs a gateway.", code: "required")]
        }),
        Form(path: "/api/trunks", fields: [
            DemoField("switch"), DemoField("vlans", .integers(1...4094)), DemoField("ntp_servers", .texts, required: false),
        ]),
        Form(path: "/api/work-orders", fields: [
            DemoField("site"), DemoField("kind"), DemoField("fault", required: false),
            DemoField("parts", .items([DemoField("sku"), DemoField("qty", .integer(1...99))]), required: false),
            DemoField("checklist", required: false), DemoField("findings", required: false),
            DemoField("serial", required: false), DemoField("hours", .number),
        ], rules: { object in unknownArticles(in: object["parts"], list: "parts") }),
        Form(path: "/api/receipts", fields: [
            DemoField("supplier"), DemoField("received"), DemoField("dock"),
            DemoField("lines", .items([
                DemoField("sku"), DemoField("qty", .integer(1...1000)), DemoField("lot", required: false),
                DemoField("damaged", .integer(1...Int.max), required: false),
            ])),
            DemoField("serials", .texts, required: false), DemoField("driver_name", required: false),
        ], rules: { object in unknownArticles(in: object["lines"], list: "lines") }),
    ]

    /// An error on `LIST.N.sku` for each line whose SKU the catalogue does not hold.
    static func unknownArticles(in lines: JSONValue?, list: String) -> [ServerError] {
        guard case .array(let items)? = lines else { return [] }
        return items.enumerated().compactMap { index, item in
            guard case .object(let members) = item, case .string(let sku)? = members["sku"], !isKnownArticle(sku) else { return nil }
            return ServerError(path: [.key(list), .index(index), .key("sku")], message: "No such article.", code: "unknown_sku")
        }
    }

    static func add(to router: Router<BasicRequestContext>, accounts: DemoAccounts) {
        for form in forms {
            router.on(RouterPath(stringLiteral: form.path), method: form.method) { request, _ -> Response in
                var request = request
                let body = Array(try await request.collectBody(upTo: 1 << 20).readableBytesView)
                return respond(form, body: body, key: request.headers.first { $0.name.canonicalName == "idempotency-key" }?.value, accounts: accounts)
            }
        }
    }

    static func respond(_ form: Form, body: [UInt8], key: String?, accounts: DemoAccounts) -> Response {
        switch accounts.replay(key: key, path: form.path, body: body) {
        case .accepted(let id):
            return DemoResponse.json(.created, #"{"id":\#(id)}"#)
        case .conflict:
            let reused = ServerError(path: nil, message: reusedKey, code: "idempotency_key_reused")
            return DemoResponse.written(RejectionWriter.write([reused], as: .dialect(form.dialect), status: 422))
        case .none:
            break
        }
        guard case .object(let object)? = JSONValue.parse(body) else {
            let invalid = ServerError(path: nil, message: "The body must be a JSON object.", code: "parse_error")
            return DemoResponse.written(RejectionWriter.write([invalid], as: .dialect(form.dialect), status: 400))
        }
        var lengths: [[ServerError.PathComponent]: Int] = [:]
        var errors = DemoField.check(object, form.fields, lengths: &lengths)
        if errors.isEmpty { errors = form.rules(object) }
        guard errors.isEmpty else {
            return DemoResponse.written(RejectionWriter.write(errors, as: .dialect(form.dialect), extras: RejectionExtras(listLengths: lengths)))
        }
        let id = accounts.accept(key: key, path: form.path, body: body)
        return DemoResponse.json(.created, #"{"id":\#(id)}"#)
    }
}

extension DemoServer {
    /// Each shipped form's submit route (`POST /api/signup`, ...): a test holds it to `Forms/`.
    package static var formRoutes: [(method: String, path: String)] { FormRoutes.forms.map { ($0.method.rawValue, $0.path) } }
}
