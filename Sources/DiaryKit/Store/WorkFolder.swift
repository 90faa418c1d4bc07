import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Names for the temporary folders and files a run works in (an unpacked zip, an export
/// being written), and the sweep of those a killed run left behind.
///
/// A name carries the process id of its run, `<prefix>-<pid>-<uuid>`: a run whose process
/// no longer exists left it, and it can go. Only items of this user count: another user's
/// are neither reported nor touched. Names of earlier versions,
/// `<prefix>-<uuid>` without a process id, count as stale once untouched for a day.
enum WorkFolder {
    /// A new name for this process: `<prefix>-<pid>-<uuid>`.
    static func name(prefix: String) -> String {
        "\(prefix)-\(getpid())-\(UUID().uuidString)"
    }

    /// The items in `folder` named by ``name(prefix:)`` whose process has gone, sorted.
    static func stale(in folder: URL, prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            guard name.hasPrefix(prefix + "-"), isOwnedByThisUser(folder.appendingPathComponent(name)) else {
                return false
            }
            let rest = name.dropFirst(prefix.count + 1)
            if UUID(uuidString: String(rest)) != nil {
                return isOlderThanADay(folder.appendingPathComponent(name))
            }
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { return false }
            return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
        }.sorted()
    }

    /// Whether the item at `url` (not following a link) belongs to this process's user.
    private static func isOwnedByThisUser(_ url: URL) -> Bool {
        var status = stat()
        return lstat(url.path, &status) == 0 && status.st_uid == getuid()
    }

    /// Whether the item at `url` was last modified more than a day ago.
    private static func isOlderThanADay(_ url: URL) -> Bool {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return false }
        return Double(status.st_mtim.tv_sec) < Date().timeIntervalSince1970 - 86_400
    }

    /// Removes the stale items of `folder` (see ``stale(in:prefix:)``); returns their names.
    @discardableResult
    static func sweep(in folder: URL, prefix: String) -> [String] {
        stale(in: folder, prefix: prefix).filter { name in
            (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil
        }
    }
}
