import Foundation

extension DiaryError: CustomStringConvertible, LocalizedError {
    /// One line naming the file, value or store and what is wrong.
    public var description: String {
        switch self {
        case .unknownEntry(let id):
            "no entry #\(id) (see 'diary list' for the entries there are)"
        case .entryInTrash(let id):
            "entry #\(id) is in the trash ('diary restore \(id)' brings it back)"
        case .entryNotInTrash(let id):
            "entry #\(id) is not in the trash (see 'diary trash' for the entries there)"
        case .unknownMedium(let index, let entryID, let count):
            "entry \(entryID.map { "#\($0)" } ?? "being written") has no medium \(index)"
                + (count == 0 ? " (it has no media)" : " (it has media 1 to \(count))")
        case .missingFile(let url):
            "\(url.path): no such file"
        case .folderNotFile(let url):
            "\(url.path): it is a folder, not a file"
        case .permissionDenied(let url):
            "\(url.path): permission denied"
        case .unreadableFile(let url, let reason):
            "\(url.path): cannot read the file: \(reason)"
        case .invalidMedia(_, let reason):
            reason
        case .wrongMediaKind(let url, let expected, let found):
            "\(url.path): expected \(expected == .image ? "a photo" : "a recording"), "
                + "but the file is \(found == .image ? "a photo" : "a recording")"
        case .emptyEntry:
            "an entry needs text or at least one photo or recording; nothing was saved"
        case .textTooLong(let byteCount, let limit):
            "the entry's text has \(byteCount) bytes, more than the limit of "
                + "\(EntryLimits.describe(bytes: Int64(limit))) per entry; nothing was saved"
        case .tooManyMedia(let count, let limit):
            "the entry would hold \(count) photos and recordings, more than the limit of \(limit) per entry; "
                + "nothing was saved"
        case .tooManyTags(let count, let limit):
            "the entry would carry \(count) tags, more than the limit of \(limit) per entry; nothing was saved"
        case .invalidTag(let name):
            "'\(name)' is not a usable tag name (it is empty once spaces are trimmed)"
        case .storeBusy(let url):
            "the diary at \(url.path) is busy (another diary process is writing); try again"
        case .changedElsewhere(_, let detail):
            "another diary process \(detail); nothing was saved, try again"
        case .incompatibleStore(let url, let detail):
            "the diary at \(url.path) was written by another version of the diary: \(detail)"
        case .corruptStore(let url, let detail):
            "the diary at \(url.path) is damaged: \(detail)"
        case .invalidLocation(let path, let reason):
            "cannot use '\(path)' as the diary's folder: \(reason)"
        case .uncreatableFolder(let url, let reason):
            "cannot create the diary's folder \(url.path): \(reason)"
        case .noDiary(let url):
            "there is no diary at \(url.path) (check the path; the first 'diary new' creates one)"
        case .readOnlyStore(let url):
            "the diary at \(url.path) is read-only (this account may read it but not change it); nothing was changed"
        case .io(let path, let reason):
            "\(path): \(reason)"
        case .bundle(let error):
            error.description
        case .interop(let error):
            error.description
        case .encryption(let error):
            error.description
        case .store(let detail):
            "the diary store failed: \(detail)"
        case .sync(let error):
            error.description
        case .invalidSetting(let key, let reason):
            "\(key): \(reason)"
        case .noPhotoToDateBy(nil, _):
            "--on photo dates the entry by its earliest photo, and it has none; attach one with --image, or give a date with --on"
        case .noPhotoToDateBy(let id?, let hasPhotos):
            "--on photo dates entry #\(id) by its earliest photo, and "
                + (hasPhotos ? "none of its photos records when it was taken" : "it has none")
                + "; give a date with --on"
        }
    }

    /// The same line, for `localizedDescription`.
    public var errorDescription: String? { description }
}
