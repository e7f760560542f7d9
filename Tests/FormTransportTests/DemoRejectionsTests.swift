import DemoServer
import FormCore
import Testing

/// Issue 27 item 5: the demo server's routes come from FormCore's list of dialects, each served
/// by the writer that names it.
@Suite struct DemoRejectionsTests {
    @Test func everyDialectHasADemoWriter() {
        #expect(DemoServer.dialects == ErrorDialect.named, "a dialect without a demo writer has no route")
    }

    @Test func everyDemoWriterNamesOneDialect() {
        let written = DemoServer.writtenDialects
        for dialect in written {
            #expect(ErrorDialect.named.contains(dialect), "the demo writer for \(dialect) names no dialect")
        }
        #expect(Set(written).count == written.count, "two demo writers name the same dialect")
    }
}
