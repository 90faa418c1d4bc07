import Dispatch
import Foundation
import Synchronization

/// A save another coordinator or process made to a store, as Core Data's
/// `NSPersistentStoreRemoteChange` notification tells of one.
public struct RemoteStoreChange: Sendable, Hashable {
    /// The store's identifier.
    public let storeIdentifier: UUID
    /// The store's last persistent history transaction after the change (nil without history):
    /// fetch the history after the token you kept to see what it changed.
    public let historyToken: PersistentHistoryToken?
}

/// Why remote changes of a store cannot be observed.
public enum RemoteChangeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Only a SQLite store is shared by processes; the binary and in-memory stores belong to one coordinator.
    case unsupportedStore(PersistentStoreType)

    /// A sentence naming the store type.
    public var description: String {
        switch self {
        case .unsupportedStore(let type):
            "remote changes are observed on a SQLite store only; this one is \(type), which no other process shares"
        }
    }
}

/// A running observation of a store's remote changes (see
/// ``PersistentStoreCoordinator/observeRemoteChanges(every:_:)``); it stops when cancelled or
/// released.
public final class RemoteChangeObservation: Sendable {
    private let timer: Mutex<(any DispatchSourceTimer)?>

    init(timer: sending any DispatchSourceTimer) {
        self.timer = Mutex(timer)
    }

    /// Stops the observation; the handler is not called again once this returns (a call
    /// already running finishes).
    public func cancel() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }

    deinit { cancel() }
}

extension PersistentStoreCoordinator {
    /// Calls `handler`, on a queue of its own, each time another coordinator or process has
    /// saved to the store since the last look, which is taken every `interval` (the SQLite
    /// store reads `PRAGMA data_version`, a read of its own memory unless something
    /// changed). Saves through this coordinator are not remote and are not reported. What
    /// Core Data's `NSPersistentStoreRemoteChangeNotificationPostOptionKey` turns on; pair it
    /// with persistent history to learn what changed.
    /// - Returns: the observation; keep it, and cancel or release it to stop.
    /// - Throws: ``ObjectGraphError/noPersistentStore``; ``RemoteChangeError/unsupportedStore(_:)``
    ///   for a binary or in-memory store; ``StoreFailure`` or ``SQLiteError`` when the store cannot be read.
    public func observeRemoteChanges(
        every interval: Duration = .milliseconds(250),
        _ handler: @escaping @Sendable (RemoteStoreChange) -> Void
    ) throws -> RemoteChangeObservation {
        let found = try store()
        guard let store = found as? SQLiteStore else { throw RemoteChangeError.unsupportedStore(found.type) }
        let last = LastDataVersion(try store.dataVersion())
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "objectgraph.remote-changes"))
        let nanoseconds = max(
            1_000_000,
            Int(interval.components.seconds) * 1_000_000_000
                + Int(interval.components.attoseconds / 1_000_000_000))
        timer.schedule(
            deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
            leeway: .nanoseconds(nanoseconds / 10))
        timer.setEventHandler {
            // A store that cannot be read now is looked at again next time.
            guard let version = try? store.dataVersion(), last.changed(to: version) else { return }
            let token = (try? store.lastHistoryNumber()).flatMap { $0 }
                .map { PersistentHistoryToken(storeIdentifier: store.identifier, transactionNumber: $0) }
            handler(RemoteStoreChange(storeIdentifier: store.identifier, historyToken: token))
        }
        timer.resume()
        return RemoteChangeObservation(timer: timer)
    }
}

/// The data version an observation saw last.
private final class LastDataVersion: Sendable {
    private let version: Mutex<Int64>

    init(_ version: Int64) { self.version = Mutex(version) }

    /// Whether `version` differs from the last one seen; it is the last one seen after.
    func changed(to version: Int64) -> Bool {
        self.version.withLock { last in
            defer { last = version }
            return last != version
        }
    }
}
