import Foundation

/// Why a save could not be written because of another writer's conflicting change. (A write
/// lock held for too long is ``StoreFailure/busy(path:waitedMilliseconds:)``.)
public enum ConcurrencyError: Error, CustomStringConvertible {
    /// Rows this save would overwrite were changed or deleted by another context or process
    /// since they were read. Thrown when the context's ``MergePolicy`` is ``MergePolicy/error``
    /// (or when conflicts keep coming back); nothing was written and the context keeps its changes.
    case mergeConflict([MergeConflict])

    /// A sentence naming the objects and keys.
    public var description: String {
        switch self {
        case .mergeConflict(let conflicts):
            "The save conflicts with changes saved elsewhere since the objects were read; nothing was written:\n"
                + conflicts.map { "  - \($0)" }.joined(separator: "\n")
        }
    }
}

/// One object whose row changed in the store after the context read it.
public struct MergeConflict: Sendable, Hashable, CustomStringConvertible {
    /// The object's ID.
    public var objectID: ObjectID
    /// The row version the context read.
    public var objectVersion: Int64
    /// The row version in the store now; nil when the row was deleted.
    public var storeVersion: Int64?
    /// Keys whose stored value changed since the object was read (attributes and to-ones).
    public var storeChangedKeys: [String]
    /// Keys the context changed too: the clash.
    public var clashingKeys: [String]

    /// Whether another writer deleted the row.
    public var isDeletedInStore: Bool { storeVersion == nil }

    /// `Note x-objectgraph://…/Note/p1 (read at version 1, now 2): changed there: text; also changed here: text`.
    public var description: String {
        var text = "\(objectID.entityName) \(objectID) (read at version \(objectVersion), "
        guard let storeVersion else { return text + "now deleted)" }
        text += "now \(storeVersion))"
        if !storeChangedKeys.isEmpty { text += ": changed there: " + storeChangedKeys.joined(separator: ", ") }
        if !clashingKeys.isEmpty { text += "; also changed here: " + clashingKeys.joined(separator: ", ") }
        return text
    }
}
