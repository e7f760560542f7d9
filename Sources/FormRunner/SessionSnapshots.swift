import FormCore
import Synchronization

/// The wizard as the driver last published it, for the one reader that cannot wait for the loop:
/// the signal watchdog, which saves the draft when the loop is stuck (a blocked write, a long
/// computation) and has not taken a signal in time.
///
/// Publishing is a copy of the wizard (a value type, so an O(1) reference copy); the live wizard's
/// next change then copies what it changes, O(its size). The driver publishes after every event
/// on an ordinary form, and after `Wizard.sessionSize / eventsPerCopiedItem` events in a big one
/// (a 40,000-line paste): the work stays linear, and the watchdog's draft lacks at most the last
/// 1/64 of a paste still streaming in (docs/terminal.md, "Signals").
public final class SessionSnapshots: Sendable {
    public static let eventsPerCopiedItem = 64

    private let latest = Mutex<Wizard?>(nil)

    public init() {}

    func publish(_ wizard: Wizard) {
        latest.withLock { $0 = wizard }
    }

    /// What a signal would save as the draft now; empty before the first publication or after
    /// the session finished.
    public var interruptionDraft: [String: JSONValue] {
        latest.withLock { $0?.interruptionDraft ?? [:] }
    }
}
