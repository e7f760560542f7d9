/// Where a session learns that the operator asked it to stop (SIGINT, SIGTERM, SIGHUP), injected
/// into the driver and the line sources instead of read from a global: a replay or a test runs
/// with `NoInterrupts`, the CLI with the process's signal trap (`ProcessSignals` in FormTerminal).
public protocol InterruptEdge: Sendable {
    /// The signal caught since the last call, if any; taking it clears it.
    func takeSignal() -> Int32?
    /// Whether a signal is waiting to be taken (does not clear it).
    var hasPendingSignal: Bool { get }
    /// Takes a waiting SIGINT (Ctrl-C) that the session survives: it cancelled a server check.
    /// False, leaving it, for any other signal (those end the session).
    func takeInterruptToGoOn() -> Bool
    /// A descriptor that becomes readable when a signal arrives, for a source's `poll()`; -1: none.
    var wakeDescriptor: Int32 { get }
}

/// The edge of a session nothing can interrupt: replays, tests, embedders without signals.
public struct NoInterrupts: InterruptEdge {
    public init() {}
    public func takeSignal() -> Int32? { nil }
    public var hasPendingSignal: Bool { false }
    public var wakeDescriptor: Int32 { -1 }
}

extension InterruptEdge {
    /// An edge that cannot tell signals apart lets every one end the session.
    public func takeInterruptToGoOn() -> Bool { false }
}
