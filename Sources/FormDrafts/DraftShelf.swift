#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FormCore
import FormSystem

/// The numbered drafts in the state folder: a clerk with several unfinished receipts keeps each.
///
/// Draft 1 of form `signup` is `drafts/signup.json` (where a single draft always lived), draft N
/// is `drafts/signup+N.json`: `+` never occurs in a form id, so no two forms' names collide.
///
/// ```swift
/// let shelf = DraftShelf(folder: StateDirectory.path(environment: env) + "/formline/drafts")
/// shelf.drafts(of: "signup").map(\.number)   // [1, 2]
/// ```
package struct DraftShelf: Sendable {
    /// One draft file on the shelf.
    package struct Entry: Sendable, Equatable {
        package var formID: String
        package var number: Int
        package var path: String
        /// When it was last written (seconds since 1970), for "latest".
        package var modified: Int
    }

    /// The most drafts one form keeps: a bound on the names tried for a free number.
    package static let maximumPerForm = 999

    package let folder: String

    package init(folder: String) { self.folder = folder }

    package init(environment: [String: String]) {
        folder = StateDirectory.path(environment: environment) + "/formline/drafts"
    }

    /// The path of draft `number` of `formID`.
    package func path(formID: String, number: Int) -> String {
        folder + "/" + formID + (number == 1 ? "" : "+\(number)") + ".json"
    }

    /// Every draft on the shelf, by form id and then number; an empty (claimed, unwritten) file is none.
    package func all() -> [Entry] {
        var found: [Entry] = []
        for name in DirectoryListing.names(in: folder, endingWith: ".json") {
            let stem = name.dropLast(5)
            var formID = String(stem), number = 1
            if let plus = stem.lastIndex(of: "+") {
                // Only the name formline writes: `+2`, never `+002` or `++2` (Int reads both as 2,
                // and `signup+002.json` would have shadowed draft 2).
                let text = stem[stem.index(after: plus)...]
                guard let n = Int(text), String(n) == text, n >= 2, n <= Self.maximumPerForm else { continue }
                formID = String(stem[..<plus])
                guard !formID.isEmpty, !formID.contains("+") else { continue }
                number = n
            }
            var info = stat()
            let path = folder + "/" + name
            // An empty file is a claim never written (a run killed between `claim` and its
            // save, or one still saving): no draft, so neither listed nor resumed as the latest.
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { continue }
            found.append(Entry(formID: formID, number: number, path: path, modified: Int(info.st_mtim.tv_sec)))
        }
        return found.sorted { ($0.formID, $0.number) < ($1.formID, $1.number) }
    }

    /// The drafts of one form, by number.
    package func drafts(of formID: String) -> [Entry] {
        all().filter { $0.formID == formID }
    }

    /// The draft saved last (the highest number among equally recent ones), or nil.
    package func latest(of formID: String) -> Entry? {
        drafts(of: formID).max { ($0.modified, $0.number) < ($1.modified, $1.number) }
    }

    /// Claims a new draft number of `formID` for this run alone and returns its path.
    ///
    /// Each number from the lowest is tried with an exclusive create (`O_CREAT|O_EXCL`, 0600): the
    /// file system gives a name to exactly one run, so runs that end in the same millisecond (a
    /// terminal server hanging up on every clerk at once) each get a file of their own, where
    /// "the lowest free number, then a write" gave several runs one number and kept the last
    /// write. The claimed file is empty until the caller's save replaces it; a caller whose save
    /// fails removes it (`release`). At most `maximumPerForm` names are tried: when all are
    /// taken no draft is overwritten, the claim fails.
    package func claim(formID: String) throws(DraftError) -> String {
        guard !folder.hasPrefix(StateDirectory.nowhere) else { throw .noStateFolder }
        AtomicFile.makeDirectories(folder)
        for number in 1...Self.maximumPerForm {
            let candidate = path(formID: formID, number: number)
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                close(fd)
                return candidate
            }
            // A symlink or anything else already under the name is taken too: never followed.
            guard errno == EEXIST else { throw .unwritable(candidate, systemErrorText(errno)) }
        }
        throw .unwritable(path(formID: formID, number: Self.maximumPerForm),
                          "all \(Self.maximumPerForm) drafts of \(formID) are kept already "
                          + "(formline drafts \(formID) lists them; --discard N deletes one)")
    }

    /// Removes a claimed draft file that was never written (still empty): a failed save leaves
    /// no empty draft behind, and a file another run has written is never touched.
    package static func release(_ claimed: String) {
        var info = stat()
        guard lstat(claimed, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == 0 else { return }
        unlink(claimed)
    }
}
