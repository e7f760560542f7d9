import Foundation
import Testing

/// One version everywhere (CHANGELOG.md): both programs say the version CHANGELOG.md's newest
/// release names, so a bump in FormlineVersion.swift without its changelog entry, or the reverse,
/// fails here rather than in a package.
@Suite struct VersionAgreementTests {
    /// The version of the first `## [X.Y.Z] - DATE` heading of CHANGELOG.md (an `[Unreleased]`
    /// section above it, as Keep a Changelog has it, is not a release).
    static func newestChangelogVersion() throws -> String {
        let text = try String(contentsOf: BinaryRunner.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("## [") && !line.hasPrefix("## [Unreleased]") {
            guard let close = line.firstIndex(of: "]") else { break }
            return String(line[line.index(line.startIndex, offsetBy: 4)..<close])
        }
        Issue.record("CHANGELOG.md has no \"## [X.Y.Z] - DATE\" heading")
        return ""
    }

    @Test("formline --version and formline-demo-server --version name CHANGELOG.md's newest release")
    func programsAgreeWithChangelog() throws {
        let version = try Self.newestChangelogVersion()
        #expect(version.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil, "\(version)")
        let runner = try BinaryRunner()
        let formline = try runner.run(["--version"], input: [])
        #expect(formline.status == 0)
        #expect(formline.stdout == "\(version)\n")
        let server = try runner.run(["--version"], input: [], product: "formline-demo-server")
        #expect(server.status == 0)
        #expect(server.stdout == "\(version)\n")
    }
}
