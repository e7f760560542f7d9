@testable import FormCore
import Testing

/// `LooseSegments` (each distinct segment loosened once, for every field of a long form) must
/// give exactly the parts and keys `ItemNames.looseKey` gives one name at a time.
@Suite struct LooseSegmentsTests {
    static let names = [
        "lines.2.qty", "lines_attributes.12.unit_price", "Lines_Attributes.3.Qty", "order.lines.1.size.width",
        "vlans.3", "first-name", "ntp.1", "2.lines", "a..b", "", "lines_attributes", "x_attributes.y",
        "line_items_attributes.1.sku_code", "a_attributes.7", "été.1.ÉTÉ_x",
    ]

    @Test func partsAndKeysAsLooseKeyGivesThem() {
        var memo = LooseSegments()
        // Twice over: the second pass reads what the first one kept.
        for name in Self.names + Self.names {
            let segments = ItemNames.segments(of: name)
            let parts = memo.parts(segments)
            #expect(parts == ItemNames.looseParts(segments), "\(name)")
            #expect(parts.joined(separator: ".") == ItemNames.looseKey(segments), "\(name)")
            #expect(ItemNames.itemlessKey(segments, parts: parts) == ItemNames.itemlessKey(segments), "\(name)")
        }
        #expect(ItemNames.looseKey(ItemNames.segments(of: "Lines_Attributes.3.Qty")) == "lines.3.qty")
        #expect(ItemNames.itemlessKey(ItemNames.segments(of: "lines_attributes.12.unit_price")) == "lines.unitprice")
    }

    @Test func asciiNamesSplitOnBytesAsOnCharacters() {
        for name in Self.names + ["a.b.c", ".", "..", "a.", ".a", "lines.12.qty"] {
            #expect(ItemNames.segments(of: name) == name.split(separator: ".", omittingEmptySubsequences: false).map(String.init), "\(name)")
        }
        // A dot joined to a combining mark is one character: not a place to split, as before.
        #expect(ItemNames.segments(of: "a.\u{301}b") == ["a.\u{301}b"])
    }
}
