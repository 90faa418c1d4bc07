import Foundation

extension EntryEditor {
    /// When the entry was written (set for a new entry on creation). Set it to date an
    /// entry back, as `diary new --on "2026-10-25 01:30"` does; ``save()`` still
    /// refreshes the update time to the moment of saving.
    public var creationTime: Date? {
        get { entry.creationTime }
        set {
            guard let newValue, newValue != entry.creationTime else { return }
            entry.creationTime = newValue
        }
    }
}
