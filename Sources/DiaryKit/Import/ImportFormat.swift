/// The exports `diary import --from` reads.
public enum ImportFormat: String, Sendable, Hashable, CaseIterable {
    /// jrnl: its JSON export (`jrnl --export json`) or its plain-text journal file.
    case jrnl
    /// Day One's JSON export: a folder or zip with `Journal.json`, `photos/` and `audios/`.
    case dayone
    /// This diary's own whole-diary JSON export (``Diary/exportDiary(_:format:to:timeZone:progress:)``).
    case json
}
