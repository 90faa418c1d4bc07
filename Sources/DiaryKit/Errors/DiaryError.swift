import Foundation
import ObjectGraph

/// Why a diary operation failed. Every case names the file, value or store involved in a
/// one-line ``description`` and belongs to a sysexits-style ``category`` that the command
/// line maps to its exit status in one place.
public enum DiaryError: Error, Sendable, Hashable {
    /// No entry has this short id.
    case unknownEntry(id: Int64)
    /// Entry `id` is in the trash: restore it first (`diary restore`).
    case entryInTrash(id: Int64)
    /// Entry `id` is in the diary, not in the trash, so there is nothing to restore.
    case entryNotInTrash(id: Int64)
    /// A medium index (1-based) outside the entry's media.
    case unknownMedium(index: Int, entryID: Int64?, count: Int)
    /// A file to add does not exist.
    case missingFile(URL)
    /// A folder was given where a file is expected.
    case folderNotFile(URL)
    /// This user may not read the file, or enter a folder on its way.
    case permissionDenied(URL)
    /// A file to add exists but cannot be read.
    case unreadableFile(URL, reason: String)
    /// A file to add is not a valid photo or recording; `reason` is MediaKit's line naming it.
    case invalidMedia(URL, reason: String)
    /// A file is a valid medium of the other kind (a recording given as a photo).
    case wrongMediaKind(URL, expected: MediumKind, found: MediumKind)
    /// The entry would have neither text nor media.
    case emptyEntry
    /// The entry's text is longer than ``EntryLimits/maximumTextByteCount``.
    case textTooLong(byteCount: Int, limit: Int)
    /// The entry would hold more media than ``EntryLimits/maximumMediaCount``.
    case tooManyMedia(count: Int, limit: Int)
    /// The entry would carry more tags than ``EntryLimits/maximumTagCount``.
    case tooManyTags(count: Int, limit: Int)
    /// A tag name that is empty once trimmed.
    case invalidTag(String)
    /// Another process holds the store's write lock for longer than the busy timeout.
    case storeBusy(URL)
    /// Another diary process changed or deleted the same entry since this one read it; nothing
    /// was saved, and running the command again works on the new state. `detail` says what it
    /// did and names the fields changed on both sides ("changed entry #3 meanwhile (its text
    /// was changed there too)"); a change elsewhere that does not clash is merged instead.
    case changedElsewhere(URL, detail: String)
    /// The store was written by a newer or different version of the diary.
    case incompatibleStore(URL, detail: String)
    /// The store's database is damaged or not a diary.
    case corruptStore(URL, detail: String)
    /// The store location cannot be worked out or used.
    case invalidLocation(String, reason: String)
    /// There is no diary in this folder (and the command does not create one).
    case noDiary(URL)
    /// The diary's folder could not be created; `reason` names the part of the path or the
    /// system's reason (`Permission denied`).
    case uncreatableFolder(URL, reason: String)
    /// The diary in this folder may be read but not changed by this account.
    case readOnlyStore(URL)
    /// Reading or writing a file failed.
    case io(path: String, reason: String)
    /// Exporting or importing a bundle failed.
    case bundle(BundleError)
    /// Importing another tool's export or writing a whole-diary export failed.
    case interop(InteropError)
    /// An encrypted diary's key, key file, passphrase or key cache failed.
    case encryption(DiaryEncryptionError)
    /// The store failed in a way none of the above describes.
    case store(detail: String)
    /// Syncing with the remote failed.
    case sync(MirrorError)
    /// A `diary config` key or value that cannot be used.
    case invalidSetting(key: String, reason: String)
    /// `--on photo` for an entry (`entryID`, nil for one being written) with nothing to date it
    /// by: no photo, or (`hasPhotos`) none whose camera recorded when it was taken.
    case noPhotoToDateBy(entryID: Int64?, hasPhotos: Bool)

    /// The sysexits-style family of an error; the command line chooses its exit status.
    public enum Category: Sendable, Hashable {
        /// The command was used wrongly (EX_USAGE).
        case usage
        /// The input data is bad (EX_DATAERR).
        case dataError
        /// An input file or entry does not exist (EX_NOINPUT).
        case missingInput
        /// The file system failed (EX_IOERR).
        case ioError
        /// The store is busy; try again (EX_TEMPFAIL).
        case busy
        /// This user may not read a file, or gave the wrong passphrase (EX_NOPERM).
        case permission
        /// A service the command needs is missing, such as libsodium or the keyring (EX_UNAVAILABLE).
        case unavailable
    }

    /// The family of this error.
    public var category: Category {
        switch self {
        case .unknownEntry, .entryInTrash, .entryNotInTrash, .missingFile, .folderNotFile, .unreadableFile, .noDiary:
            .missingInput
        case .unknownMedium, .invalidTag, .invalidLocation, .invalidSetting, .noPhotoToDateBy: .usage
        case .invalidMedia, .wrongMediaKind, .emptyEntry, .incompatibleStore, .corruptStore,
            .textTooLong, .tooManyMedia, .tooManyTags:
            .dataError
        case .storeBusy, .changedElsewhere: .busy
        case .permissionDenied: .permission
        case .io, .store, .readOnlyStore, .uncreatableFolder: .ioError
        case .bundle(let error): Self.category(of: error.category)
        case .interop(let error): Self.category(of: error.category)
        case .encryption(let error): error.category
        case .sync(let error): Self.category(of: error)
        }
    }

    /// The family of a sync failure.
    private static func category(of error: MirrorError) -> Category {
        switch error {
        case .remoteUnreachable, .remoteFailed, .encryptionFailed: .unavailable
        case .remoteFull: .ioError
        case .remoteNotInitialized: .missingInput
        case .remoteAlreadyInitialized, .alreadyMirrored, .notMirrored: .usage
        case .wrongPassphrase: .permission
        case .damagedKeyFile, .cannotApply, .modelNotMirrorable: .dataError
        }
    }

    /// The family of a bundle or interop error's family.
    private static func category(of family: BundleError.Category) -> Category {
        switch family {
        case .dataError: .dataError
        case .missingInput: .missingInput
        case .ioError: .ioError
        case .permission: .permission
        }
    }
}
