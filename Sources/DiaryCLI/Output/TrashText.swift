import DiaryKit

/// How the trash's commands word what goes.
enum TrashText {
    /// How long the trash keeps an entry, as help and messages say it (`30 days`), from
    /// ``Diary/trashRetention``.
    static let retention = QuantityText.count(Int((Diary.trashRetention / 86_400).rounded()), "day")

    /// `diary: note: removed for good 2 entries whose 30 days in the trash were over (#12, #15)`,
    /// nil when none went.
    static func purgeNote(_ purged: [EntryRecord]) -> String? {
        guard !purged.isEmpty else { return nil }
        return "diary: note: removed for good \(QuantityText.count(purged.count, "entry", plural: "entries")) whose "
            + "\(retention) in the trash were over (" + purged.map { "#\($0.id)" }.joined(separator: ", ") + ")"
    }

    /// `2 entries, 3 photos, 1 recording.`: what a confirmation is about.
    static func contents(_ entries: [EntryRecord]) -> String {
        let media = entries.flatMap(\.media)
        let summary = QuantityText.mediaSummary(media)
        return QuantityText.count(entries.count, "entry", plural: "entries") + (summary.isEmpty ? "" : ", " + summary)
            + "."
    }
}
