/// Where the wizard put one error of a server's rejection, as data for the diagnostic log
/// (`fill --log`, docs/privacy.md): the path and code the server sent and the field they led to
/// (nil: shown above the review). Never the message, which may repeat a value.
public struct PlacedServerError: Sendable, Equatable {
    public var path: String?
    public var code: String?
    public var field: String?

    public init(path: String?, code: String?, field: String?) {
        self.path = path
        self.code = code
        self.field = field
    }
}

extension Wizard {
    /// At most this many errors of one answer are described in the log.
    public static let loggedServerErrors = 50

    /// Where `errors` land on the form as it is now: the placing the wizard does for a rejection
    /// (`rejected`), asked by the edge that keeps the diagnostic log.
    public func placements(of errors: [ServerError]) -> [PlacedServerError] {
        let visible = Set(form.visibleIndices.map { fields[$0].name })
        return ServerErrorMapper.placeEach(errors, in: spec, fields: fields, visibleFields: visible, limit: Wizard.loggedServerErrors)
    }
}
