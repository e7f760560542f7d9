#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` to a file descriptor whole, retrying short writes and EINTR (and EAGAIN, for a
/// non-blocking terminal); gives up silently on any other error (a closed pipe).
package func writeAll(_ text: String, to fd: Int32) {
    guard !text.isEmpty else { return }
    writeAll(Array(text.utf8), to: fd)
}

/// `writeAll` for bytes already put together (a batch report line).
package func writeAll(_ bytes: [UInt8], to fd: Int32) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes.withUnsafeBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return Glibc.write(fd, base + offset, raw.count - offset)
        }
        if n < 0 {
            if errno == EINTR || errno == EAGAIN { continue }
            if fd == 1 { StandardOutputLoss.record(errno) }
            return
        }
        if n == 0 { return }
        offset += n
    }
}

/// The process's standard error, for messages to the operator.
package enum StandardError {
    package static func write(_ text: String) { writeAll(text, to: 2) }
}

/// The process environment as a dictionary (no Foundation needed), read once: formline never
/// changes its own environment, and the commands consult it several times before the first
/// prompt (the language, the state folder, the log), each read costing a walk and a copy of
/// every variable (docs/PERFORMANCE.md "First prompt").
package enum ProcessEnvironment {
    package static let current: [String: String] = read()

    private static func read() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") {
                result[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            pointer += 1
        }
        return result
    }
}

/// Descriptors 0, 1 and 2 as the process found them. A parent may start formline with one closed
/// (`<&-`): the next pipe or file opened would then take its number, and a signal pipe read as
/// standard input turns SIGTERM into end of input. `closedAtStart` (read first thing in `main`)
/// opens /dev/null on each closed one and remembers which were closed.
package enum StandardDescriptors {
    package static let closedAtStart: [Int32] = {
        var closed: [Int32] = []
        for fd in Int32(0)...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            closed.append(fd)
            let opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != fd { _ = dup2(opened, fd); close(opened) }
        }
        return closed
    }()
}
