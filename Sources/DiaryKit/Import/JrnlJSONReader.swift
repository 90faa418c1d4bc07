import Foundation

/// Reads jrnl's JSON export (`jrnl --export json`) one entry at a time:
/// `{"tags": {"@tag": n}, "entries": [{"title", "body", "date": "YYYY-MM-DD",
/// "time": "HH:MM", "tags": ["@tag"], "starred": bool}]}`.
///
/// jrnl keeps local times without a zone; they are read in `timeZone`.
final class JrnlJSONReader: EntrySource {
    let url: URL
    private let entries: JSONEntryArray
    private let timeZone: any TimeZoneRules
    /// The number of the entry read last, for messages.
    private var number: Int { entries.number }
    private var identities = JrnlEntryIdentities()
    /// The last date parsed: consecutive entries mostly share their day.
    private var lastDay: (String, DiaryDay)?

    /// Opens the export and finds its `entries` array.
    /// - Throws: ``InteropError``.
    init(fileAt url: URL, timeZone: any TimeZoneRules) throws(InteropError) {
        self.url = url
        self.timeZone = timeZone
        let reader = try StreamingJSONReader(fileAt: url)
        try reader.enterArray(forKey: "entries")
        entries = JSONEntryArray(reader, file: url)
    }

    var progress: (done: Int64, total: Int64) { entries.progress }

    func nextEntry() throws(InteropError) -> ImportedEntry? {
        guard let fields = try entries.next() else { return nil }
        let title = try fields.string("title")
        let body = try fields.optionalString("body") ?? ""
        let dateText = try fields.string("date")
        let timeText = try fields.optionalString("time") ?? "00:00"
        let day: DiaryDay
        if let lastDay, lastDay.0 == dateText {
            day = lastDay.1
        } else {
            guard let parsed = DiaryDay(iso: dateText) else {
                if ISO8601Timestamp.isYearOutOfRange(dateText + "-") || dateText.hasPrefix("0000-") {
                    throw fields.problem("\"date\" is outside the years 0001–9999 (found \"\(dateText.prefix(40))\")")
                }
                throw fields.problem("\"date\" is not a date in the form YYYY-MM-DD (found \"\(dateText)\")")
            }
            day = parsed
            lastDay = (dateText, parsed)
        }
        guard let time = WallClockTime(day).at(Substring(timeText)) else {
            throw fields.problem("\"time\" is not a time in the form HH:MM (found \"\(timeText)\")")
        }
        let tags = try fields.optionalStrings("tags") ?? []
        let starred = try fields.optionalBool("starred") ?? false
        let text = JrnlEntryText.joined(title: title, body: body)
        let uuid =
            try fields.optionalString("uuid").flatMap(UUID.init(flexible:))
            ?? identities.uuid(day: dateText, minute: timeText, text: text)
        let created = time.resolved(in: timeZone)
        return ImportedEntry(
            number: number, uuid: uuid, creationTime: created.importedInstant,
            text: text, tags: tags.map(JrnlEntryText.tagName).filter { !$0.isEmpty },
            starred: starred
        ).noting(created)
    }
}

extension UUID {
    /// Reads a UUID with or without hyphens (Day One writes 32 hex digits); nil otherwise.
    init?(flexible text: String) {
        if let uuid = UUID(uuidString: text) { self = uuid; return }
        let hex = Array(text.utf8)
        guard hex.count == 32, hex.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) })
        else { return nil }
        var dashed = ""
        for (index, byte) in hex.enumerated() {
            if [8, 12, 16, 20].contains(index) { dashed.append("-") }
            dashed.unicodeScalars.append(Unicode.Scalar(byte))
        }
        self.init(uuidString: dashed)
    }
}
