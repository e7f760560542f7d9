#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import FormlineCLI

/// The NDJSON reader gives each line of its input once, numbered, without its line break or one
/// CR before it, however the lines fall across its 64 KiB reads: held to splitting the whole
/// input at once, over generated inputs (CR LF, blank lines, no final line break, lines longer
/// than a read).
@Suite struct NDJSONLineReaderTests {
    static func lines(of input: [UInt8]) throws -> [(Int, [UInt8], Bool)] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        // Written from a thread of its own: the input may be larger than a pipe holds.
        let writer = fds[1]
        let thread = PipeWriter(input: input, fd: writer)
        thread.start()
        var reader = NDJSONLineReader(fd: fds[0])
        var out: [(Int, [UInt8], Bool)] = []
        while let line = reader.next() { out.append((line.number, line.bytes, line.tooLong)) }
        thread.join()
        close(fds[0])
        return out
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
        var random = SeededRandom(seed: 0x11E5)
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

/// Writes its bytes to a descriptor and closes it.
private final class PipeWriter: @unchecked Sendable {
    let input: [UInt8]
    let fd: Int32
    var id = pthread_t()

    init(input: [UInt8], fd: Int32) {
        self.input = input
        self.fd = fd
    }

    func start() {
        let box = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&id, nil, { raw in
            guard let raw else { return nil }
            let me = Unmanaged<PipeWriter>.fromOpaque(raw).takeRetainedValue()
            var offset = 0
            while offset < me.input.count {
                let n = me.input[offset...].withUnsafeBytes { write(me.fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                offset += n
            }
            close(me.fd)
            return nil
        }, box)
    }

    func join() { pthread_join(id, nil) }
}

/// splitmix64, seeded: the same inputs every run.
private struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
