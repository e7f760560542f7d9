@testable import FormSystem
import Glibc
import Testing

/// Issue 33 item 7: what `formline` does first thing, before it reads any secret. Run in this
/// test process: it leaves it without core dumps and with the early SIGQUIT handler, which no
/// test here sends.
@Suite struct CoreDumpGuardTests {
    @Test func theProcessIsNotDumpableAndHasNoCoreLimit() throws {
        CoreDumpGuard.install()
        #expect(CoreDumpGuard.isDumpable == false)
        var limit = rlimit()
        #expect(getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit) == 0)
        #expect(limit.rlim_cur == 0 && limit.rlim_max == 0)
        var action = sigaction()
        #expect(sigaction(SIGQUIT, nil, &action) == 0)
        #expect(action.__sigaction_handler.sa_handler != nil, "SIGQUIT is handled (exit 131), not the default core dump")
    }
}
