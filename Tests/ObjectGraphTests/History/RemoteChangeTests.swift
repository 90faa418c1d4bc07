import Foundation
import Synchronization
import Testing

@testable import ObjectGraph

/// A store another coordinator (as another process would) saved to tells its observers, as
/// `NSPersistentStoreRemoteChange` does; saves through the observing coordinator do not.
@Suite struct RemoteChangeTests {
    private final class Received: Sendable {
        let changes = Mutex<[RemoteStoreChange]>([])
        let arrived = DispatchSemaphore(value: 0)
        func take(_ change: RemoteStoreChange) {
            changes.withLock { $0.append(change) }
            arrived.signal()
        }
        var all: [RemoteStoreChange] { changes.withLock { $0 } }
    }

    @Test func anotherCoordinatorsSaveIsReportedWithItsHistoryToken() throws {
        var options = PersistentStoreOptions()
        options.recordsPersistentHistory = true
        let stack = try TestStack(model: queryModel, type: .sqlite, options: options)
        let received = Received()
        let observation = try stack.coordinator.observeRemoteChanges(every: .milliseconds(20)) { received.take($0) }

        // This coordinator's own save is not remote.
        try insertEntry(stack.context, title: "Mine")
        try stack.context.save()
        #expect(received.arrived.wait(timeout: .now() + 0.3) == .timedOut)

        let other = PersistentStoreCoordinator(model: queryModel)
        try other.addPersistentStore(type: .sqlite, at: stack.storeURL, options: stack.options)
        let theirs = ManagedObjectContext(coordinator: other)
        try insertEntry(theirs, title: "Theirs")
        try theirs.save()
        #expect(received.arrived.wait(timeout: .now() + 5) == .success)
        let change = try #require(received.all.first)
        #expect(change.historyToken == (try theirs.currentHistoryToken()))
        let transactions = try stack.context.fetchHistory(
            after: try #require(try stack.context.fetchHistory(after: nil).first).token)
        #expect(transactions.count == 1)

        observation.cancel()
        try insertEntry(theirs, title: "Unseen")
        try theirs.save()
        #expect(received.arrived.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(received.all.count == 1)
    }

    @Test(arguments: [PersistentStoreType.binary, .inMemory])
    func storesNoOtherProcessSharesRefuseToBeObserved(type: PersistentStoreType) throws {
        let stack = try TestStack(model: queryModel, type: type)
        #expect(throws: RemoteChangeError.unsupportedStore(type)) {
            _ = try stack.coordinator.observeRemoteChanges { _ in }
        }
    }
}
