import FormSessions
import Testing

@Suite struct SessionPathsTests {
    @Test func theFormIsNamedRelativeToTheTranscriptsFolder() {
        #expect(SessionPaths.relative(from: "Tests/Sessions", to: "Forms/signup.yaml") == "../../Forms/signup.yaml")
        #expect(SessionPaths.relative(from: ".", to: "Forms/signup.yaml") == "Forms/signup.yaml")
        #expect(SessionPaths.relative(from: "/a/b/c", to: "/a/x.yaml") == "../../x.yaml")
        #expect(SessionPaths.relative(from: "/a", to: "/a/./b/../x.yaml") == "x.yaml")
    }

    @Test func aRelativeFormIsReadFromTheTranscriptsFolder() {
        #expect(SessionPaths.directory(of: "Tests/Sessions/s.session") == "Tests/Sessions")
        #expect(SessionPaths.directory(of: "s.session") == ".")
        #expect(SessionPaths.directory(of: "/s.session") == "/")
        #expect(SessionPaths.resolve("../../Forms/signup.yaml", against: "Tests/Sessions") == "Forms/signup.yaml")
        #expect(SessionPaths.resolve("/etc/f.yaml", against: "Tests/Sessions") == "/etc/f.yaml")
        #expect(SessionPaths.resolve("f.yaml", against: ".") == "f.yaml")
    }
}
