import Foundation

/// What one entry contributes to the pages that span the whole book (tags, search, on this
/// day): where it is, when, and its text as plain words.
struct BookEntryLine: Sendable, Hashable {
    /// The entry's month page and anchor, from the book's top: `months/2026-11.html#e-…`.
    var link: String
    /// `2026-11-29`, in the book's time zone.
    var day: String
    /// `14:30`.
    var time: String
    /// `29 Nov 2026, 14:30`.
    var shortDate: String
    /// The text with its lines joined; "" without text.
    var text: String
    /// The first words of the text, at most ``excerptLength`` characters.
    var excerpt: String
    /// Whether the entry is starred.
    var starred: Bool
    /// Tag names, sorted.
    var tags: [String]
    /// How many photos and recordings the entry has.
    var mediaCount: Int

    /// The longest excerpt.
    static let excerptLength = 140

    /// The line of `record`, whose local time is `clock`, on `month`'s page.
    init(_ record: EntryRecord, clock: WallClockTime, month: BookMonth) {
        link = BookLayout.entryLink(record.uuid, in: month)
        day = clock.dayString
        time = clock.minuteString
        shortDate = clock.shortDayAndMinute
        let words = (record.text ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        text = words
        excerpt = words.count > Self.excerptLength ? String(words.prefix(Self.excerptLength - 1)) + "…" : words
        starred = record.starred
        tags = record.tags
        mediaCount = record.snapshot.media.count
    }
}
