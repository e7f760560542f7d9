/// How a server's path is compared with a form's concrete field names once lists exist.
///
/// A field inside a list item has a concrete name with a 1-based item number, the number the
/// operator sees (`lines.2.qty`, `vlans.3`); servers count items from 0 (`lines[1].qty`,
/// `/lines/1/qty`, `["body", "lines", 1, "qty"]`). An index in a server path is an item number
/// only where the form has a list at that place, so `items.0.name` against a plain field `items`
/// keeps its 0 (and lands on `items` by the parent rule), while against a list `items` it is item 1.
///
/// Which digits are item numbers: an all-digit segment of a concrete name, unless the form
/// declares that very name (a form written before lists, with fields `ntp.1` and `ntp.2` sent as
/// an object `{"ntp": {"1": ..}}`, keeps its literal names and the server's `ntp.1` is `ntp.1`).
///
/// Comparison is loose (lowercased, `_` and `-` ignored: `Items[1].Qty`, `first-name`), and a
/// segment right before an item number also matches with a Rails `_attributes` suffix: a form
/// that sends `lines_attributes` (what `accepts_nested_attributes_for` takes) gets its errors back
/// under the association's name, `lines[1].qty`.
struct ItemNames {
    /// Loose keys of the name prefixes an item number follows (`lines`, `orders.2.lines`).
    private let lists: Set<String>

    /// `names`: the concrete fields' names; `declared`: the names the form file itself gives.
    init(names: [String], declared: Set<String>) {
        var lists: Set<String> = []
        var loose = LooseSegments()
        for name in names where !declared.contains(name) {
            let segments = Self.segments(of: name)
            guard segments.dropFirst().contains(where: Self.isItemNumber) else { continue }
            // The loose parts of the whole name: the part before an item number is loosened as
            // followed by one, as the prefix alone with `lastIsFollowedByItem` would be.
            let parts = loose.parts(segments)
            for position in 1..<segments.count where Self.isItemNumber(segments[position]) {
                lists.insert(parts[..<position].joined(separator: "."))
            }
        }
        self.lists = lists
    }

    /// Whether the loose key (`Self.looseKey`) of a path names a list of the form.
    func isList(_ segments: [String]) -> Bool {
        !segments.isEmpty && lists.contains(Self.looseKey(segments, lastIsFollowedByItem: true))
    }

    /// The path in the form's terms: each index that follows a list of the form becomes its
    /// 1-based item number; any other index and every key stay as the server wrote them.
    func operatorSegments(_ path: [ServerError.PathComponent]) -> [String] {
        var out: [String] = []
        for component in path {
            switch component {
            case .key(let key):
                out.append(key)
            case .index(let index):
                // Int.max has no successor and names no item either way.
                let number = isList(out) && index < Int.max ? index + 1 : index
                out.append(String(number))
            }
        }
        return out
    }

    /// `operatorSegments` joined with dots, as banners and messages show a path.
    func operatorText(_ path: [ServerError.PathComponent]) -> String {
        operatorSegments(path).joined(separator: ".")
    }

    /// A field name's segments (`lines.2.qty` -> `lines`, `2`, `qty`).
    static func segments(of name: String) -> [String] {
        // No "." byte, no "." character: the name is its only segment (most names).
        guard name.anyByte({ $0 == UInt8(ascii: ".") }) else { return [name] }
        // An ASCII name (nearly every one) is split on its bytes: splitting on characters finds
        // grapheme boundaries first, most of the time a rejected 200-item form took to place its
        // errors. Any other name by characters, so a dot joined to a combining mark stays as it was.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return name.utf8.split(separator: 0x2E, omittingEmptySubsequences: false).map { String(Substring($0)) }
        }
        return name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// `looseSegment` of an ASCII segment on its bytes (nil for any other): there lowercasing
    /// is a byte's, and a byte is a character, so the answer is the same without the Unicode
    /// case mapping, which was most of the cost of indexing a form's fields for a rejection.
    static func asciiLooseSegment(_ segment: String, followedByItem: Bool) -> String? {
        // Lowercase letters and digits only (`username`, `2`): loosening changes nothing, and
        // `_attributes` cannot end it. Most names are this, and no array is made for them.
        if isLooseAlready(segment) { return segment }
        guard segment.allBytes({ $0 < 0x80 }) else { return nil }
        var lowered = Array(segment.utf8).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        let suffix = Array(railsSuffix.utf8)
        if followedByItem, lowered.count > suffix.count, lowered.suffix(suffix.count).elementsEqual(suffix) {
            lowered.removeLast(suffix.count)
        }
        let loosened = lowered.filter { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "-") }
        let digits = { (bytes: [UInt8]) in !bytes.isEmpty && bytes.allSatisfy { (0x30...0x39).contains($0) } }
        if digits(loosened), !isItemNumber(segment) { return String(decoding: lowered, as: UTF8.self) }
        return String(decoding: loosened, as: UTF8.self)
    }

    /// Only ASCII lowercase letters and digits, not empty: a segment `looseSegment` gives back
    /// as it is.
    static func isLooseAlready(_ segment: String) -> Bool {
        !segment.isEmpty && segment.allBytes { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
    }

    /// All ASCII digits: an item number in a concrete name, an index in a path's text.
    static func isItemNumber(_ segment: String) -> Bool {
        !segment.isEmpty && segment.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// The key for loose comparison: each segment lowercased with `_` and `-` removed, and a
    /// trailing `_attributes` dropped from a segment followed by an item number.
    static func looseKey(_ segments: [String], lastIsFollowedByItem: Bool = false) -> String {
        looseParts(segments, lastIsFollowedByItem: lastIsFollowedByItem).joined(separator: ".")
    }

    /// One segment of a loose key (see `looseKey`).
    static func looseSegment(_ segment: String, followedByItem: Bool) -> String {
        if let ascii = asciiLooseSegment(segment, followedByItem: followedByItem) { return ascii }
        var lowered = segment.lowercased()
        if followedByItem, lowered.count > railsSuffix.count, lowered.hasSuffix(railsSuffix) {
            lowered.removeLast(railsSuffix.count)
        }
        let loosened = String(lowered.unicodeScalars.filter { $0 != "_" && $0 != "-" })
        // A segment that is digits only once `_` and `-` are gone (`-2`, `_1`) is not an item
        // number: loosened, `/lines/-2/qty` would land on `lines.2.qty`. It keeps its separators,
        // so it names no item and its error reaches the banner as the server wrote it.
        if isItemNumber(loosened), !isItemNumber(segment) { return lowered }
        return loosened
    }

    /// The loose key of a concrete name without its item numbers (`lines_attributes.2.qty` ->
    /// `lines.qty`): what Rails writes for an item's error when `index_errors` is off. nil for a
    /// name without item numbers, and for a list of scalars' item (`vlans.3`), whose item-less
    /// name is the whole list. `parts`: the name's loose parts when the caller has them
    /// (`LooseSegments.parts`).
    static func itemlessKey(_ segments: [String], parts known: [String]? = nil) -> String? {
        guard segments.dropFirst().contains(where: isItemNumber), let last = segments.last, !isItemNumber(last) else { return nil }
        var parts: [String] { known ?? looseParts(segments) }
        var kept: [String] = []
        for (segment, part) in zip(segments, parts) where !isItemNumber(segment) { kept.append(part) }
        return kept.joined(separator: ".")
    }

    /// Each segment of `segments` loosened as `looseKey` does, unjoined.
    static func looseParts(_ segments: [String], lastIsFollowedByItem: Bool = false) -> [String] {
        segments.indices.map { position in
            looseSegment(segments[position], followedByItem: isFollowedByItem(segments, at: position, last: lastIsFollowedByItem))
        }
    }

    /// Whether segment `position` is followed by an item number (`last` for the last segment).
    static func isFollowedByItem(_ segments: [String], at position: Int, last: Bool = false) -> Bool {
        position + 1 < segments.count ? isItemNumber(segments[position + 1]) : last
    }

    private static let railsSuffix = "_attributes"
}

/// Loose keys for many names at once (every field of a 200-item form when a rejection is
/// placed): each distinct segment is loosened once, and an item number (digits, which loosening
/// leaves as they are) not at all. Building every key afresh was most of the time a rejected
/// 200-item form took to ask its failed field again.
struct LooseSegments {
    private var plain: [String: String] = [:]
    private var beforeItem: [String: String] = [:]

    /// The loose parts of `segments`, as `ItemNames.looseParts` gives them.
    mutating func parts(_ segments: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(segments.count)
        for position in segments.indices {
            let segment = segments[position]
            // Item numbers and segments already loose come back as they are: no lookup needed.
            if ItemNames.isLooseAlready(segment) {
                out.append(segment)
                continue
            }
            let followed = ItemNames.isFollowedByItem(segments, at: position)
            if let known = followed ? beforeItem[segment] : plain[segment] {
                out.append(known)
                continue
            }
            let part = ItemNames.looseSegment(segment, followedByItem: followed)
            if followed { beforeItem[segment] = part } else { plain[segment] = part }
            out.append(part)
        }
        return out
    }
}
