#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FormCore
import Testing

/// Every field type's kind against the others and against docs/form-files.md: a new type is its
/// kind's file and a case in `FieldType`, so these catch what the compiler can't (a format two
/// types claim, a doc row left out, answers that contradict each other).
@Suite struct FieldTypeRegistryTests {
    static let formFiles = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/form-files.md")

    /// The first cells of the table under "### Types".
    func documentedTypes() throws -> [String] {
        let text = try String(contentsOf: Self.formFiles, encoding: .utf8)
        let start = try #require(text.range(of: "\n### Types\n"))
        var names: [String] = []
        var inTable = false
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") { inTable = true } else if inTable { break } else { continue }
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { continue }
            names.append(String(line[line.index(line.startIndex, offsetBy: 3)..<end]))
        }
        return names
    }

    /// The cell of the field-key table's row for `key` in the "applies to" column.
    func appliesTo(_ key: String) throws -> String {
        let text = try String(contentsOf: Self.formFiles, encoding: .utf8)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `\(key)` |") })
        return row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }[2]
    }

    @Test func theTypesTableListsEveryTypeOnceAndNoOther() throws {
        let documented = try documentedTypes()
        #expect(documented == FieldType.allCases.map(\.rawValue))
    }

    @Test func noTwoTypesClaimAnOpenAPIFormat() {
        var claimedBy: [String: FieldType] = [:]
        for type in FieldType.allCases {
            for format in type.kind.openAPIFormats {
                #expect(claimedBy[format] == nil, "\(format) is claimed by \(claimedBy[format]?.rawValue ?? "") and \(type.rawValue)")
                claimedBy[format] = type
                #expect(FieldType.claiming(openAPIFormat: format) == type)
            }
        }
        #expect(claimedBy == [
            "password": .secret, "email": .email, "idn-email": .email, "date": .date, "ipv4": .ipv4, "ipv6": .ipv6,
            "hostname": .hostname, "idn-hostname": .hostname, "date-time": .datetime, "uri": .uri,
            "uuid": .uuid, "guid": .uuid,
        ])
        // OpenAPI's time has seconds and an offset; phone is not a registered format.
        #expect(FieldType.claiming(openAPIFormat: "time") == nil)
        #expect(FieldType.claiming(openAPIFormat: "phone") == nil)
    }

    @Test func aTypeThatCantBeAListIsNeverEnteredSeveralOnALine() {
        for type in FieldType.allCases where type.kind.listRefusal != nil {
            let field = Field(name: "f", type: type, choices: ["a", "b"])
            #expect(!type.kind.entersSeveral(field), "\(type.rawValue)")
        }
        #expect(FieldType.allCases.filter { $0.kind.listRefusal != nil } == [.secret, .multichoice])
    }

    @Test func theListAndCarryRowsOfTheDocsNameTheKindsAnswers() throws {
        let notLists = FieldType.allCases.filter { $0.kind.listRefusal != nil }.map(\.rawValue)
        #expect(try appliesTo("list") == "all but " + notLists.joined(separator: ", "))
        let counting = FieldType.allCases.filter(\.kind.countsOn).map(\.rawValue)
        #expect(try appliesTo("carry") == "all but secret; `next` on " + counting.joined(separator: ", "))
        #expect(Carry.countingTypeNames == "text, email, url, integer, date, ipv4, hostname, time and uri")
    }

    /// A `today`/`now` keyword comes with the text it stands for, and the type accepts that text.
    @Test func clockDefaultsGiveTextTheTypeAccepts() throws {
        let moment = try #require(ClockDefault.moment("2026-11-22T21:30:45+01:00"))
        var keywords: [FieldType: ClockDefault] = [:]
        for type in FieldType.allCases {
            let text = type.kind.clockText(at: moment)
            #expect((type.kind.clockKeyword == nil) == (text == nil), "\(type.rawValue)")
            guard let keyword = type.kind.clockKeyword, let text else { continue }
            keywords[type] = keyword
            #expect((try? Field(name: "f", type: type).parse(text).get()) != nil, "\(type.rawValue): \(text)")
        }
        #expect(keywords == [.date: .today, .time: .now, .datetime: .now])
        #expect(FieldType.date.kind.clockText(at: moment) == "2026-11-22")
        #expect(FieldType.time.kind.clockText(at: moment) == "21:30")
        #expect(FieldType.datetime.kind.clockText(at: moment) == "2026-11-22T21:30:00+01:00")
    }

    /// Length rules are for free text; an ordered type compares values instead; a type that
    /// takes choices completes them and claims no format.
    @Test func eachKindsAnswersAgree() {
        for type in FieldType.allCases {
            let kind = type.kind
            #expect(!(kind.measuresLength && kind.ordering != nil), "\(type.rawValue)")
            if kind.takesChoices {
                #expect(kind.openAPIFormats.isEmpty, "\(type.rawValue)")
                #expect(kind.completion(for: Field(name: "f", type: type, choices: ["a"])) != .none, "\(type.rawValue)")
            }
            if kind.allowsLineBreaks { #expect(!kind.entersSeveral(Field(name: "f", type: type)), "\(type.rawValue)") }
            #expect(kind.rule(for: Field(name: "f", type: type)) != nil || type == .text, "\(type.rawValue)")
        }
    }

    /// The review shows a value by its kind: secrets masked, a multiline value by its first line.
    @Test func theReviewDisplayIsTheKinds() {
        #expect(FieldType.secret.kind.shortDisplay(.text("hunter2")) == "********")
        #expect(FieldType.multiline.kind.shortDisplay(.text("one\ntwo\nthree")) == "one (+2 lines)")
        #expect(FieldType.boolean.kind.shortDisplay(.boolean(true)) == "yes")
        #expect(FieldType.phone.kind.shortDisplay(.text("+4722334455")) == "+4722334455")
    }
}
