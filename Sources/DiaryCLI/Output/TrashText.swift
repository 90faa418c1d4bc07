import DiaryKit

/// How the trash's commands word what goes.
enum TrashText {
    /// `2 entries, 3 photos, 1 recording.`: what a confirmation is about.
    static func contents(_ entries: [EntryRecord]) -> String {
        let media = entries.flatMap(\.media)
        let summary = QuantityText.mediaSummary(media)
        return QuantityText.count(entries.count, "entry", plural: "entries") + (summary.isEmpty ? "" : ", " + summary) + "."
    }
}
