import Foundation

/// What a ``FetchedResultsController`` tells its delegate after a change batch of its
/// context: sections and objects that appeared, vanished, moved or changed. Old index paths
/// are positions before the batch, new ones after; apply deletes (from the highest old index
/// path) before inserts (from the lowest new one), as table views expect.
public struct FetchedResultsChanges {
    /// What happened to one object.
    public enum Kind: Sendable, Hashable {
        /// It joined the results (inserted, or changed to match).
        case insert
        /// It left the results (deleted, or changed to no longer match).
        case delete
        /// It changed and now sits at another index path.
        case move
        /// It changed and kept its index path.
        case update
    }

    /// One object's change.
    public struct ObjectChange {
        /// What happened.
        public let kind: Kind
        /// The object.
        public let object: ManagedObject
        /// Where it was (nil for inserts).
        public let oldIndexPath: SectionIndexPath?
        /// Where it is now (nil for deletes).
        public let newIndexPath: SectionIndexPath?
    }

    /// A section that appeared or vanished.
    public struct SectionChange: Sendable, Hashable {
        /// The section's name.
        public let name: String
        /// Its index after the batch (inserted) or before it (deleted).
        public let index: Int
    }

    /// Sections that appeared, by new index.
    public internal(set) var insertedSections: [SectionChange] = []
    /// Sections that vanished, by old index.
    public internal(set) var deletedSections: [SectionChange] = []
    /// Every object change, deletes first (by old index path), then inserts, moves and updates (by new).
    public internal(set) var objectChanges: [ObjectChange] = []

    /// The changes of `kind`.
    public func changes(_ kind: Kind) -> [ObjectChange] { objectChanges.filter { $0.kind == kind } }

    /// Whether nothing changed.
    public var isEmpty: Bool { insertedSections.isEmpty && deletedSections.isEmpty && objectChanges.isEmpty }
}

/// Told by a ``FetchedResultsController`` what changed in its results.
public protocol FetchedResultsControllerDelegate: AnyObject {
    /// Called once per change batch (``ManagedObjectContext/processPendingChanges()``, which
    /// every save runs) that changed the results; not called for batches that did not.
    func controllerDidChangeContent(_ changes: FetchedResultsChanges)
}

/// Why a ``FetchedResultsController`` could not be made or fetch.
public enum FetchedResultsControllerError: Error, Equatable, CustomStringConvertible {
    /// The request's first sort key is not the key the sections derive from.
    case firstSortKeyMustOrderSections(sectionKey: String, firstSortKey: String?)
    /// Objects of one section are not together in the sorted results (a section function that
    /// does not keep the sort order, or folding that the section names do not share).
    case sectionsNotContiguous(section: String)

    /// A sentence naming the problem and the fix.
    public var description: String {
        switch self {
        case .firstSortKeyMustOrderSections(let sectionKey, let first):
            "The sections derive from '\(sectionKey)', so the fetch request's first sort key must be '\(sectionKey)'"
                + (first.map { ", not '\($0)'." } ?? "; it has no sort key.")
        case .sectionsNotContiguous(let section):
            "Objects of section '\(section)' are not together in the sorted results; sort by the key the section names derive from."
        }
    }
}
