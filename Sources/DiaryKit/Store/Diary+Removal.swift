import Foundation

extension Diary {
    /// Removes the diary again when this value created it and nothing was ever saved in it:
    /// for a writing command that fails (or is cancelled) before it saves, so it leaves no new
    /// store behind. The database goes only when it has no rows, no media file, and no other
    /// process has it open; the folder only when this value created it and it is empty.
    /// Anything else is left as it is. Call it last: the diary must not be used afterwards.
    public func removeIfNeverUsed() {
        guard (try? coordinator.removeStoreIfUnused()) == true, createdFolder else { return }
        rmdir(directory.path)
    }
}
