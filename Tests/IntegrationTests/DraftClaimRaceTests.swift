import Foundation
import Testing

/// Issue 28 item 6: a terminal server hangs up on every clerk of one account at once. Each run
/// keeps a draft of its own and prints its own path (runs that picked "the lowest free number"
/// then wrote it overwrote each other).
@Suite("drafts of runs ended together", .serialized)
struct DraftClaimRaceTests {
    static let runs = 8, rounds = 20

    @Test("8 runs ended by one SIGHUP each at the same moment leave 8 drafts, 20 times in a row")
    func hangUpOnEveryone() throws {
        for round in 1...Self.rounds {
            let runner = try BinaryRunner()
            defer { try? FileManager.default.removeItem(at: runner.home) }
            var processes: [(process: Process, stdin: Pipe, stdout: Pipe)] = []
            for n in 0..<Self.runs {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: BinaryRunner.product("formline"))
                process.arguments = ["fill", "Forms/signup.yaml"]
                process.currentDirectoryURL = BinaryRunner.root
                process.environment = ["HOME": runner.home.path, "XDG_STATE_HOME": runner.stateHome, "TERM": "dumb"]
                let stdin = Pipe(), stdout = Pipe()
                process.standardInput = stdin
                process.standardOutput = stdout
                process.standardError = FileHandle.nullDevice
                try process.run()
                try stdin.fileHandleForWriting.write(contentsOf: Data("clerk_\(n)\n".utf8))
                processes.append((process, stdin, stdout))
            }
            // Every run has taken its answer once it asks for the email.
            var seen = Array(repeating: Data(), count: Self.runs)
            for (i, run) in processes.enumerated() {
                let deadline = Date().addingTimeInterval(20)
                while !String(decoding: seen[i], as: UTF8.self).contains("Email:") && Date() < deadline && run.process.isRunning {
                    seen[i] += run.stdout.fileHandleForReading.availableData
                }
            }
            for run in processes { kill(run.process.processIdentifier, SIGHUP) }
            var printed: [String] = []
            for (i, run) in processes.enumerated() {
                let deadline = Date().addingTimeInterval(10)
                while run.process.isRunning && Date() < deadline { usleep(2_000) }
                if run.process.isRunning { kill(run.process.processIdentifier, SIGKILL) }
                run.process.waitUntilExit()
                seen[i] += run.stdout.fileHandleForReading.readDataToEndOfFile()
                try? run.stdin.fileHandleForWriting.close()
                #expect(run.process.terminationStatus == 129, "round \(round), run \(i)")
                // "Draft saved: PATH", however an 80-column wrap split it.
                let text = String(decoding: seen[i], as: UTF8.self).replacingOccurrences(of: "\n  ", with: "")
                    .replacingOccurrences(of: "Draft saved: ", with: "Draft saved:")
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Draft saved:") }) {
                    printed.append(String(line.dropFirst("Draft saved:".count)))
                }
            }
            let folder = runner.stateHome + "/formline/drafts"
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
            #expect(files.count == Self.runs, "round \(round): \(files.sorted())")
            #expect(Set(printed).count == Self.runs, "round \(round): each run prints its own path: \(printed.sorted())")
            let names = Set(files.compactMap { file -> String? in
                let text = (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)) ?? ""
                return (0..<Self.runs).first { text.contains(#""username":"clerk_\#($0)""#) }.map { "clerk_\($0)" }
            })
            #expect(names.count == Self.runs, "round \(round): every clerk's answer is in a draft")
            if files.count != Self.runs || names.count != Self.runs { return }
        }
    }
}
