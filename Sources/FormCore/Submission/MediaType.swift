/// The media type of a `Content-Type` header, the one form every module compares.
package enum MediaType {
    /// `Application/JSON; charset=utf-8` -> `application/json`: parameters dropped, lowercased.
    package static func of(_ contentType: String) -> String {
        let bare = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? contentType
        return bare.trimmedWhitespace.lowercased()
    }
}
