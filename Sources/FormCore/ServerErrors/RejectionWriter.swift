/// A rejection as a server writes it: the other half of the dialect readers.
///
/// The built-in fake (`FakeTransport`) answers a form's `fake.reject` rules with it, in the shape
/// the form declares (`submit.errors`: a dialect or a described shape), and the demo server writes
/// its signup rejections with it: one writer per dialect, in FormCore so that neither needs the
/// other's dependencies. Every error keeps its path (0-based item indexes, as on the wire), its
/// message and, where the dialect has one, its code; the readers read each body back to the same
/// errors (`RejectionWriterTests`).
package struct WrittenRejection: Sendable, Equatable {
    package var status: Int
    package var contentType: String
    /// The JSON body, compact with sorted keys (`JSONValue.compactText`).
    package var body: [UInt8]

    package var json: JSONValue {
        JSONValue.parse(body) ?? .null
    }
}

/// What a writer may add to a dialect's plain body: members of the body itself (ASP.NET's
/// `traceId`, Spring's `timestamp` and `path`) and members of each error's entry, by position
/// (FastAPI's `input`, Spring's `objectName`), for the dialects whose errors are entries. Body
/// members replace the writer's own (the demo's `title`), but never the errors; entry members
/// never replace the error's own path, message or code.
package struct RejectionExtras: Sendable {
    package var body: [String: JSONValue]
    package var entries: [[String: JSONValue]]
    /// How many items each list of the request held (`lines`: 3), for DRF, which answers a
    /// `many=True` list with one object per item sent (`{}` for items without errors).
    package var listLengths: [[ServerError.PathComponent]: Int]

    package init(body: [String: JSONValue] = [:], entries: [[String: JSONValue]] = [], listLengths: [[ServerError.PathComponent]: Int] = [:]) {
        self.body = body
        self.entries = entries
        self.listLengths = listLengths
    }

    func entry(_ index: Int) -> [String: JSONValue] {
        entries.indices.contains(index) ? entries[index] : [:]
    }
}

package enum RejectionWriter {
    /// What a form's answer is written as.
    package enum Format: Sendable, Equatable {
        case dialect(ErrorDialect)
        case shape(ErrorShape)

        /// The form's own shape if it describes one, else its dialect; `auto` is written as DRF,
        /// the shape the fake has always answered in.
        package init(_ submit: SubmitSpec) {
            if let shape = submit.errorShape {
                self = .shape(shape)
            } else {
                self = .dialect(submit.errors == .auto ? .drf : submit.errors)
            }
        }
    }

    /// The dialects with a writer: every named dialect (a test holds it).
    package static var dialects: [ErrorDialect] { ErrorDialect.named.filter { writer(for: $0) != nil } }

    /// `errors` in `format`, with that framework's usual status; `status` overrides it.
    package static func write(_ errors: [ServerError], as format: Format, status: Int? = nil, extras: RejectionExtras = RejectionExtras()) -> WrittenRejection {
        var written: WrittenRejection
        switch format {
        case .shape(let shape):
            written = ShapeWriter.write(errors, shape: shape, extras: extras)
        case .dialect(let dialect):
            written = (writer(for: dialect) ?? DRFWriter.write)(errors, extras)
        }
        if let status { written.status = status }
        return written
    }

    typealias Writer = @Sendable ([ServerError], RejectionExtras) -> WrittenRejection

    /// The writer of each named dialect; nil for `auto` (a choice among readers, not a shape).
    static func writer(for dialect: ErrorDialect) -> Writer? {
        switch dialect {
        case .drf: DRFWriter.write
        case .laravel: KeyedWriter.laravel
        case .rails: KeyedWriter.rails
        case .aspnet: KeyedWriter.aspnet
        case .problem: EntryWriter.problem
        case .jsonapi: EntryWriter.jsonapi
        case .fastapi: EntryWriter.fastapi
        case .list: EntryWriter.list
        default: nil
        }
    }

    static func written(_ status: Int, _ body: JSONValue, contentType: String = "application/json") -> WrittenRejection {
        WrittenRejection(status: status, contentType: contentType, body: Array(body.compactText.utf8))
    }

    /// An entry's `members` with `extras` added where they do not take one of its keys.
    static func entry(_ members: [String: JSONValue], adding extras: [String: JSONValue]) -> JSONValue {
        .object(members.merging(extras) { own, _ in own })
    }

    /// A body: the writer's `defaults`, replaced by the caller's `extras`, then the errors.
    static func body(_ defaults: [String: JSONValue], _ extras: [String: JSONValue], errors: [String: JSONValue]) -> JSONValue {
        .object(defaults.merging(extras) { _, given in given }.merging(errors) { _, own in own })
    }
}
