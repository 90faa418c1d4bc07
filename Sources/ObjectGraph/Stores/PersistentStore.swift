import Foundation

/// A store opened by a ``PersistentStoreCoordinator``. All store types share it; they are
/// `Sendable` and lock internally, so contexts on different tasks may use one store.
public protocol PersistentStore: AnyObject, Sendable {
    /// The store's UUID, made when the store was created and kept in its metadata.
    var identifier: UUID { get }
    /// The kind of store.
    var type: PersistentStoreType { get }
    /// The store's file, or nil in memory.
    var url: URL? { get }
    /// The model version hash the store was written with.
    var modelVersionHash: String { get }
    /// The directory holding externally stored binary values, if the store has one.
    var blobDirectory: URL? { get }
}
