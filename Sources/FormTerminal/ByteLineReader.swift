#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormRunner

/// Splits a byte stream into lines the way serial consoles and pipes send them: LF, CRLF and a
/// bare CR each end one line, also when the CR and LF arrive in separate reads. A UTF-8
/// byte-order mark at the very start of the stream (files saved by Windows editors) is dropped,
/// also when its bytes arrive in separate reads.
/// Pure bookkeeping over bytes, so it is tested without a terminal.
package struct LineSplitter: Sendable {
    package enum Item: Sendable, Equatable {
        case line([UInt8])
        /// A line longer than the limit; its bytes were discarded up to its end.
        case tooLong
    }

    package static let defaultLimit = UnreadableLine.lengthLimit

    package let limit: Int
    private var current: [UInt8] = []
    private var overflowed = false
    /// The last byte consumed was CR: an LF right after it belongs to the same line end.
    private var afterCR = false
    /// How many bytes of a leading byte-order mark have been seen; nil once the start is past.
    private var markMatched: Int? = 0
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    package init(limit: Int = LineSplitter.defaultLimit) { self.limit = limit }

    /// Feeds bytes; returns the lines they completed.
    package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Item] {
        var items: [Item] = []
        for byte in bytes {
            if let matched = markMatched {
                if byte == Self.byteOrderMark[matched] {
                    markMatched = matched + 1 == Self.byteOrderMark.count ? nil : matched + 1
                    continue
                }
                // Not a mark after all: its first bytes were content.
                markMatched = nil
                items += feed(Self.byteOrderMark.prefix(matched) + [byte])
                continue
            }
            if afterCR {
                afterCR = false
                if byte == 0x0A { continue }
            }
            if byte == 0x0A || byte == 0x0D {
                afterCR = byte == 0x0D
                items.append(overflowed ? .tooLong : .line(current))
                current.removeAll(keepingCapacity: true)
                overflowed = false
                continue
            }
            if overflowed { continue }
            if current.count >= limit {
                overflowed = true
                current.removeAll()
                continue
            }
            current.append(byte)
        }
        return items
    }

    /// At end of input: the unterminated last line, if any.
    package mutating func finish() -> Item? {
        if let matched = markMatched, matched > 0 {
            markMatched = nil
            _ = feed(Self.byteOrderMark.prefix(matched))
        }
        defer { current.removeAll(); overflowed = false }
        if overflowed { return .tooLong }
        return current.isEmpty ? nil : .line(current)
    }
}

/// Reads lines from a file descriptor with `poll()` on the input and the interrupt edge's wake
/// descriptor together, so SIGINT/SIGTERM/SIGHUP end a wait at once whichever thread the signal hit.
package final class ByteLineReader {
    package enum Event: Equatable {
        case line([UInt8])
        case tooLong
        case endOfInput
        case signal(Int32)
    }

    private let fd: Int32
    private let interrupts: any InterruptEdge
    private var splitter: LineSplitter
    private var ready: [LineSplitter.Item] = []
    private var atEnd = false

    package init(fd: Int32, interrupts: any InterruptEdge, limit: Int = LineSplitter.defaultLimit) {
        self.fd = fd
        self.interrupts = interrupts
        self.splitter = LineSplitter(limit: limit)
    }

    package func next() -> Event {
        while true {
            if let signal = interrupts.takeSignal() { return .signal(signal) }
            if !ready.isEmpty {
                switch ready.removeFirst() {
                case .line(let bytes): return .line(bytes)
                case .tooLong: return .tooLong
                }
            }
            if atEnd { return .endOfInput }
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let wake = interrupts.wakeDescriptor
            if wake >= 0 { fds.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
            let n = poll(&fds, nfds_t(fds.count), -1)
            if n < 0 {
                if errno == EINTR { continue }
                atEnd = true
                continue
            }
            if fds.count > 1 && fds[1].revents != 0 { continue }
            guard fds[0].revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                atEnd = true
            } else if count == 0 {
                atEnd = true
                if let last = splitter.finish() { ready.append(last) }
            } else {
                ready += splitter.feed(buffer[0..<count])
            }
        }
    }
}
