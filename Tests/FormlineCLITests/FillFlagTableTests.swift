import ArgumentParser
import Foundation
import FormRunner
import Testing
@testable import FormlineCLI

/// A `fill` option is declared in `FillFlag`'s table (which the fast reader and `#! args` read)
/// and in `FillCommand` (argument-parser's declarations, which give `--help` its text). These
/// tests hold the two to each other, both ways: an option added to one and not the other fails
/// here, and an option added to `FillFlag` does not compile until the fast reader and the sample
/// below handle it (their switches have no `default:`).
@Suite struct FillFlagTableTests {
    /// The parts of argument-parser's help model (`_dumpHelp`, its ToolInfo JSON) read here.
    private struct Dump: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        struct Argument: Decodable {
            var kind: String
            var names: [Name]?
            var isRepeating: Bool
        }
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var command: Command
    }

    /// Each option as `--name value|flag repeating|once`, for a readable difference.
    private static func describe(_ name: String, takesValue: Bool, repeating: Bool) -> String {
        "\(name) \(takesValue ? "value" : "flag") \(repeating ? "repeating" : "once")"
    }

    @Test func argumentParserDeclaresExactlyTheTablesOptions() throws {
        let dump = try JSONDecoder().decode(Dump.self, from: Data(FillCommand._dumpHelp().utf8))
        let arguments = try #require(dump.command.arguments)
        var declared: [String] = []
        for argument in arguments where argument.kind != "positional" {
            let long = (argument.names ?? []).filter { $0.kind == "long" }.map(\.name)
            // argument-parser's own (`--help`, `--version`) are not `fill`'s.
            if long.contains("help") || long.contains("version") { continue }
            #expect(long.count == 1, "\(long): one long name each, as the table has")
            guard let name = long.first else { continue }
            declared.append(Self.describe("--" + name, takesValue: argument.kind == "option", repeating: argument.isRepeating))
        }
        let table = FillFlag.allCases.map { Self.describe($0.rawValue, takesValue: $0.takesValue, repeating: $0.isRepeatable) }
        #expect(declared.sorted() == table.sorted())
        // The form file is the one positional argument, as the fast reader takes it.
        #expect(arguments.filter { $0.kind == "positional" }.count == 1)
    }

    /// A command line that uses `flag`, valid as a whole.
    private static func sample(_ flag: FillFlag) -> [String] {
        let form = ["fill", "a.yaml"]
        switch flag {
        case .openapi, .operation: return ["fill", "--openapi", "api.json", "--operation", "POST /api/signup"]
        case .refresh: return ["fill", "--openapi", "https://h/api.json", "--operation", "createUser", "--refresh"]
        case .endpoint: return form + ["--endpoint", "http://127.0.0.1:8080"]
        case .header: return form + ["--header", "X-Client: kiosk-3", "--header=X-Trace: 1"]
        case .headerFrom: return form + ["--header-from", "X-Token=env:TOKEN"]
        case .timeout: return form + ["--timeout", "2.5"]
        case .plain: return form + ["--plain"]
        case .accessible: return form + ["--accessible"]
        case .record: return form + ["--record", "r.session"]
        case .log: return form + ["--log", "formline.log"]
        case .resume: return form + ["--resume"]
        case .resumeNumber: return form + ["--resume", "--resume-number", "2"]
        case .draft: return form + ["--draft", "d.json"]
        case .output: return form + ["--output=json"]
        case .keepAsking: return form + ["--keep-asking"]
        case .stopAtRefusal: return form + ["--stop-at-refusal"]
        case .answers: return form + ["--answers", "answers.yaml"]
        case .set: return form + ["--set", "age=42", "--set=note=a=b"]
        case .noInput: return form + ["--no-input"]
        case .noChecks: return form + ["--no-checks"]
        case .secret: return form + ["--secret", "password=env:PW"]
        case .repeat: return form + ["--repeat"]
        case .queue: return form + ["--endpoint", "http://127.0.0.1:8080", "--queue"]
        case .caFile: return form + ["--endpoint", "https://h", "--ca-file", "ca.pem"]
        case .clientCert, .clientKey: return form + ["--endpoint", "https://h", "--client-cert", "c.pem", "--client-key", "k.pem"]
        case .lang: return form + ["--lang", "nb"]
        }
    }

    /// Every option of the table is read by both readers, alike, and changes the options.
    @Test(arguments: FillFlag.allCases)
    func everyOptionIsReadAlikeByBothReaders(flag: FillFlag) throws {
        let line = Self.sample(flag)
        #expect(line.contains { $0 == flag.rawValue || $0.hasPrefix(flag.rawValue + "=") })
        let quick = try #require(QuickFillArguments.parse(line))
        let parsed = try #require((try? Formline.parseAsRoot(line)) as? FillCommand)
        #expect(parsed.options == quick)
        #expect(quick != FillOptions(form: quick.form), "\(line) leaves the options as they were")
    }

    @Test func theTableReadsValuesFlagsAndRepeats() {
        #expect(FillFlag.read(["a.yaml", "--set=a=b", "--plain", "--set", "c=d"])
            == .success([.argument("a.yaml"), .option(.set, value: "a=b"), .option(.plain, value: nil), .option(.set, value: "c=d")]))
        #expect(FillFlag.read(["--plain=yes"]) == .failure(FillFlag.Problem(description: "--plain takes no value")))
        #expect(FillFlag.read(["--draft", "--plain"]) == .failure(FillFlag.Problem(description: "--draft needs a value")))
        #expect(FillFlag.read(["--draft", "a", "--draft", "b"]) == .failure(FillFlag.Problem(description: "--draft is given twice")))
        #expect(FillFlag.read(["--nope"]) == .failure(FillFlag.Problem(description: "unknown option \"--nope\"")))
    }
}
