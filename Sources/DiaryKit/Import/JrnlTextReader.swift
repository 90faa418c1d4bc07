import Foundation

/// Reads jrnl's plain-text journal file one entry at a time. Each entry starts on a line
/// `[2026-11-29 14:30] Title. Body…` (jrnl 1.x wrote the time without brackets; a time
/// with seconds and AM/PM, jrnl's `%F %r`, is read too); the lines up to the next such line
/// are its body. A `*` ending the title line stars the entry; `#words` and `@words` are its
/// tags (jrnl's default tag symbols).
///
/// A line longer than ``maximumLineBytes`` or an entry longer than ``maximumEntryBytes`` is
/// refused as soon as the limit is passed, so a file of one endless line costs neither time
/// nor memory; devices (`/dev/zero`) are refused before anything is read.
final class JrnlTextReader: EntrySource {
    /// The longest line a journal may hold: 4 MiB, far beyond any typed paragraph.
    static let maximumLineBytes = 4 << 20
    /// The most text one entry may hold: 16 MiB.
    static let maximumEntryBytes = 16 << 20

    let url: URL
    private let lines: LineReader
    private let timeZone: any TimeZoneRules
    private var number = 0
    private var identities = JrnlEntryIdentities()
    /// The start line of the entry being read, once found.
    private var header: (time: WallClockTime, stamp: String, rest: String)?

    /// Opens the journal file.
    /// - Throws: ``InteropError``.
    init(fileAt url: URL, timeZone: any TimeZoneRules) throws(InteropError) {
        self.url = url
        self.timeZone = timeZone
        lines = try LineReader(fileAt: url, maximumLineBytes: Self.maximumLineBytes)
    }

    var progress: (done: Int64, total: Int64) { (lines.bytesConsumed, lines.byteCount) }

    func nextEntry() throws(InteropError) -> ImportedEntry? {
        if header == nil {
            // Text before the first timestamp is not an entry jrnl would show; it must be blank.
            while let line = try nextLine(of: nil) {
                if let found = Self.header(of: line) { header = found; break }
                if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                    throw .malformed(
                        file: url, entry: nil,
                        reason: "the first line is not an entry's \"[YYYY-MM-DD HH:MM] \" timestamp")
                }
            }
        }
        guard let current = header else { return nil }
        header = nil
        number += 1
        var body: [String] = []
        var size = current.rest.utf8.count
        while let line = try nextLine(of: number) {
            if let next = Self.header(of: line) { header = next; break }
            size += line.utf8.count + 1
            if size > Self.maximumEntryBytes {
                throw .malformed(
                    file: url, entry: number,
                    reason: "the entry is longer than \(LineReader.size(Self.maximumEntryBytes))")
            }
            body.append(line)
        }
        // As jrnl reads its file: an entry's text runs up to the line break before the next
        // entry's timestamp, and the last entry's to the end of the file, its final line
        // break included; a text with a line break is never split at its first sentence.
        let endsFile = header == nil
        let raw =
            ([current.rest] + body).joined(separator: "\n") + (endsFile && lines.lastLineWasTerminated ? "\n" : "")
        let (text, starred) = JrnlEntryText.parse(raw: raw)
        let uuid = identities.uuid(day: current.time.dayString, minute: current.time.minuteString, text: text)
        let created = current.time.resolved(in: timeZone)
        return ImportedEntry(
            number: number, uuid: uuid, creationTime: created.importedInstant,
            text: text, tags: JrnlEntryText.tags(in: text), starred: starred
        ).noting(created)
    }

    /// The next line. A line that cannot be read (not UTF-8, too long) is blamed on the entry
    /// it starts when it starts with a timestamp, else on entry `entry` (nil: before any).
    private func nextLine(of entry: Int?) throws(InteropError) -> String? {
        do {
            return try lines.nextLine()
        } catch {
            guard case .malformed(let file, nil, let reason) = error else { throw error }
            let startsEntry = Self.header(of: lines.refusedLineStart) != nil
            throw .malformed(file: file, entry: startsEntry ? (entry ?? 0) + 1 : entry, reason: reason)
        }
    }

    /// The timestamp and the rest of an entry's first line, or nil for any other line.
    static func header(of line: String) -> (time: WallClockTime, stamp: String, rest: String)? {
        if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
            let stamp = line[line.index(after: line.startIndex)..<close]
            guard let time = wallClock(stamp) else { return nil }
            var rest = line[line.index(after: close)...]
            if rest.first == " " { rest = rest.dropFirst() } else if !rest.isEmpty { return nil }
            return (time, String(stamp), String(rest))
        }
        // jrnl 1.x: `2012-03-29 17:16 Title`.
        let utf8 = line.utf8
        guard utf8.count >= 16 else { return nil }
        let stampEnd = line.index(line.startIndex, offsetBy: 16)
        guard let time = wallClock(line[..<stampEnd]) else { return nil }
        let rest = line[stampEnd...]
        guard rest.isEmpty || rest.first == " " else { return nil }
        return (time, String(line[..<stampEnd]), String(rest.dropFirst()))
    }

    private static func wallClock(_ stamp: Substring) -> WallClockTime? {
        guard stamp.count >= 16, let space = stamp.firstIndex(of: " "),
            let day = DiaryDay(iso: stamp[..<space])
        else { return nil }
        return WallClockTime(day).at(stamp[stamp.index(after: space)...])
    }
}
