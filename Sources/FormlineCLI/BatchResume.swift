#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import FormCore
import FormSystem

/// `--resume REPORT`: the records an earlier run's report says were accepted, with their ids and
/// keys. A record is skipped only when its key is the one reported: another input, or an edited
/// record, under an old report is sent again (under its own key), never reported as accepted.
///
/// Compact, because a report may name millions of accepted records: parallel sorted arrays (the
/// record number, a 64-bit digest of its key, where its id ends in one shared byte buffer) cost
/// about 20 bytes plus the id's bytes per record, where a dictionary of strings cost about 100
/// (docs/outbox-and-batch.md). The key itself is not kept: a record whose computed key has the
/// reported key's digest is the reported record (FNV-1a over a key that is itself a SHA-256 prefix
/// of the form, the record number and its bytes; compared only for the same record number).
struct BatchResume {
    struct Accepted {
        /// The server's id (nil when it gave none).
        var id: String?
        var keyDigest: UInt64

        func matches(_ key: String) -> Bool { BatchResume.digest(key) == keyDigest }
    }

    private var records: [Int] = []
    private var digests: [UInt64] = []
    /// Where each id ends in `idBytes` (it starts where the previous one ends); -1: no id.
    private var idEnds: [Int32] = []
    private var idStarts: [Int32] = []
    private var idBytes: [UInt8] = []

    /// How many accepted records the report named (the last line of a record wins).
    var count: Int { records.count }

    /// What the report said of `record`, if it was accepted.
    func accepted(_ record: Int) -> Accepted? {
        var low = 0, high = records.count
        while low < high {
            let mid = (low + high) / 2
            if records[mid] < record { low = mid + 1 } else { high = mid }
        }
        guard low < records.count, records[low] == record else { return nil }
        let id = idEnds[low] < 0 ? nil : String(decoding: idBytes[Int(idStarts[low])..<Int(idEnds[low])], as: UTF8.self)
        return Accepted(id: id, keyDigest: digests[low])
    }

    static func digest(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    static func read(_ path: String) throws -> BatchResume {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ValidationError(CLIMessage.batchCannotRead(path: path, reason: systemErrorText(errno)).text) }
        defer { close(fd) }
        var resume = BatchResume()
        var reader = NDJSONLineReader(fd: fd)
        var sorted = true
        while let line = reader.next() {
            guard !line.tooLong, let json = JSONValue.parse(line.bytes), json["status"] == .string("accepted"),
                  case .number(let text)? = json["record"], let record = Int(text),
                  let key = json["key"]?.stringValue else { continue }
            if let last = resume.records.last, record <= last { sorted = false }
            resume.records.append(record)
            resume.digests.append(digest(key))
            if let id = json["id"]?.stringValue, resume.idBytes.count + id.utf8.count < Int(Int32.max) {
                resume.idStarts.append(Int32(resume.idBytes.count))
                resume.idBytes.append(contentsOf: id.utf8)
                resume.idEnds.append(Int32(resume.idBytes.count))
            } else {
                resume.idStarts.append(0)
                resume.idEnds.append(-1)
            }
        }
        if !sorted { resume.sort() }
        return resume
    }

    /// Reports written with `--jobs` list records in the order they finished: sort by record
    /// number, keeping the last line of a record named twice.
    private mutating func sort() {
        let order = records.indices.sorted { (records[$0], $0) < (records[$1], $1) }
        var kept: [Int] = []
        for index in order {
            if let last = kept.last, records[last] == records[index] { kept[kept.count - 1] = index } else { kept.append(index) }
        }
        records = kept.map { records[$0] }
        digests = kept.map { digests[$0] }
        idStarts = kept.map { idStarts[$0] }
        idEnds = kept.map { idEnds[$0] }
    }
}
