import DiaryKit

/// How the trash's commands word what goes.
enum TrashText {
    /// How long the trash keeps an entry, as help and messages say it (`30 days`), from
    /// ``Diary/trashRetention``.
    static let retention = QuantityText.count(Int((Diary.trashRetention / 86_400).rounded()), "day")

    /// `2 entries, 3 photos, 1 recording.`: what a confirmation is about.
    static func contents(_ entries: [EntryRecord]) -> String {
        let media = entries.flatMap(\.media)
        let summary = QuantityText.mediaSummary(media)
        return QuantityText.count(entries.count, "entry", plural: "entries") + (summary.isEmpty ? "" : ", " + summary) + "."
    }
}
