import Foundation
import MediaKit

/// What `diary import --from photos` found in the folders and files it was given, grouped into
/// the entries it would make, before anything is decoded in full or stored.
public struct PhotoImportPlan: Sendable {
    /// How found files are grouped into entries.
    public enum Grouping: String, Sendable, Hashable, CaseIterable {
        /// One entry per local day of capture (the default).
        case day
        /// One entry per file (`--per photo`).
        case photo
    }

    /// One file found, with the moment it is dated by.
    struct Item: Sendable {
        /// The file.
        var url: URL
        /// When it was taken (or, without a capture time, last modified).
        var instant: Date
        /// Whether `instant` is the camera's capture time (false: the file's modification time).
        var isCaptureTime: Bool
        /// Its size in bytes.
        var byteCount: Int64
        /// The zone it was taken in, as an entry records one (``EntryZone``): the camera's
        /// offset where it recorded one unlike the importing zone's, else the importing zone.
        var zone: String
    }

    /// One entry to make: a local day's files (or one file) in capture order.
    public struct Entry: Sendable {
        /// The local day of capture.
        public var day: DiaryDay
        /// The entry's date: its first file's capture time (or modification time).
        public var date: Date
        /// The files, in capture order.
        var items: [Item]
        /// How many files.
        public var fileCount: Int { items.count }
        /// The zone of the entry's earliest file, which the entry is dated by and so written in.
        var zone: String? { items.min { $0.instant < $1.instant }?.zone }
        /// How many of them have no capture time and are dated by their modification time.
        public var modificationDatedCount: Int { items.filter { !$0.isCaptureTime }.count }
        /// Their total size in bytes.
        public var byteCount: Int64 { items.reduce(0) { $0 + $1.byteCount } }
    }

    /// The entries to make, by date.
    public var entries: [Entry]
    /// Hidden files and folders (name starting with a dot) left out; a hidden folder counts once.
    public var hiddenSkipped: Int
    /// Files whose content is neither a photo nor a recording, left out.
    public var notMediaSkipped: Int
    /// Folders under the ones given that this user may not read (or that vanished during the
    /// walk), sorted: their photos could not be looked at, and the import names them as refused.
    public var unreadableFolders: [URL] = []

    /// The media files found.
    public var fileCount: Int { entries.reduce(0) { $0 + $1.fileCount } }
    /// Their total size in bytes.
    public var byteCount: Int64 { entries.reduce(0) { $0 + $1.byteCount } }
    /// Files dated by their modification time for want of a capture time.
    public var modificationDatedCount: Int { entries.reduce(0) { $0 + $1.modificationDatedCount } }
}
