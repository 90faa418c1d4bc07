import Foundation

/// Why a persistent history request was refused.
public enum PersistentHistoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token was made by another store (another file, or a store made anew in its place):
    /// its numbers say nothing about this store's history. Fetch this store's history from the
    /// start (`after: nil`) instead.
    case tokenOfAnotherStore(token: PersistentHistoryToken, storeIdentifier: UUID)
    /// Transactions saved after the token have been deleted (``ManagedObjectContext/deleteHistory(through:)``):
    /// what changed since cannot be told from the history (Core Data's
    /// `NSPersistentHistoryTokenExpiredError`). Read the store's current contents afresh, then
    /// go on from ``ManagedObjectContext/currentHistoryToken()``.
    case expiredToken(token: PersistentHistoryToken)

    /// One sentence saying what is wrong and what to do.
    public var description: String {
        switch self {
        case .tokenOfAnotherStore(let token, let store):
            "The \(token) does not belong to store \(store.uuidString); fetch that store's history from the start."
        case .expiredToken(let token):
            "The history after the \(token) has been deleted; read the store's contents afresh and go on from its current token."
        }
    }
}
