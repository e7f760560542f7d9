/// What the walk knows of each field beyond its answer: whether the operator has been through it
/// (answered, kept or skipped: `.done` fills only the others' defaults), and the messages waiting
/// for its next prompt (a failed cross-field check, a saved answer that no longer fits).
struct FieldProgress: Sendable {
    private(set) var visited: Set<String> = []
    var pendingErrors: [String: [String]] = [:]

    var isEmpty: Bool { visited.isEmpty }

    func wasVisited(_ name: String) -> Bool { visited.contains(name) }

    mutating func visit(_ name: String) { visited.insert(name) }

    /// The field is hidden or gone: the walk asks it again if it comes back.
    mutating func unvisit(_ name: String) { visited.remove(name) }

    /// Forgets everything about a field (its item was dropped).
    mutating func forget(_ name: String) {
        visited.remove(name)
        pendingErrors[name] = nil
    }

    /// Adds `message` to what field `name`'s next prompt shows.
    mutating func note(_ message: String, for name: String) {
        pendingErrors[name, default: []].append(message)
    }

    /// The messages for field `name`'s prompt, taken (shown once).
    mutating func takeMessages(for name: String) -> [String] {
        pendingErrors.removeValue(forKey: name) ?? []
    }

    /// Every name moved as `renamed` says (an item deleted: later items move down); nil drops it.
    mutating func rename(_ renamed: (String) -> String?) {
        visited = Set(visited.compactMap(renamed))
        pendingErrors = pendingErrors.renamingKeys(renamed)
    }
}

extension Dictionary where Key == String {
    /// The dictionary with each key renamed; a key renamed to nil is dropped.
    func renamingKeys(_ renamed: (String) -> String?) -> [String: Value] {
        var out: [String: Value] = [:]
        for (name, value) in self { if let new = renamed(name) { out[new] = value } }
        return out
    }
}
