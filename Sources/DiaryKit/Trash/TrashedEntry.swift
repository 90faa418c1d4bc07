import Foundation

/// An entry in the trash: the entry as it was, when it was moved there and when it goes
/// for good.
public struct TrashedEntry: Sendable, Hashable {
    /// The entry, with its tags and media.
    public let entry: EntryRecord
    /// When it was moved to the trash.
    public let trashedTime: Date
    /// When it is removed for good, with its media: ``Diary/trashRetention`` later.
    public var purgeTime: Date { trashedTime.addingTimeInterval(Diary.trashRetention) }
}
