/// Whether a look-up of one entry takes entries in the trash.
enum TrashScope: Sendable {
    /// Only entries in the diary; a trashed one is ``DiaryError/entryInTrash(id:)``.
    case excluded
    /// Only entries in the trash; one in the diary is ``DiaryError/entryNotInTrash(id:)``.
    case only
    /// Either.
    case included
}
