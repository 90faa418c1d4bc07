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

    /// The IANA name of the zone the entry was written in (set for a new entry from the
    /// process's zone); nil when the zone has no such name, as a `TZ` rule string has not.
    public var timeZoneIdentifier: String? {
        get { entry.timeZone }
        set { entry.timeZone = newValue }
    }
}
