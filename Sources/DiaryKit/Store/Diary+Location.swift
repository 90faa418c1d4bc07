import Foundation

extension Diary {
    /// Where the diary lives when no folder is given: `$DIARY_HOME`, else
    /// `$XDG_DATA_HOME/diary`, else `$HOME/.local/share/diary`. Empty variables count as unset.
    ///
    /// - Parameter environment: the process environment (pass `ProcessInfo.processInfo.environment`).
    /// - Throws: ``DiaryError/invalidLocation(_:reason:)`` when none of the variables is set,
    ///   or `DIARY_HOME`/`XDG_DATA_HOME` is a relative path.
    public static func defaultLocation(environment: [String: String]) throws(DiaryError) -> URL {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        if let home = value("DIARY_HOME") {
            return try absolute(home, variable: "DIARY_HOME")
        }
        // The XDG base directory spec says relative values are invalid and must be ignored.
        if let data = value("XDG_DATA_HOME"), data.hasPrefix("/") {
            return URL(fileURLWithPath: data, isDirectory: true).appending(
                component: "diary", directoryHint: .isDirectory)
        }
        guard let home = value("HOME") else {
            throw .invalidLocation("~/.local/share/diary", reason: "HOME is not set; set DIARY_HOME or pass --store")
        }
        return try absolute(home, variable: "HOME")
            .appending(components: ".local", "share", "diary", directoryHint: .isDirectory)
    }

    private static func absolute(_ path: String, variable: String) throws(DiaryError) -> URL {
        guard path.hasPrefix("/") else {
            throw .invalidLocation(path, reason: "\(variable) must be an absolute path")
        }
        return URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }
}
