import Foundation

extension Diary {
    /// Whether this process may write the diary in `directory`: the folder, the database when
    /// it exists, and the blob folder when it exists. (Root may write whatever the modes say.)
    static func mayWrite(_ directory: URL, database: URL) -> Bool {
        let blobs = database.deletingPathExtension().appendingPathExtension("blobs")
        guard access(directory.path, W_OK) == 0 else { return false }
        for path in [database.path, blobs.path] where access(path, W_OK) != 0 && errno != ENOENT {
            return false
        }
        return true
    }

    /// Why the folder `directory` could not be created, in a few words: a part of its path that
    /// is a file, else the system's reason for the nearest folder that exists (`Permission denied`).
    static func folderFailure(_ directory: URL, _ error: any Error) -> String {
        var ancestor = directory.deletingLastPathComponent()
        var missing: URL?
        while ancestor.path != "/" {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isFolder) {
                if !isFolder.boolValue { return "\(ancestor.path) is a file, not a folder" }
                if access(ancestor.path, W_OK | X_OK) != 0, let reason = strerror(errno) {
                    return String(cString: reason)
                }
                break
            }
            missing = ancestor
            ancestor = ancestor.deletingLastPathComponent()
        }
        // Only "/" exists: a home folder that is not there (HOME unset or stale, as for system
        // accounts), which diary does not make.
        if ancestor.path == "/", let missing {
            return
                "\(missing.path) does not exist; set DIARY_HOME or give --store to put the diary in a folder that does"
        }
        return reason(of: error)
    }
}
