/// A whole form as loaded from its file: the fields in order, cross-field checks, where it is
/// submitted and how the in-process fake server behaves.
public struct FormSpec: Sendable, Equatable {
    public var id: String
    public var title: String
    public var fields: [Field]
    public var checks: [CrossFieldCheck]
    public var submit: SubmitSpec
    public var fake: FakeSpec
    /// The repeated groups (`- group: NAME`); their members are in `fields`, one declaration each,
    /// named `GROUP.MEMBER` with `group` set, contiguous, in form order.
    public var groups: [RepeatGroup]

    public init(
        id: String, title: String? = nil, fields: [Field], checks: [CrossFieldCheck] = [],
        submit: SubmitSpec = SubmitSpec(), fake: FakeSpec = FakeSpec(), groups: [RepeatGroup] = []
    ) {
        self.id = id
        self.groups = groups
        self.title = title ?? id
        self.fields = fields
        self.checks = checks
        self.submit = submit
        self.fake = fake
    }

    public func field(named name: String) -> Field? { fields.first { $0.name == name } }
    public func index(of name: String) -> Int? { fields.firstIndex { $0.name == name } }
}

/// Where and how the completed form is sent.
public struct SubmitSpec: Sendable, Equatable {
    public enum Method: String, Sendable, CaseIterable { case POST, PUT, PATCH }

    public var method: Method
    /// Appended to `--endpoint` as a string, so a base path in the endpoint is kept. `{name}`
    /// placeholders take a field's value (`SubmitPath`); those fields are not sent in the body.
    public var path: String

    /// The fields the path's placeholders name: sent in the path, not in the body.
    package var pathFieldNames: [String] { SubmitPath.fieldNames(in: path) }
    public var errors: ErrorDialect
    /// With `errors: auto`, the dialect the API documents (`submit.prefer_errors`; what
    /// `fill --openapi` guesses from an operation's error responses): a response that fits it is
    /// read as it, any other as `auto` reads it. A guess from documentation never makes an answer
    /// another dialect reads unreadable; a named `errors` dialect stays strict.
    package var preferredErrors: ErrorDialect?
    /// Server path -> field name, for servers whose names differ from the form's.
    public var aliases: [String: String]
    /// The form's own error shape (`errors:` as a mapping); when set it is read instead of `errors`.
    package var errorShape: ErrorShape?
    /// Message text -> field, for errors that name no field and carry no code
    /// (`ServerErrorMapper`, "routing by message").
    package var messageRoutes: [MessageRoute]
    /// How the payload is written on the wire (`submit.body`, `submit.type`).
    public var body: RequestBody

    public init(method: Method = .POST, path: String = "/", errors: ErrorDialect = .auto, aliases: [String: String] = [:]) {
        self.init(method: method, path: path, errors: errors, aliases: aliases, errorShape: nil, messageRoutes: [])
    }

    /// With the form file's own error shape and message routes (FormFiles reads them).
    package init(
        method: Method = .POST, path: String = "/", errors: ErrorDialect = .auto, aliases: [String: String] = [:],
        errorShape: ErrorShape? = nil, messageRoutes: [MessageRoute] = [], body: RequestBody = RequestBody(),
        preferredErrors: ErrorDialect? = nil
    ) {
        self.body = body
        self.preferredErrors = preferredErrors
        self.method = method
        self.path = path
        self.errors = errors
        self.aliases = aliases
        self.errorShape = errorShape
        self.messageRoutes = messageRoutes
    }
}

/// How the in-process fake server answers: accepted unless a `reject` rule matches.
public struct FakeSpec: Sendable, Equatable {
    public struct Rejection: Sendable, Equatable {
        public var when: Condition
        /// The field the error is reported on; nil: a non-field error.
        public var field: String?
        public var code: String
        public var message: String

        public init(when: Condition, field: String?, code: String, message: String) {
            self.when = when
            self.field = field
            self.code = code
            self.message = message
        }
    }

    public var reject: [Rejection]

    public init(reject: [Rejection] = []) { self.reject = reject }
}
