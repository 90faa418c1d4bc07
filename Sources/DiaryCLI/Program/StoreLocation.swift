import Foundation

/// Where the diary's store lives when `--store` is not given: `$DIARY_HOME`, else
/// `$XDG_DATA_HOME/diary` (when that is an absolute path), else
/// `~/.local/share/diary`.
package enum StoreLocation {
    /// The default store directory for an environment.
    package static func defaultDirectory(environment: [String: String]) -> URL {
        if let home = environment["DIARY_HOME"], !home.isEmpty {
            return URL(fileURLWithPath: home, isDirectory: true).standardizedFileURL
        }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent("diary", isDirectory: true)
        }
        let home =
            environment["HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/diary", isDirectory: true)
    }
}
