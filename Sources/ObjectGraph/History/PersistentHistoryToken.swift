import Foundation

/// A place in a store's persistent history (Core Data's `NSPersistentHistoryToken`): fetch the
/// transactions after it, or delete those up to it. Opaque; tokens of one store compare in the
/// order their transactions were saved, and a token kept (encoded, say, in a sync state file)
/// still means the same place after the store is closed, reopened or migrated.
public struct PersistentHistoryToken: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The store whose history the token points into.
    let storeIdentifier: UUID
    /// The number of the transaction (numbers only grow, and are never given twice, even after pruning).
    let transactionNumber: Int64

    init(storeIdentifier: UUID, transactionNumber: Int64) {
        self.storeIdentifier = storeIdentifier
        self.transactionNumber = transactionNumber
    }

    /// Earlier transactions' tokens come first (tokens of different stores: by store, then number).
    public static func < (lhs: Self, rhs: Self) -> Bool {
        guard lhs.storeIdentifier == rhs.storeIdentifier else {
            return lhs.storeIdentifier.uuidString < rhs.storeIdentifier.uuidString
        }
        return lhs.transactionNumber < rhs.transactionNumber
    }

    /// For logs: the transaction number and the store.
    public var description: String { "history token \(transactionNumber) of store \(storeIdentifier.uuidString)" }
}
