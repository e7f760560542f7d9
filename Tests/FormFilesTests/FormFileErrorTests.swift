import FormFiles
import Testing

@Suite struct FormFileErrorTests {
    @Test func descriptionIsFileLineColumnMessage() {
        let e = FormFileError(file: "Forms/x.yaml", line: 12, column: 5, message: "unknown field type \"emial\"")
        #expect(e.description == "Forms/x.yaml:12:5: unknown field type \"emial\"")
    }

    @Test func errorWithoutPositionHasNoLineOrColumn() {
        let e = FormFileError(file: "Forms/x.yaml", line: 0, column: 0, message: "cannot read: No such file or directory")
        #expect(e.description == "Forms/x.yaml: cannot read: No such file or directory")
    }

    @Test func errorsDescribeOneALine() {
        let errors = FormFileErrors([
            FormFileError(file: "a", line: 1, column: 2, message: "x"),
            FormFileError(file: "a", line: 3, column: 4, message: "y"),
        ])
        #expect(errors.description == "a:1:2: x\na:3:4: y")
    }

    @Test func unreadableFileIsOneLine() throws {
        let path = "/nonexistent-\(UInt32.random(in: 0...UInt32.max))/x.yaml"
        guard case .failure(let errors) = FormFileLoader.load(path: path) else {
            Issue.record("loaded a missing file")
            return
        }
        #expect(errors.errors.map(\.description) == ["\(path): cannot read: No such file or directory"])
    }

    @Test func directoryIsUnreadable() {
        guard case .failure(let errors) = FormFileLoader.load(path: "/") else {
            Issue.record("loaded a directory")
            return
        }
        #expect(errors.errors.map(\.description) == ["/: cannot read: Is a directory"])
    }
}
