/// The whole-diary exports `diary export --format` writes.
public enum DiaryExportFormat: String, Sendable, Hashable, CaseIterable {
    /// `entries.json`, an array of entry objects in the scripting-interface shape, each
    /// medium with a `path` to its file under `media/`; importable with `--from json`.
    case json
    /// One `YYYY-MM-DD.md` per local day, images and recordings linked under `media/`.
    case markdown
    /// A static website readable offline: a cover, a page per month, tags, on this day, a map of
    /// places and an offline search (see ``Diary/exportBook(_:to:timeZone:progress:)``).
    case book
}
