import Foundation

/// Why a persistent history request was refused.
public enum PersistentHistoryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token was made by another store (another file, or a store made anew in its place):
    /// its numbers say nothing about this store's history. Fetch this store's history from the
    /// start (`after: nil`) instead.
    case tokenOfAnotherStore(token: PersistentHistoryToken, storeIdentifier: UUID)

    /// One sentence saying what is wrong and what to do.
    public var description: String {
        switch self {
        case .tokenOfAnotherStore(let token, let store):
            "The \(token) does not belong to store \(store.uuidString); fetch that store's history from the start."
        }
    }
}
