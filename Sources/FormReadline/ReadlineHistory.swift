#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import FormSystem

/// Earlier answers per field, kept across runs in one file per form, so Up arrow at a field walks
/// that field's own answers (never another field's, never a secret's).
///
/// File: `$XDG_STATE_HOME/formline/history/FORMID.json` (`~/.local/state/...` when XDG_STATE_HOME
/// is unset or not absolute), `{"version":1,"fields":{"username":["bob","alice"]}}`, oldest first,
/// at most `cap` entries per field, mode 0600, written atomically (temp file + rename).
/// A missing or unreadable file is an empty history; failing to save is silent: history is a
/// convenience and must never end a session.
package final class FieldHistory {
    package static let defaultCap = 100

    package let path: String
    package let cap: Int
    private var fields: [String: [String]] = [:]
    private var loaded = false

    package init(path: String, cap: Int = FieldHistory.defaultCap) {
        self.path = path
        self.cap = max(1, cap)
    }

    /// The history file of a form, under the state folder.
    package static func defaultPath(formID: String, environment: [String: String]) -> String {
        StateDirectory.formlineFile("history", name: safeFileName(formID), environment: environment)
    }

    /// A form id as a file name: letters, digits, `-`, `_` and `.` kept, anything else `_`.
    static func safeFileName(_ id: String) -> String {
        let mapped = id.unicodeScalars.map { s -> Character in
            let v = s.value
            let ok = (48...57).contains(v) || (65...90).contains(v) || (97...122).contains(v) || s == "-" || s == "_" || s == "."
            return ok ? Character(s) : "_"
        }
        let name = String(mapped)
        return name.isEmpty || name.allSatisfy({ $0 == "." }) ? "form" : name
    }

    /// The field's entries, oldest first.
    package func entries(for key: String) -> [String] {
        loadIfNeeded()
        return fields[key] ?? []
    }

    /// Whether a line belongs in history: something typed that is not a command or blank.
    package static func isRememberable(_ line: String) -> Bool {
        let trimmed = line.trimmingASCIISpaces
        if trimmed.isEmpty || trimmed == "?" { return false }
        if trimmed.hasPrefix(".") && !trimmed.hasPrefix("..") { return false }
        if line.utf8.count > 4096 || line.contains("\n") { return false }
        return true
    }

    /// Adds an answer as the newest entry (an equal older entry moves up), trims to the cap, saves.
    package func add(_ line: String, for key: String) {
        guard FieldHistory.isRememberable(line) else { return }
        loadIfNeeded()
        var list = fields[key] ?? []
        if list.last == line { return }
        list.removeAll { $0 == line }
        list.append(line)
        if list.count > cap { list.removeFirst(list.count - cap) }
        fields[key] = list
        save()
    }

    /// Takes back the newest entry of a field if it is `line` (an answer that was then rejected).
    package func retract(_ line: String, for key: String) {
        loadIfNeeded()
        guard var list = fields[key], list.last == line else { return }
        list.removeLast()
        fields[key] = list.isEmpty ? nil : list
        save()
    }

    private func loadIfNeeded() {
        guard !loaded else { return }
        loaded = true
        guard let bytes = AtomicFile.read(path), let json = JSONValue.parse(bytes),
              json["version"] == .number("1"), let object = json["fields"]?.objectValue else { return }
        for (key, value) in object {
            let strings = (value.arrayValue ?? []).compactMap(\.stringValue).filter(FieldHistory.isRememberable)
            if !strings.isEmpty { fields[key] = Array(strings.suffix(cap)) }
        }
    }

    private func save() {
        let document = JSONValue.object([
            "version": .number("1"),
            "fields": .object(fields.mapValues { .array($0.map(JSONValue.string)) }),
        ])
        FieldHistory.writeAtomically(Array((document.compactText + "\n").utf8), to: path)
    }

    /// The history file written the one atomic way (0600); false when it could not be.
    @discardableResult
    static func writeAtomically(_ bytes: [UInt8], to path: String) -> Bool {
        do {
            try AtomicFile.write(bytes, to: path, mode: 0o600, createFolders: true)
            return true
        } catch {
            return false
        }
    }
}

extension String {
    fileprivate var trimmingASCIISpaces: Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
