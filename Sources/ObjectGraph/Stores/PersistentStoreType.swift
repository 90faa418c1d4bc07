import Foundation

/// The kinds of store a coordinator can open.
public enum PersistentStoreType: String, Sendable, Hashable, CaseIterable {
    /// A SQLite database in WAL mode (the default for real use).
    case sqlite
    /// The whole graph in one file, rewritten atomically on every save.
    case binary
    /// Nothing on disk; gone when the coordinator goes.
    case inMemory
}
