import Testing
@testable import FormDrafts

/// The hex a draft's form_sha256 and the OpenAPI cache's keys are written in: lower case, two
/// digits a byte, the same as before the hex was written byte by byte.
@Suite struct ContentHashTests {
    @Test("SHA-256 of the FIPS 180-2 examples, as 64 lower-case hex digits")
    func knownDigests() {
        #expect(ContentHash.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentHash.sha256([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("a prefix and the first N digits: the same digits as the whole hash's, odd counts included")
    func prefixedDigits() {
        let whole = ContentHash.sha256(Array("abc".utf8))
        for count in [0, 1, 39, 40, 63, 64] {
            #expect(ContentHash.sha256(Array("abc".utf8), hexDigits: count, after: "k-") == "k-" + whole.prefix(count))
        }
        #expect(ContentHash.sha256(Array("abc".utf8), hexDigits: 99, after: "") == whole)
    }
}
