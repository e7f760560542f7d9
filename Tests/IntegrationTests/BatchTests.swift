import DemoServer
import Foundation
import Testing

/// Issue 31, items 2-4 in part: `formline batch` through the built binary.
@Suite(.serialized)
struct BatchTests {
    /// Record 1 accepted, 2 refused locally (age under 13), 3 rejected by the fake (admin is
    /// taken), a blank line, 4 not JSON, 5 accepted.
    static let records = [
        #"{"username":"ann_1","email":"ann@example.com","password":"long-enough-1"}"#,
        #"{"username":"bob_2","email":"bob@example.com","password":"long-enough-2","age":9}"#,
        #"{"username":"admin","email":"adm@example.com","password":"long-enough-3","country":"Sweden"}"#,
        "",
        "not json",
        #"{"username":"eve_5","email":"eve@example.com","password":"long-enough-5"}"#,
    ]

    private func input(_ runner: BinaryRunner, _ lines: [String] = BatchTests.records) throws -> String {
        let path = runner.home.appendingPathComponent("records.ndjson").path
        try lines.joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func documents(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("--no-checks: a record's server checks are not made; it is one request, and the server decides")
    func noChecksSendsEachRecordOnce() throws {
        let runner = try BinaryRunner()
        let path = runner.home.appendingPathComponent("orders.ndjson").path
        try #"{"warehouse":"Oslo","sku":"XYZ-9","qty":3,"unit_price":4}"#.appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        let checked = try runner.run(["batch", "Forms/part-order.yaml", path], lines: [])
        #expect(checked.status == 7, "\(checked.stdout)\(checked.stderr)")
        #expect(checked.stdout.contains(#""errors":[{"field":"sku","message":"Not found."}]"#), "\(checked.stdout)")
        let unchecked = try runner.run(["batch", "Forms/part-order.yaml", path, "--no-checks"], lines: [])
        #expect(unchecked.status == 0, "\(unchecked.stdout)\(unchecked.stderr)")
        #expect(unchecked.stdout.contains(#""status":"accepted""#), "\(unchecked.stdout)")

        // Against a server: with checks, a GET per checked answer before the POST; without, the POST alone.
        let server = try DemoServerProcess()
        defer { server.stop() }
        let signups = try input(runner, [#"{"username":"nora_1","email":"nora@example.com","password":"long-enough-1"}"#])
        let endpoint = "http://127.0.0.1:\(server.port)"
        let withChecks = try runner.run(["batch", "Forms/signup.yaml", signups, "--endpoint", endpoint], lines: [])
        #expect(withChecks.status == 0, "\(withChecks.stdout)\(withChecks.stderr)")
        #expect(server.requests.all.map { "\($0.method) \($0.path)" } == ["GET /api/usernames/nora_1", "POST /api/signup"])
        let signupsAgain = try input(runner, [#"{"username":"olav_2","email":"olav@example.com","password":"long-enough-2"}"#])
        let without = try runner.run(["batch", "Forms/signup.yaml", signupsAgain, "--endpoint", endpoint, "--no-checks"], lines: [])
        #expect(without.status == 0, "\(without.stdout)\(without.stderr)")
        #expect(server.requests.all.map { "\($0.method) \($0.path)" }.dropFirst(2) == ["POST /api/signup"])
    }

    @Test("every record accounted for: one report line each, with its line, status, id and errors, then a summary; exit 7")
    func everyRecordReported() throws {
        let runner = try BinaryRunner()
        let file = try input(runner)
        let r = try runner.run(["batch", "Forms/signup.yaml", file], lines: [])
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(r.stdout)")
        #expect(withoutKey(lines[0]) == #"{"errors":[],"id":"1","line":1,"record":1,"status":"accepted"}"#)
        #expect(withoutKey(lines[1]) == #"{"errors":[{"field":"age","message":"Must be between 13 and 120"}],"id":null,"line":2,"record":2,"status":"refused"}"#)
        #expect(withoutKey(lines[2]) == #"{"errors":[{"field":"username","message":"This username is already taken."}],"http_status":422,"id":null,"line":3,"record":3,"status":"rejected"}"#)
        let notJSON = try documents(lines[3])[0]
        #expect(notJSON["record"] as? Int == 4 && notJSON["line"] as? Int == 5 && notJSON["status"] as? String == "refused")
        #expect(withoutKey(lines[4]) == #"{"errors":[],"id":"2","line":6,"record":5,"status":"accepted"}"#)
        let summary = try #require(try documents(lines[5])[0]["summary"] as? [String: Any])
        #expect(summary["records"] as? Int == 5 && summary["accepted"] as? Int == 2 && summary["refused"] as? Int == 2
                && summary["rejected"] as? Int == 1 && summary["transport-failed"] as? Int == 0)
        #expect(summary["records_per_second"] is Int)
        #expect(!r.stdout.contains("long-enough"), "a secret never reaches the report")
    }

    @Test("--rejects FILE: every record not accepted, as its input line, to fix and feed back")
    func rejectsFile() throws {
        let runner = try BinaryRunner()
        let file = try input(runner)
        let rejects = runner.home.appendingPathComponent("rejects.ndjson").path
        let r = try runner.run(["batch", "Forms/signup.yaml", file, "--rejects", rejects], lines: [])
        #expect(r.status == 7)
        let kept = try String(contentsOfFile: rejects, encoding: .utf8)
        #expect(kept == [Self.records[1], Self.records[2], Self.records[4]].joined(separator: "\n") + "\n")
        let mode = try FileManager.default.attributesOfItem(atPath: rejects)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let fixed = kept.replacingOccurrences(of: #""age":9"#, with: #""age":19"#).replacingOccurrences(of: #""admin""#, with: #""admin_7""#)
            .replacingOccurrences(of: "not json\n", with: "")
        try fixed.write(toFile: rejects, atomically: true, encoding: .utf8)
        let again = try runner.run(["batch", "Forms/signup.yaml", rejects], lines: [])
        #expect(again.status == 0, "\(again.stdout)")
    }

    @Test("--dry-run checks every record and sends none; all valid exits 0")
    func dryRun() async throws {
        let runner = try BinaryRunner()
        let file = try input(runner, [Self.records[0], Self.records[5]])
        try await withServer { port, server in
            let r = try runner.run(["batch", "Forms/signup.yaml", file, "--dry-run", "--endpoint", "http://127.0.0.1:\(port)/drf"], lines: [])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            #expect(withoutKey(r.stdout).hasPrefix(#"{"errors":[],"id":null,"line":1,"record":1,"status":"valid"}"#), "\(r.stdout)")
            #expect(server.requests.all.isEmpty)
        }
    }

    @Test("--endpoint: each record under a key stable across reruns: a rerun creates nothing new on the server")
    func stableKeysAcrossReruns() async throws {
        let runner = try BinaryRunner()
        let file = try input(runner, [Self.records[0], Self.records[5]])
        let report = runner.home.appendingPathComponent("report.ndjson").path
        try await withServer { port, server in
            let arguments = ["batch", "Forms/signup.yaml", file, "--endpoint", "http://127.0.0.1:\(port)/drf", "--report", report]
            let first = try await runOnThread(runner, arguments)
            #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
            #expect(first.stdout.isEmpty, "the report goes to the file")
            let firstReport = try String(contentsOfFile: report, encoding: .utf8)
            let mode = try FileManager.default.attributesOfItem(atPath: report)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            let second = try await runOnThread(runner, arguments)
            #expect(second.status == 0)
            let secondReport = try String(contentsOfFile: report, encoding: .utf8)
            #expect(firstReport.split(separator: "\n").prefix(2) == secondReport.split(separator: "\n").prefix(2),
                    "the same ids: the server answered the first answer again")
            let keys = server.requests.all.compactMap { $0.header("Idempotency-Key") }
            #expect(keys.count == 4 && keys[0] == keys[2] && keys[1] == keys[3] && keys[0] != keys[1], "\(keys)")
        }
    }

    @Test("--resume REPORT skips the records already accepted (reported again with their ids); the rest are tried")
    func resumeSkipsAccepted() async throws {
        let runner = try BinaryRunner()
        let file = try input(runner, [Self.records[0], Self.records[2], Self.records[5]])
        let report = runner.home.appendingPathComponent("report.ndjson").path
        let first = try runner.run(["batch", "Forms/signup.yaml", file, "--report", report], lines: [])
        #expect(first.status == 7)
        let again = try runner.run(["batch", "Forms/signup.yaml", file, "--resume", report, "--report", report], lines: [])
        #expect(again.status == 7)
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(lines)")
        #expect(withoutKey(lines[0]) == #"{"errors":[],"id":"1","line":1,"record":1,"resumed":true,"status":"accepted"}"#)
        #expect(lines[1].contains(#""record":2,"status":"rejected""#))
        #expect(withoutKey(lines[2]) == #"{"errors":[],"id":"2","line":3,"record":3,"resumed":true,"status":"accepted"}"#)
        #expect(lines[3].contains(#""accepted":2"#) && lines[3].contains(#""rejected":1"#))
    }

    @Test("--resume reads a report in any order (as --jobs writes it); a record named twice counts by its last line")
    func resumeReadsAnUnorderedReport() async throws {
        let runner = try BinaryRunner()
        let file = try input(runner, [Self.records[0], Self.records[2], Self.records[5]])
        let report = runner.home.appendingPathComponent("report.ndjson").path
        _ = try runner.run(["batch", "Forms/signup.yaml", file, "--report", report], lines: [])
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init)
        let stale = lines[0].replacing(#/"key":"[^"]*"/#, with: #""key":"formline-batch-stale""#)
        #expect(stale != lines[0])
        // Record 3 first, then record 1 twice: its last line carries a key no record has.
        let shuffled = runner.home.appendingPathComponent("shuffled.ndjson").path
        try [lines[2], lines[0], stale].joined(separator: "\n").appending("\n").write(toFile: shuffled, atomically: true, encoding: .utf8)
        let again = try runner.run(["batch", "Forms/signup.yaml", file, "--resume", shuffled], lines: [])
        let out = again.stdout.split(separator: "\n").map(String.init)
        #expect(out.count == 4, "\(out)")
        #expect(!out[0].contains("resumed") && out[0].contains(#""record":1,"status":"accepted""#), "\(out[0])")
        #expect(withoutKey(out[2]) == #"{"errors":[],"id":"2","line":3,"record":3,"resumed":true,"status":"accepted"}"#)
    }

    @Test("--shard K/N: N shards take every record exactly once; reports concatenate")
    func shardsSplitTheRecords() throws {
        let runner = try BinaryRunner()
        let lines = (1...7).map { #"{"username":"user_\#($0)","email":"u\#($0)@example.com","password":"long-enough-\#($0)"}"# }
        let file = try input(runner, lines)
        var seen: [Int] = []
        for k in 1...3 {
            let r = try runner.run(["batch", "Forms/signup.yaml", file, "--shard", "\(k)/3"], lines: [])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            let docs = try documents(r.stdout)
            seen += docs.compactMap { $0["record"] as? Int }
            #expect((docs.last?["summary"] as? [String: Any])?["shard"] as? String == "\(k)/3")
        }
        #expect(seen.sorted() == Array(1...7))
        let bad = try runner.run(["batch", "Forms/signup.yaml", file, "--shard", "4/3"], lines: [])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--shard takes K/N: this machine's share K of N (1 <= K <= N), e.g. --shard 2/4"), "\(bad.stderr)")
    }

    @Test("--jobs 4: every record reported once, each naming its record; ids all different; memory bounded by the queue")
    func jobs() async throws {
        let runner = try BinaryRunner()
        let lines = (1...40).map { #"{"username":"user_\#($0)","email":"u\#($0)@example.com","password":"long-enough-\#($0)"}"# }
        let file = try input(runner, lines)
        try await withServer { port, server in
            let r = try await runOnThread(runner, ["batch", "Forms/signup.yaml", file, "--jobs", "4", "--endpoint", "http://127.0.0.1:\(port)/drf"])
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            let docs = try documents(r.stdout)
            #expect(docs.count == 41)
            #expect(Set(docs.compactMap { $0["record"] as? Int }) == Set(1...40))
            #expect(Set(docs.compactMap { $0["id"] as? String }).count == 40)
            #expect(server.requests.all.filter { $0.method == "POST" }.count == 40, "one submission each (and one username check)")
        }
    }

    /// Issue 31 item 7: GNU parallel (Debian's `parallel`) runs N shards on this machine; the
    /// reports concatenate to every record exactly once. Skipped where parallel is not installed.
    @Test("GNU parallel runs 3 shards: the concatenated reports hold every record once",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel")))
    func gnuParallelShards() throws {
        let runner = try BinaryRunner()
        let lines = (1...10).map { #"{"username":"user_\#($0)","email":"u\#($0)@example.com","password":"long-enough-\#($0)"}"# }
        let file = try input(runner, lines)
        let folder = runner.home.path
        let r = try runner.shell(
            #"parallel --will-cite "$FORMLINE" batch Forms/signup.yaml "$1" --shard {}/3 --report "$2/report-{}.ndjson" ::: 1 2 3 && cat "$2"/report-*.ndjson"#,
            arguments: [file, folder], lines: [])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let docs = try documents(r.stdout)
        #expect(docs.compactMap { $0["record"] as? Int }.sorted() == Array(1...10))
        #expect(docs.filter { $0["summary"] != nil }.count == 3)
    }

    @Test("--max-errors N stops early: the rest are reported as not attempted")
    func maxErrors() throws {
        let runner = try BinaryRunner()
        let file = try input(runner)
        let r = try runner.run(["batch", "Forms/signup.yaml", file, "--max-errors", "1"], lines: [])
        #expect(r.status == 7)
        let statuses = try documents(r.stdout).compactMap { $0["status"] as? String }
        #expect(statuses == ["accepted", "refused", "not-attempted", "not-attempted", "not-attempted"], "\(r.stdout)")
    }

    @Test("a dry run of a file gathers its report lines into blocks: every record's line still comes, in order, the summary last",
          arguments: [1, 2])
    func dryRunReportInBlocks(jobs: Int) throws {
        let runner = try BinaryRunner()
        let count = 3000
        // Every seventh record refused (no password): both statuses in lines that span many blocks.
        let lines = (1...count).map { n in
            n % 7 == 0 ? #"{"username":"u\#(n)_x","email":"u\#(n)@example.com"}"#
                : #"{"username":"u\#(n)_x","email":"u\#(n)@example.com","password":"long-enough-pw"}"#
        }
        let file = try input(runner, lines)
        let report = runner.home.appendingPathComponent("report.ndjson").path
        let r = try runner.run(["batch", "Forms/signup.yaml", file, "--dry-run", "--jobs", String(jobs), "--report", report], lines: [])
        #expect(r.status == 7, "\(r.stderr)")
        let written = try documents(try String(contentsOfFile: report, encoding: .utf8))
        #expect(written.count == count + 1)
        let records = written.dropLast().compactMap { $0["record"] as? Int }
        #expect(jobs == 1 ? records == Array(1...count) : records.sorted() == Array(1...count))
        let refused = written.dropLast().filter { ($0["status"] as? String) == "refused" }.compactMap { $0["record"] as? Int }
        #expect(refused.sorted() == Array(stride(from: 7, through: count, by: 7)))
        let summary = try #require(written.last?["summary"] as? [String: Any])
        #expect(summary["records"] as? Int == count && summary["refused"] as? Int == count / 7)
    }

    @Test("a dry run of records from a pipe writes each record's line as it ends: none waits for the next record")
    func dryRunFromAPipeWritesAsItGoes() throws {
        let runner = try BinaryRunner()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BinaryRunner.product("formline"))
        process.arguments = ["batch", "Forms/signup.yaml", "-", "--dry-run"]
        process.currentDirectoryURL = BinaryRunner.root
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": runner.home.path, "XDG_STATE_HOME": runner.stateHome, "LANG": "C.UTF-8"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        try stdin.fileHandleForWriting.write(contentsOf: Data((Self.records[0] + "\n").utf8))
        // The first record's line arrives while the second is still to come (read on a thread of
        // its own: a line held back would block the read until the input ends).
        let seen = DataBox()
        let arrived = DispatchSemaphore(value: 0)
        Thread {
            var data = Data()
            while !data.contains(UInt8(ascii: "\n")) {
                let chunk = stdout.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                data.append(chunk)
            }
            seen.data = data
            arrived.signal()
        }.start()
        let inTime = arrived.wait(timeout: .now() + 20) == .success
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        if !inTime { arrived.wait() }
        #expect(inTime, "no line before the input ended")
        #expect(String(decoding: seen.data, as: UTF8.self).contains(#""record":1,"status":"valid""#), "\(String(decoding: seen.data, as: UTF8.self))")
        #expect(process.terminationStatus == 0)
    }

    @Test("records from standard input, streamed: a long run keeps memory flat and counts every record")
    func standardInput() throws {
        let runner = try BinaryRunner()
        let count = 3000
        let lines = (1...count).map { #"{"username":"u\#($0)_x","email":"u\#($0)@example.com","password":"long-enough-pw"}"# }
        let r = try runner.run(["batch", "Forms/signup.yaml", "-", "--dry-run"], lines: lines)
        #expect(r.status == 0, "\(r.stderr)")
        let last = try #require(r.stdout.split(separator: "\n").last)
        #expect(last.contains(#""records":\#(count)"#) && last.contains(#""valid":\#(count)"#), "\(last)")
    }
}

/// A report line without its record's key (`"key":"formline-batch-..."`, a hash), to compare the rest.
func withoutKey(_ line: String) -> String {
    line.replacingOccurrences(of: #""key":"formline-batch-[0-9a-f]+","#, with: "", options: .regularExpression)
}

/// Runs the binary on a thread of its own: a blocked cooperative thread is one of the test process's two.
private func runOnThread(_ runner: BinaryRunner, _ arguments: [String]) async throws -> BinaryRunner.Result {
    let result: Result<BinaryRunner.Result, any Error> = await withCheckedContinuation { continuation in
        let thread = Thread {
            continuation.resume(returning: Result { try runner.run(arguments, lines: []) })
        }
        thread.start()
    }
    return try result.get()
}
