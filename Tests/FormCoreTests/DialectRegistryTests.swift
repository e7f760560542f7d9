import Testing
@testable import FormCore

/// Issue 27 item 5: a dialect's name lives beside its reader, and `DialectRegistry.readers` is the
/// one list everything else derives from (names, the reader of each name, `auto`'s claims).
@Suite struct DialectRegistryTests {
    @Test func theNamesAFormMayGiveAreTheRegisteredReadersInOrder() {
        #expect(ErrorDialect.allCases.map(\.rawValue) == ["auto", "drf", "laravel", "rails", "problem", "jsonapi", "fastapi", "aspnet", "list"])
        #expect(ErrorDialect.named == Array(ErrorDialect.allCases.dropFirst()))
        #expect(ErrorDialect(rawValue: "drf") == .drf)
        #expect(ErrorDialect(rawValue: "auto") == .auto)
        #expect(ErrorDialect(rawValue: "symfony") == nil, "a flavour's reader adds no name")
        #expect(ErrorDialect(rawValue: "DRF") == nil)
        #expect(ErrorDialect(rawValue: "") == nil)
        #expect("\(ErrorDialect.fastapi)" == "fastapi")
    }

    @Test func eachNameHasExactlyOneReaderAndEachFlavourExtendsANamedDialect() {
        for name in ErrorDialect.named {
            #expect(DialectRegistry.readers.filter { !$0.isFlavour && $0.dialect == name }.count == 1, "\(name)")
        }
        for flavour in DialectRegistry.readers where flavour.isFlavour {
            #expect(ErrorDialect.named.contains(flavour.dialect), "\(flavour) extends no named dialect")
        }
        #expect(DialectRegistry.reader(for: .auto) == nil)
    }

    @Test func everyClaimBelongsToItsReaderAndNoTwoShareARank() {
        for reader in DialectRegistry.readers {
            #expect(!reader.claims.isEmpty, "\(reader) has no claim")
            for claim in reader.claims { #expect(claim.dialect == reader.dialect, "\(reader): \(claim.rule)") }
        }
        let ranks = DialectDetection.order.map(\.rank)
        #expect(Set(ranks).count == ranks.count, "two claims share a rank: \(ranks)")
        #expect(ranks == ranks.sorted())
        #expect(DialectDetection.order.count == DialectRegistry.readers.map { $0.claims.count }.reduce(0, +))
    }

    /// The detection order as it was written out by hand before the registry (21 claims): the
    /// ranks must reproduce it exactly, so `explain`'s rule numbers and the docs' list stay.
    @Test func theRanksKeepTheDetectionOrder() {
        let order = DialectDetection.order.map { "\($0.dialect): \($0.rule)" }
        #expect(order == [
            "problem: `violations` is a list", "aspnet: `errors` is an object", "problem: always", "jsonapi: always",
            "list: a top-level array", "fastapi: `detail` is a list holding `loc`/`msg` entries, or a string alone in the body",
            "drf: `type` is `validation_error`, `client_error` or `server_error` beside an `errors` list",
            "problem: `violations` is a list", "list: `errors` is a list whose entries have `keyword` and `instancePath` or `dataPath`",
            "problem: `invalid-params` or `invalid_params`", "jsonapi: `errors` is a list and an entry has `source` (or the body has `jsonapi`)",
            "problem: `errors` is a list and an entry has `pointer`", "rails: `errors` is a non-empty list of strings (full messages)",
            "problem: `errors` is an empty list beside `type`, `title` or `detail`", "list: `errors` is a list (of entries no earlier claim took)",
            "aspnet: `errors` is an object beside `title`, `status`, `type` or `traceId`", "laravel: `errors` is an object beside `message`",
            "rails: `errors` is an object (no earlier claim took it)", "rails: a top-level `base`, or a key ending in `.base`",
            "problem: `type` and `title`", "drf: anything else",
        ])
    }
}
