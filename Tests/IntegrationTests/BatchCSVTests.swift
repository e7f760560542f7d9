import Foundation
import Testing

/// Issue 31, items 2-3: `formline batch` with CSV input and a CSV rejects file, through the built binary.
@Suite(.serialized)
struct BatchCSVTests {
    /// Record 1 accepted; 2 refused (age 9); 3 rejected by the fake (admin is taken); 4 a quoted
    /// username over two lines (refused: a line break in a one-line field), so record 5 starts on line 7; 5 accepted
    /// with its age given as the cell "42"; a row of empty cells (no record).
    static let csv = """
        username,email,password,age
        ann_1,ann@example.com,long-enough-1,
        bob_2,bob@example.com,long-enough-2,9
        admin,adm@example.com,long-enough-3,
        "eve, the
        fifth",eve@example.com,long-enough-5,
        fay_6,fay@example.com,long-enough-6,"42"
        ,,,

        """

    private func write(_ runner: BinaryRunner, _ text: String, name: String = "people.csv") throws -> String {
        let path = runner.home.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("CSV rows: one report line each with the line the record starts on; a cell \"42\" parsed as a typed answer")
    func rowsReported() throws {
        let runner = try BinaryRunner()
        let file = try write(runner, Self.csv)
        let r = try runner.run(["batch", "Forms/signup.yaml", file], lines: [])
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6, "\(r.stdout)")
        guard lines.count == 6 else { return }
        #expect(withoutKey(lines[0]) == #"{"errors":[],"id":"1","line":2,"record":1,"status":"accepted"}"#)
        #expect(withoutKey(lines[1]) == #"{"errors":[{"field":"age","message":"Must be between 13 and 120"}],"id":null,"line":3,"record":2,"status":"refused"}"#)
        #expect(withoutKey(lines[2]) == #"{"errors":[{"field":"username","message":"This username is already taken."}],"http_status":422,"id":null,"line":4,"record":3,"status":"rejected"}"#)
        #expect(lines[3].contains(#""line":5,"record":4,"status":"refused""#) && lines[3].contains(#""field":"username""#), "\(lines[3])")
        #expect(withoutKey(lines[4]) == #"{"errors":[],"id":"2","line":7,"record":5,"status":"accepted"}"#)
        #expect(lines[5].contains(#""records":5"#) && lines[5].contains(#""accepted":2"#), "\(lines[5])")
        #expect(!r.stdout.contains("long-enough"), "a secret never reaches the report")
    }

    @Test("a header naming no field refuses the run (exit 2) by line and column, before any record is sent or file written")
    func unknownColumn() throws {
        let runner = try BinaryRunner()
        let file = try write(runner, "username,email,qty,email\nann_1,ann@example.com,3,x\n", name: "orders.csv")
        let report = runner.home.appendingPathComponent("report.ndjson").path
        let r = try runner.run(["batch", "Forms/signup.yaml", file, "--report", report], lines: [])
        #expect(r.status == 2)
        let said = r.stderr.split(separator: "\n").map(String.init)
        #expect(said.count >= 2 && said[0].hasSuffix("orders.csv:1:3: qty: the form has no such field")
                && said[1].hasSuffix("orders.csv:1:4: email: named twice: column 2 already names it"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: report))
    }

    @Test("dotted and numbered names nest: supplier, lines.2.qty, serials.1; a bad cell is refused by its field path")
    func nestingAndItems() throws {
        let runner = try BinaryRunner()
        let file = try write(runner, """
            supplier,received,lines.1.sku,lines.1.qty,lines.2.sku,lines.2.qty,serials.1,serials.2,signed_by_driver
            Acme,2024-05-01,ABC-1,3,ABD-2,4,SN-1,SN-2,no
            Acme,2024-05-01,ABC-1,3,,,,,no
            Acme,2024-05-01,ABC-1,3,ABD-2,many,,,no

            """, name: "receipts.csv")
        let r = try runner.run(["batch", "Forms/goods-receipt.yaml", file, "--dry-run"], lines: [])
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 4 else { Issue.record("\(r.stdout)\(r.stderr)"); return }
        #expect(withoutKey(lines[0]) == #"{"errors":[],"id":null,"line":2,"record":1,"status":"valid"}"#)
        #expect(withoutKey(lines[1]) == #"{"errors":[],"id":null,"line":3,"record":2,"status":"valid"}"#)
        #expect(withoutKey(lines[2]) == #"{"errors":[{"field":"lines.2.qty","message":"Enter a whole number, like 42"}],"id":null,"line":4,"record":3,"status":"refused"}"#)
    }

    @Test("--rejects with CSV input: the header plus an errors column, rows quoted as read; fixed and fed back, all accepted")
    func rejectsRoundTrip() throws {
        let runner = try BinaryRunner()
        let file = try write(runner, Self.csv)
        let rejects = runner.home.appendingPathComponent("rejects.csv").path
        let r = try runner.run(["batch", "Forms/signup.yaml", file, "--rejects", rejects], lines: [])
        #expect(r.status == 7)
        let kept = try String(contentsOfFile: rejects, encoding: .utf8)
        #expect(kept == """
            username,email,password,age,errors
            bob_2,bob@example.com,long-enough-2,9,age: Must be between 13 and 120
            admin,adm@example.com,long-enough-3,,username: This username is already taken.
            "eve, the
            fifth",eve@example.com,long-enough-5,,username: Control characters are not allowed

            """, "\(kept)")
        let fixed = kept.replacingOccurrences(of: "long-enough-2,9,", with: "long-enough-2,19,")
            .replacingOccurrences(of: "admin,", with: "admin_7,")
            .replacingOccurrences(of: "\"eve, the\nfifth\"", with: "eve_5")
        try fixed.write(toFile: rejects, atomically: true, encoding: .utf8)
        let again = try runner.run(["batch", "Forms/signup.yaml", rejects], lines: [])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains(#""accepted":3"#), "\(again.stdout)")
    }

    @Test("standard input with --format csv, streamed: every row counted")
    func standardInput() throws {
        let runner = try BinaryRunner()
        let count = 2000
        let rows = ["username,email,password"] + (1...count).map { "u\($0)_x,u\($0)@example.com,long-enough-pw" }
        let r = try runner.run(["batch", "Forms/signup.yaml", "-", "--format", "csv", "--dry-run"], lines: rows)
        #expect(r.status == 0, "\(r.stderr)")
        let last = try #require(r.stdout.split(separator: "\n").last)
        #expect(last.contains(#""records":\#(count)"#) && last.contains(#""valid":\#(count)"#), "\(last)")
    }

    @Test("a byte-order mark and CRLF are fine; a row wider than the header, and a record over 1 MiB, are refused with their lines and skipped")
    func hostileRows() throws {
        let runner = try BinaryRunner()
        let long = String(repeating: "x", count: (1 << 20) + 10)
        let text = "\u{FEFF}username,email,password\r\n"
            + "ann_1,ann@example.com,long-enough-1\r\n"
            + "bob_2,bob@example.com,long-enough-2,surplus\r\n"
            + "\"\(long)\r\n\",x,y\r\n"
            + "eve_5,eve@example.com,long-enough-5\r\n"
        let file = try write(runner, text)
        let rejects = runner.home.appendingPathComponent("rejects.csv").path
        let r = try runner.run(["batch", "Forms/signup.yaml", file, "--dry-run", "--rejects", rejects], lines: [])
        #expect(r.status == 7, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 5 else { Issue.record("\(r.stdout)\(r.stderr)"); return }
        #expect(withoutKey(lines[0]) == #"{"errors":[],"id":null,"line":2,"record":1,"status":"valid"}"#)
        #expect(withoutKey(lines[1]) == #"{"errors":[{"field":null,"message":"the row has 4 cells; the header names 3 columns"}],"id":null,"line":3,"record":2,"status":"refused"}"#)
        #expect(withoutKey(lines[2]) == #"{"errors":[{"field":null,"message":"the record is longer than 1 MiB"}],"id":null,"line":4,"record":3,"status":"refused"}"#)
        #expect(withoutKey(lines[3]) == #"{"errors":[],"id":null,"line":6,"record":4,"status":"valid"}"#)
        let kept = try String(contentsOfFile: rejects, encoding: .utf8)
        #expect(kept == "username,email,password,errors\nbob_2,bob@example.com,long-enough-2,the row has 4 cells; the header names 3 columns\n", "\(kept)")
    }

    @Test("the shipped sample Forms/samples/receipts.csv does what docs/outbox-and-batch.md says: two rows valid, the third refused")
    func shippedSample() throws {
        let runner = try BinaryRunner()
        let r = try runner.run(["batch", "Forms/goods-receipt.yaml", "Forms/samples/receipts.csv", "--dry-run"], lines: [])
        #expect(r.status == 7, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 4 else { Issue.record("\(r.stdout)\(r.stderr)"); return }
        #expect(withoutKey(lines[0]) == #"{"errors":[],"id":null,"line":2,"record":1,"status":"valid"}"#)
        #expect(withoutKey(lines[1]) == #"{"errors":[],"id":null,"line":3,"record":2,"status":"valid"}"#)
        #expect(withoutKey(lines[2]) == #"{"errors":[{"field":"lines.1.qty","message":"Enter a whole number, like 42"}],"id":null,"line":4,"record":3,"status":"refused"}"#)
    }

    @Test("a stray quote after a closing quote refuses its row only (by its line), never folding the rows after it into one record")
    func strayQuote() throws {
        let runner = try BinaryRunner()
        let file = try write(runner, """
            username,email,password
            "ann_1"x,ann@example.com,long-enough-1
            bob_2,bob@example.com,long-enough-2
            "cat_3",cat@example.com,long-enough-3

            """)
        let rejects = runner.home.appendingPathComponent("rejects.csv").path
        let r = try runner.run(["batch", "Forms/signup.yaml", file, "--rejects", rejects], lines: [])
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 4 else { Issue.record("\(r.stdout)\(r.stderr)"); return }
        #expect(withoutKey(lines[0]) == #"{"errors":[{"field":null,"message":"line 2: a quoted cell goes on after its closing quote: a quote inside a quoted cell is written twice (\"\"), and a cell holding a quote is quoted whole"}],"id":null,"line":2,"record":1,"status":"refused"}"#)
        #expect(withoutKey(lines[1]) == #"{"errors":[],"id":"1","line":3,"record":2,"status":"accepted"}"#)
        #expect(withoutKey(lines[2]) == #"{"errors":[],"id":"2","line":4,"record":3,"status":"accepted"}"#)
        #expect(lines[3].contains(#""records":3"#) && lines[3].contains(#""accepted":2"#) && lines[3].contains(#""refused":1"#), "\(lines[3])")
        // The rejects file keeps the broken row as read: its quoting is what the operator fixes.
        let kept = try String(contentsOfFile: rejects, encoding: .utf8)
        #expect(kept == "username,email,password,errors\n\"ann_1\"x,ann@example.com,long-enough-1\n", "\(kept)")
    }

    @Test("the reviewer's file: a doubled quote never closed in row 1 costs rows 1-2 (refused, line named), rows 3-4 still read; Norwegian too")
    func unbalancedQuoteInIncidents() throws {
        let runner = try BinaryRunner()
        let file = try write(runner, """
            title,description,occurred_on,detected_on,severity
            Disk full,"The volume filled at 3"" mark, then stopped,2024-05-01,2024-05-02,low
            Lost power,"The UPS failed",2024-05-02,2024-05-03,low
            Router down,It rebooted,2024-05-03,2024-05-04,low
            Disk failed,It clicked,2024-05-04,2024-05-05,low

            """, name: "incidents.csv")
        let r = try runner.run(["batch", "Forms/incident-report.yaml", file, "--dry-run"], lines: [])
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 4 else { Issue.record("\(r.stdout)\(r.stderr)"); return }
        #expect(lines[0].contains(#""message":"line 3: a quoted cell goes on after its closing quote"#) && lines[0].contains(#""line":2,"record":1,"status":"refused""#), "\(lines[0])")
        #expect(withoutKey(lines[1]) == #"{"errors":[],"id":null,"line":4,"record":2,"status":"valid"}"#)
        #expect(withoutKey(lines[2]) == #"{"errors":[],"id":null,"line":5,"record":3,"status":"valid"}"#)
        #expect(lines[3].contains(#""records":3"#) && lines[3].contains(#""refused":1"#), "\(lines[3])")
        let norsk = try runner.run(["batch", "Forms/incident-report.yaml", file, "--dry-run"], lines: [], environment: ["LANG": "nb_NO.UTF-8"])
        #expect(norsk.stdout.contains("linje 3: en sitert celle fortsetter etter det avsluttende anførselstegnet"), "\(norsk.stdout)\(norsk.stderr)")
    }

    @Test("a quote never closed before the end of the file refuses that record (naming the line it opened on), not accepted")
    func unclosedQuoteAtEnd() throws {
        let runner = try BinaryRunner()
        let file = try write(runner, """
            username,email,password
            ann_1,ann@example.com,long-enough-1
            bob_2,"bob@example.com,long-enough-2
            cat_3,cat@example.com,long-enough-3

            """)
        let r = try runner.run(["batch", "Forms/signup.yaml", file], lines: [])
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 3 else { Issue.record("\(r.stdout)\(r.stderr)"); return }
        #expect(withoutKey(lines[0]) == #"{"errors":[],"id":"1","line":2,"record":1,"status":"accepted"}"#)
        #expect(withoutKey(lines[1]) == #"{"errors":[{"field":null,"message":"the quoted cell opened on line 3 is never closed: the file ends inside it"}],"id":null,"line":3,"record":2,"status":"refused"}"#)
        #expect(lines[2].contains(#""records":2"#) && lines[2].contains(#""accepted":1"#), "\(lines[2])")
    }

    @Test("a server's form-level error starting with = is written to the rejects CSV with a leading ' (no live formula); the report keeps it as sent")
    func formulaInRejects() throws {
        let server = try OneShotServer(status: 422, contentType: "application/json",
                                       body: #"{"detail":"=HYPERLINK(\"http://evil.example/\",\"fix\")"}"#)
        defer { server.stop() }
        let runner = try BinaryRunner()
        let file = try write(runner, "title,description,occurred_on,detected_on,severity\n-Disk full,It filled,2024-05-01,2024-05-02,low\n", name: "incidents.csv")
        let rejects = runner.home.appendingPathComponent("rejects.csv").path
        let r = try runner.run(["batch", "Forms/incident-report.yaml", file, "--endpoint", "http://127.0.0.1:\(server.port)",
                                "--rejects", rejects, "--retries", "0"], lines: [])
        #expect(r.status == 7, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains(#"{"errors":[{"field":null,"message":"=HYPERLINK(\"http://evil.example/\",\"fix\")"}],"http_status":422,"#), "\(r.stdout)")
        let kept = try String(contentsOfFile: rejects, encoding: .utf8)
        // The operator's own cell (-Disk full) is their data, written as read; only formline's errors cell is made inert.
        #expect(kept == "title,description,occurred_on,detected_on,severity,errors\n-Disk full,It filled,2024-05-01,2024-05-02,low,\"'=HYPERLINK(\"\"http://evil.example/\"\",\"\"fix\"\")\"\n", "\(kept)")
    }

    @Test("a header separated by semicolons (Excel's export in much of Europe) is named as such, not as one unknown field")
    func semicolonHeader() throws {
        let runner = try BinaryRunner()
        let file = try write(runner, "username;email;password\nann_1;ann@example.com;long-enough-1\n")
        let r = try runner.run(["batch", "Forms/signup.yaml", file], lines: [])
        #expect(r.status == 2)
        #expect(r.stderr.contains("people.csv:1: comma-separated values only: this header looks separated by semicolons (save the file as CSV with commas)"), "\(r.stderr)")
        #expect(!r.stderr.contains("no such field"), "\(r.stderr)")
        let norsk = try runner.run(["batch", "Forms/signup.yaml", file], lines: [], environment: ["LANG": "nb_NO.UTF-8"])
        #expect(norsk.stderr.contains("people.csv:1: bare kommaseparerte verdier: denne overskriften ser ut til å være skilt med semikolon"), "\(norsk.stderr)")
    }

    @Test("header problems: a long name echoed as its first 80 characters and ..., at most 20 listed and how many more")
    func manyHeaderProblems() throws {
        let runner = try BinaryRunner()
        let long = String(repeating: "q", count: 200)
        let names = ["username", long] + (1...24).map { "zz\($0)" }
        let file = try write(runner, names.joined(separator: ",") + "\n" + names.map { _ in "x" }.joined(separator: ",") + "\n")
        let r = try runner.run(["batch", "Forms/signup.yaml", file], lines: [])
        #expect(r.status == 2)
        let said = r.stderr.split(separator: "\n").map(String.init).filter { $0.contains("people.csv:1") }
        #expect(said.count == 21, "\(r.stderr)")
        #expect(said.first?.hasSuffix("people.csv:1:2: " + String(repeating: "q", count: 80) + "...: the form has no such field") == true, "\(r.stderr)")
        #expect(!r.stderr.contains(String(repeating: "q", count: 81)))
        #expect(said.last?.hasSuffix("people.csv:1: and 5 more problems") == true, "\(r.stderr)")
    }
}
