import Foundation

/// What importing one bundle did.
public enum ImportOutcome: Sendable, Hashable {
    /// The entry was added to the diary.
    case imported(EntryRecord)
    /// An entry with the bundle's UUID was already there (in the trash when `inTrash`: restoring
    /// it brings it back); nothing was added.
    case skipped(uuid: UUID, existingID: Int64, inTrash: Bool = false)
}
