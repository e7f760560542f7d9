#if canImport(Glibc)
import Glibc
#endif
import Testing
import SeededRandom
@testable import FormlineCLI

/// The NDJSON reader gives each line of its input once, numbered, without its line break or one
/// CR before it, however the lines fall across its 64 KiB reads: held to splitting the whole
/// input at once, over generated inputs (CR LF, blank lines, no final line break, lines longer
/// than a read).
@Suite struct NDJSONLineReaderTests {
    static func lines(of input: [UInt8]) throws -> [(Int, [UInt8], Bool)] {
        // A file of its own, opened close-on-exec (a binary another test starts meanwhile
        // inherits nothing of it); it is read in the reader's 64 KiB chunks as a pipe would be.
        let path = "/tmp/formline-ndjson-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).ndjson"
        defer { unlink(path) }
        let out = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        try #require(out >= 0)
        let written = input.withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
        close(out)
        try #require(written == input.count)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        var reader = NDJSONLineReader(fd: fd)
        var lines: [(Int, [UInt8], Bool)] = []
        while let line = reader.next() { lines.append((line.number, line.bytes, line.tooLong)) }
        return lines
    }

    /// Splitting the whole input at once: each line's number, its bytes without one CR before the
    /// line break, and none for a last empty piece.
    static func expected(_ input: [UInt8]) -> [(Int, [UInt8], Bool)] {
        var pieces = input.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if pieces.last == [] { pieces.removeLast() }
        return pieces.enumerated().map { n, piece in
            let long = piece.count > NDJSONLineReader.lineLimit
            return (n + 1, long ? [] : (piece.last == 0x0D ? Array(piece.dropLast()) : piece), long)
        }
    }

    @Test func generatedInputsSplitAsAWhole() throws {
        var random = SplitMix64(seed: 0x11E5)
        let pieces: [[UInt8]] = [Array(#"{"a":1}"#.utf8), [0x0D], [0x0A], [0x0D, 0x0A], Array(repeating: 0x78, count: 70_000), [0x20], []]
        for _ in 0..<60 {
            var input: [UInt8] = []
            for _ in 0..<Int(random.next() % 12) { input += pieces[Int(random.next() % UInt64(pieces.count))] }
            let got = try Self.lines(of: input)
            let want = Self.expected(input)
            #expect(got.count == want.count && zip(got, want).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 && $0.2 == $1.2 },
                    "\(input.count) bytes: \(got.map { ($0.0, $0.1.count, $0.2) }) vs \(want.map { ($0.0, $0.1.count, $0.2) })")
        }
        // A line over the limit is reported as such and skipped to its end.
        let long = Array(repeating: UInt8(0x79), count: NDJSONLineReader.lineLimit + 5) + [0x0A] + Array("{}\n".utf8)
        let got = try Self.lines(of: long)
        #expect(got.map(\.0) == [1, 2] && got.map(\.2) == [true, false] && got[1].1 == Array("{}".utf8))
    }
}
