import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where the editor's file and kept text live: `$XDG_RUNTIME_DIR/diary` when the session has a
/// runtime folder (tmpfs, the user's alone, removed at logout: where a user expects the text of
/// a private diary to be), else `diary-<uid>` in the temporary folder (both 0700); the temporary
/// folder itself only when neither can be had (another account made the folder first). Each editing session's folder is
/// named after its process, `diary-edit-<pid>-<uuid>`, so that the next command finds what a killed
/// `diary` left and says where that text lies (``sweepLeftovers(in:)``).
enum PrivateScratch {
    /// The folder's name in the runtime folder.
    static let folderName = "diary"
    /// The prefix of an editing session's folder; the process id and a UUID follow.
    static let editingPrefix = "diary-edit-"
    /// The prefix of a folder whose text was kept for the user (its path was reported).
    static let keptPrefix = "diary-kept-"

    /// `$XDG_RUNTIME_DIR/diary` when `XDG_RUNTIME_DIR` is an absolute folder of this user's that
    /// no one else may enter, else `diary-<uid>` in `temporary`, else `temporary` (when another
    /// account holds that name); with whether the folder exists already as diary's own, which
    /// ``sweepLeftovers(in:)`` then reads. Nothing is made here: the editor makes the folder,
    /// 0700, when it first needs it, so a command that edits nothing touches no folder.
    static func directory(environment: [String: String], temporary: URL) -> (url: URL, exists: Bool) {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isPrivateFolder(runtime) == true {
            let folder = URL(fileURLWithPath: runtime, isDirectory: true).appendingPathComponent(
                folderName, isDirectory: true)
            if let own = isPrivateFolder(folder.path) { return own ? (folder, true) : (temporary, false) }
            return (folder, false)
        }
        let folder = temporary.appendingPathComponent("\(folderName)-\(getuid())", isDirectory: true)
        if let own = isPrivateFolder(folder.path) { return own ? (folder, true) : (temporary, false) }
        return (folder, false)
    }

    /// Makes `directory` (the folder ``directory(environment:temporary:)`` gave) 0700 when missing,
    /// before a session's folder is made in it; its parent is there already.
    static func prepare(_ directory: URL) {
        _ = mkdir(directory.path, 0o700)
    }

    /// The name of a new editing session's folder of this process.
    static func editingFolderName() -> String {
        editingPrefix + "\(getpid())-" + UUID().uuidString
    }

    /// Keeps the editor's `file` for the user: its session folder is renamed `diary-kept-…`, so
    /// that no later command takes it for a leftover, and the file's new path is returned (the
    /// one to tell the user). Where the rename fails the file stays, and its path is returned.
    static func keep(_ file: URL) -> String {
        let folder = file.deletingLastPathComponent()
        guard folder.lastPathComponent.hasPrefix(editingPrefix) else { return file.path }
        let kept = folder.deletingLastPathComponent().appendingPathComponent(
            keptPrefix + UUID().uuidString, isDirectory: true)
        guard rename(folder.path, kept.path) == 0 else { return file.path }
        return kept.appendingPathComponent(file.lastPathComponent).path
    }

    /// Folders of editing sessions whose process is gone (a `diary` killed while its editor
    /// was open): each one whose file holds text is renamed `diary-kept-…` and its file's path
    /// returned, to be told to the user; an empty one is removed. Text is never deleted.
    static func sweepLeftovers(in directory: URL) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var kept: [String] = []
        for name in names where name.hasPrefix(editingPrefix) {
            let rest = name.dropFirst(editingPrefix.count)
            guard let pid = rest.split(separator: "-", maxSplits: 1).first.flatMap({ pid_t($0) }), pid > 0,
                kill(pid, 0) != 0 && errno == ESRCH
            else { continue }
            let folder = directory.appendingPathComponent(name, isDirectory: true)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let withText = files.filter { file in
                let size =
                    (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(file).path)[.size]
                        as? Int) ?? 0
                return size > 0
            }
            if withText.isEmpty {
                try? FileManager.default.removeItem(at: folder)
                continue
            }
            let keptFolder = directory.appendingPathComponent(keptPrefix + UUID().uuidString, isDirectory: true)
            guard rename(folder.path, keptFolder.path) == 0 else { continue }
            kept += withText.map { keptFolder.appendingPathComponent($0).path }
        }
        return kept.sorted()
    }

    /// Whether `path` is a folder (not a link) of this user's with no access for others; nil when
    /// nothing is there.
    private static func isPrivateFolder(_ path: String) -> Bool? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR && status.st_uid == getuid() && status.st_mode & 0o077 == 0
    }
}
