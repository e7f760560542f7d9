/// Every built-in dialect reader: the one list a new dialect is added to (beside its own file,
/// which declares its name, its claims with their ranks and how it reads a body).
///
/// From this list come the names a form file may give (`ErrorDialect.allCases`, in this order:
/// `check` lists them so), the reader of each name, the claims `auto` tries
/// (`DialectDetection.order`, by rank) and the demo server's routes (one per name, each served
/// by its writer in `Sources/DemoServer/Dialects/`; a test fails when one is missing).
enum DialectRegistry {
    static let readers: [any ServerErrorDialect.Type] = [
        DRFErrors.self,
        LaravelErrors.self,
        RailsErrors.self,
        ProblemDetailsErrors.self,
        JSONAPIErrors.self,
        FastAPIErrors.self,
        ASPNetErrors.self,
        ErrorListErrors.self,
        // Flavours: claims of their own, read under the name of the dialect they extend.
        DRFStandardizedErrors.self,
        SymfonyErrors.self,
        AjvErrors.self,
    ]

    /// The names of the readers that are not flavours, in list order.
    static let names: [ErrorDialect] = readers.filter { !$0.isFlavour }.map { $0.dialect }

    /// The type that reads a name; nil for `auto` (a choice among them) and unknown names.
    static func reader(for dialect: ErrorDialect) -> (any ServerErrorDialect.Type)? {
        readers.first { !$0.isFlavour && $0.dialect == dialect }
    }

    /// Every reader's claims, in the order of their ranks.
    static let claims: [DialectClaim] = readers.flatMap { $0.claims }.sorted { $0.rank < $1.rank }
}
