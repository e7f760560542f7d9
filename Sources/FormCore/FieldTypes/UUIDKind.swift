/// `uuid`: RFC 9562 text form, 8-4-4-4-12 hex digits (`f81d4fae-7dec-11d0-a765-00a0c91e6bf6`),
/// any case; any version (the nil and max UUIDs too: the server decides which it accepts). Sent
/// in lower case, as RFC 9562 recommends for output.
struct UUIDKind: FieldKind {
    var countsOn: Bool { false }
    var listRefusal: String? { nil }
    func entersSeveral(_ field: Field) -> Bool { true }
    /// NSwag writes .NET's Guid as `guid`: the same 8-4-4-4-12 hex shape as `uuid`.
    var openAPIFormats: [String] { ["uuid", "guid"] }

    func parse(_ input: String, for field: Field) -> Result<FieldValue, ValueError> {
        let groups = input.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.utf8.count) == [8, 4, 4, 4, 12],
              groups.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isHexDigit } }) else {
            return .failure(.notUUID)
        }
        return .success(.text(input.lowercased()))
    }

    func rule(for field: Field) -> String? { "a UUID like f81d4fae-7dec-11d0-a765-00a0c91e6bf6" }
}

/// The refusals of `uuid` fields, with the sentences the operator reads.
extension ValueError {
    static let notUUID = ValueError.typeRule("Enter a UUID like f81d4fae-7dec-11d0-a765-00a0c91e6bf6 (8-4-4-4-12 hex digits)")
}
