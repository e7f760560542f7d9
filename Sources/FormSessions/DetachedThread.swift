#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts `body` on a thread of its own. Replay workers and timed replays use real threads, not
/// Dispatch's pool: a replay that hangs and is abandoned holds its thread for good, and on a
/// 2-core machine the pool (one thread per core) would then starve the replays after it.
package enum DetachedThread {
    private final class Body: @unchecked Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    package static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let started = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, box)
        if started == 0 {
            #if canImport(Glibc)
            pthread_detach(thread)
            #else
            if let thread { pthread_detach(thread) }
            #endif
        } else {
            // No thread to be had: run it here rather than lose it.
            Unmanaged<Body>.fromOpaque(box).takeRetainedValue().run()
        }
    }
}
