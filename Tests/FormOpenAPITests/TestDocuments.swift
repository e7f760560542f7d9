import FormSystem

/// The hand-written documents next to these tests (`Documents/`).
enum TestDocuments {
    static func bytes(_ name: String) throws -> [UInt8] {
        let folder = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))
        return try WholeFile.read(folder + "/Documents/" + name)
    }

    static func text(_ name: String) throws -> String { String(decoding: try bytes(name), as: UTF8.self) }
}
