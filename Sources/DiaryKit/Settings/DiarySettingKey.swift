import Foundation

/// The settings `diary config` knows: what each is, whether it stays on one device unless told
/// otherwise, and what values it takes.
package enum DiarySettingKey: String, CaseIterable, Sendable {
    /// The editor for new and edited text (over `$VISUAL` and `$EDITOR`); this device's own by default.
    case editor
    /// How many entries `diary list` shows without a date option or `--limit` (20 by default).
    case listLimit = "list.limit"
    /// Tags every new entry gets, comma-separated.
    case newTags = "new.tags"
    /// How times are shown: `24` (`14:03`, the default) or `12` (`2:03 PM`).
    case timeFormat = "time.format"
    /// The first day of the week in `diary calendar`: `monday` (the default) or `sunday`.
    case weekStart = "week.start"
    /// The remote `diary sync init` and `sync join` use when none is given.
    case syncRemote = "sync.remote"

    /// One line for `diary config --help` and `config list`.
    package var summary: String {
        switch self {
        case .editor:
            "the editor for new and edited text, over $VISUAL and $EDITOR (this device only unless set with --synced)"
        case .listLimit: "how many entries 'diary list' shows without a date option or --limit (default 20)"
        case .newTags: "tags every new entry gets, comma-separated"
        case .timeFormat: "how times are shown: 24 (14:03, the default) or 12 (2:03 PM)"
        case .weekStart: "the first day of the week in 'diary calendar': monday (the default) or sunday"
        case .syncRemote: "the remote 'diary sync init' and 'sync join' use when none is given"
        }
    }

    /// Whether a value set without `--local` or `--synced` stays on this device.
    package var isLocalByDefault: Bool { self == .editor }

    /// The value as stored, checked: a positive count, tag names, a command.
    /// - Throws: ``DiaryError/invalidSetting(key:reason:)``.
    package func checked(_ value: String) throws(DiaryError) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        switch self {
        case .editor:
            guard !trimmed.isEmpty else {
                throw .invalidSetting(
                    key: rawValue, reason: "give the editor's command, such as 'vim' or 'code --wait'")
            }
            return trimmed
        case .listLimit:
            guard let count = Int(trimmed), count > 0, count <= 100_000 else {
                throw .invalidSetting(key: rawValue, reason: "give a whole number from 1 to 100000")
            }
            return String(count)
        case .newTags:
            let names = trimmed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            guard !names.isEmpty else {
                throw .invalidSetting(key: rawValue, reason: "give tag names separated by commas")
            }
            for name in names where name.contains(where: \.isNewline) {
                throw .invalidSetting(key: rawValue, reason: "'\(name)' is not a tag name")
            }
            return names.joined(separator: ",")
        case .timeFormat:
            switch trimmed.lowercased() {
            case "24", "24h": return "24"
            case "12", "12h": return "12"
            default: throw .invalidSetting(key: rawValue, reason: "give 24 (14:03) or 12 (2:03 PM)")
            }
        case .weekStart:
            switch trimmed.lowercased() {
            case "monday", "mon", "mo": return "monday"
            case "sunday", "sun", "su": return "sunday"
            default: throw .invalidSetting(key: rawValue, reason: "give monday or sunday")
            }
        case .syncRemote:
            guard !trimmed.isEmpty, !trimmed.contains(where: \.isNewline) else {
                throw .invalidSetting(
                    key: rawValue, reason: "give a folder, webdav://host/path, webdavs://host/path or rclone:NAME:path")
            }
            return trimmed
        }
    }

    /// The key named `name`.
    /// - Throws: ``DiaryError/invalidSetting(key:reason:)`` naming the keys there are.
    package static func named(_ name: String) throws(DiaryError) -> DiarySettingKey {
        guard let key = DiarySettingKey(rawValue: name) else {
            throw .invalidSetting(
                key: name,
                reason: "not a setting; the settings are "
                    + allCases.map(\.rawValue).joined(separator: ", "))
        }
        return key
    }
}

/// A setting as `config list` shows it.
package struct DiarySettingValue: Sendable, Equatable {
    package var key: String
    package var value: String
    /// Whether it is this device's own (not synced).
    package var isLocal: Bool
}

/// A synced setting another device changed, as the next command says it.
package struct DiarySettingNotice: Sendable, Equatable {
    package var key: String
    package var value: String?
    package var deviceName: String
    package var time: Date
}
