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
    init(_ record: EntryRecord, clock: WallClockTime, month: CalendarMonth) {
        link = BookLayout.entryLink(record.uuid, in: month)
        day = clock.dayString
        time = clock.minuteString
        shortDate = clock.shortDayAndMinute
        let words = Self.words(of: record.text ?? "")
        text = words.text
        excerpt =
            words.count > Self.excerptLength ? String(words.text.prefix(Self.excerptLength - 1)) + "…" : words.text
        starred = record.starred
        tags = record.tags
        mediaCount = record.snapshot.media.count
    }

    /// `text`'s words joined by one space each, and how many characters that makes. Most
    /// diaries are mostly ASCII, which is read byte by byte (the same words: no ASCII byte
    /// but tab, the line breaks and space is white space, and none combines with another);
    /// any other text goes character by character.
    static func words(of text: String) -> (text: String, count: Int) {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return (words, words.count)
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var spaced = false
        for byte in text.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                spaced = !out.isEmpty
                continue
            }
            if spaced { out.append(0x20); spaced = false }
            out.append(byte)
        }
        return (String(decoding: out, as: UTF8.self), out.count)
    }
}
