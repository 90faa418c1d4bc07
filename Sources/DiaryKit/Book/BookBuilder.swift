import Foundation
import ObjectGraph

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a book into a work folder, oldest entry first, a page of entries at a time, linking
/// from the previous book (when there is one) every file whose key the previous manifest
/// records unchanged: a month page whose entries did not change, a search shard of a year
/// that did not, a tag page whose entries did not, media already there.
///
/// Memory holds one month's entries, one year's search lines and a short line per entry for
/// the tag pages; media are streamed.
///
/// The builder's other concerns: ``BookBuilder+Files`` (linking and writing files) and
/// ``BookBuilder+Media`` (originals, copies for browsers, thumbnails).
///
/// Not `Sendable`: one builder makes one book.
final class BookBuilder {
    let diary: Diary
    /// The folder being written.
    let work: URL
    /// The previous book and its manifest, when rebuilding one.
    let previous: (root: URL, manifest: BookManifest)?
    let timeZone: any TimeZoneRules
    /// What the new book holds, path by path.
    var manifest = BookManifest()
    /// Files written, and files linked from the previous book.
    var written = 0
    var linked = 0
    /// Media placed so far, by SHA-256.
    var placed: [String: PlacedMedium] = [:]
    /// Media whose copy for browsers could not be made: their names and why.
    var uncopied: [String] = []
    /// Copies originals, and renders month pages, while the diary is read.
    let copier = BookBackgroundWork(label: "media", limit: 64)
    private let renderer = BookBackgroundWork(label: "pages", limit: 2)

    private var monthCounts: [CalendarMonth: Int] = [:]
    private var pendingMonth:
        (
            month: CalendarMonth, previous: CalendarMonth?, records: [EntryRecord],
            fingerprint: BookFingerprint
        )?
    private var lastMonth: CalendarMonth?
    private var year: (value: Int, lines: [BookEntryLine], fingerprint: BookFingerprint)?
    private var years: [Int] = []
    private var tags: [String: (lines: [BookEntryLine], fingerprint: BookFingerprint)] = [:]
    private var places: [BookIndexPages.Place] = []
    private var entryCount = 0

    init(diary: Diary, work: URL, previous: (root: URL, manifest: BookManifest)?, timeZone: any TimeZoneRules) {
        self.diary = diary
        self.work = work
        self.previous = previous
        self.timeZone = timeZone
    }

    /// Builds the whole book of the entries `query` selects into ``work`` (which must exist and
    /// be empty), the manifest last.
    /// - Throws: store errors, ``DiaryError/bundle(_:)`` for media that cannot be copied,
    ///   ``DiaryError/io(path:reason:)`` for files that cannot be written.
    func build(
        _ query: DiaryQuery, total: Int, progress: ((InteropProgress) -> Void)?
    ) throws(DiaryError) -> BookExportSummary {
        for folder in BookLayout.folders { try makeFolder(folder) }
        do throws(DiaryError) {
            try forEachEntry(query) { (record, thumbnail) throws(DiaryError) in
                try add(record, thumbnail: thumbnail)
                if entryCount % DiaryExporter.pageSize == 0 {
                    progress?(InteropProgress(entriesDone: entryCount, done: Int64(entryCount), total: Int64(total)))
                }
            }
            try finishMonth(next: nil)
            try finishYear()
            try writeIndexes()
        } catch {
            // No job may still be writing when the caller removes the work folder.
            try? copier.finish(cancelling: true)
            try? renderer.finish(cancelling: true)
            throw error
        }
        try copier.finish()
        try renderer.finish()
        try writeManifest()
        progress?(InteropProgress(entriesDone: entryCount, done: Int64(entryCount), total: Int64(total)))
        let removed = previous.map { Set($0.manifest.files.keys).subtracting(manifest.files.keys).count } ?? 0
        return BookExportSummary(
            entryCount: entryCount, monthCount: monthCounts.count, mediaFileCount: placed.count,
            filesWritten: written, filesKept: linked, filesRemoved: removed,
            uncopiedMedia: uncopied)
    }

    /// Writes the manifest, or links the previous one when nothing changed, so a rebuild of
    /// an unchanged diary writes no file at all.
    private func writeManifest() throws(DiaryError) {
        let path = BookLayout.manifestName
        if let previous, previous.manifest == manifest,
            link(previous.root.appendingPathComponent(path).path, work.appendingPathComponent(path).path) == 0
        {
            return
        }
        try write(manifest.encoded(), to: path)
    }

    /// Takes one entry: its media into place, its line into the year's shard and its tags'
    /// pages, and the entry into its month, finishing the month before when it is a new one.
    private func add(_ record: EntryRecord, thumbnail: (Int) -> Data?) throws(DiaryError) {
        let clock = record.clock(ownClock: diary.countsOwnClocks, readerZone: timeZone)
        let month = CalendarMonth(of: clock)
        if pendingMonth?.month != month {
            try finishMonth(next: month)
            if year?.value != month.year {
                try finishYear()
                year = (month.year, [], BookFingerprint(kind: "search", timeZone: timeZone))
                years.append(month.year)
            }
            pendingMonth = (month, lastMonth, [], BookFingerprint(kind: "month", timeZone: timeZone))
            lastMonth = month
        }
        for (index, medium) in record.snapshot.media.enumerated() {
            try place(medium) { thumbnail(index) }
        }
        let line = BookEntryLine(record, clock: clock, month: month)
        let fingerprinted = BookFingerprint.entry(record)
        year?.lines.append(line)
        year?.fingerprint.add(fingerprinted)
        for tag in record.tags {
            if tags[tag] == nil { tags[tag] = ([], BookFingerprint(kind: "tag \(tag)", timeZone: timeZone)) }
            tags[tag]?.lines.append(line)
            tags[tag]?.fingerprint.add(fingerprinted)
        }
        for medium in record.snapshot.media where medium.kind == .image && medium.photo.coordinates != nil {
            places.append(
                .init(
                    line: line, medium: medium,
                    placed: placed[medium.sha256] ?? PlacedMedium(shown: BookLayout.original(medium))))
        }
        pendingMonth?.records.append(record)
        pendingMonth?.fingerprint.add(fingerprinted)
        monthCounts[month, default: 0] += 1
        entryCount += 1
    }

    /// Writes (or links) the pending month's page, now that the month after it is known.
    private func finishMonth(next: CalendarMonth?) throws(DiaryError) {
        guard let pending = pendingMonth else { return }
        pendingMonth = nil
        pending.fingerprint.add("previous " + (pending.previous?.description ?? "none"))
        pending.fingerprint.add("next " + (next?.description ?? "none"))
        let page = BookMonthPage(
            month: pending.month, entries: pending.records, previous: pending.previous, next: next,
            media: placed, timeZone: timeZone, ownClocks: diary.countsOwnClocks)
        let url = work.appendingPathComponent(BookLayout.monthPage(pending.month))
        try produce(BookLayout.monthPage(pending.month), key: pending.fingerprint.finish()) { () throws(DiaryError) in
            renderer.start { () throws(DiaryError) in try Self.write(Data(page.html.utf8), at: url) }
        }
    }

    /// Writes (or links) the finished year's search shard.
    private func finishYear() throws(DiaryError) {
        guard let finished = year else { return }
        year = nil
        let path = BookLayout.searchShard(year: finished.value)
        let url = work.appendingPathComponent(path), lines = finished.lines
        try produce(path, key: finished.fingerprint.finish()) { () throws(DiaryError) in
            renderer.start { () throws(DiaryError) in
                try Self.write(Data(BookIndexPages.searchShard(lines).utf8), at: url)
            }
        }
    }

    /// The pages that span the book, each written only when its content (or, for a tag page,
    /// its entries) changed.
    private func writeIndexes() throws(DiaryError) {
        let names = Diary.sortedNames(Array(tags.keys))
        for name in names {
            guard let tag = tags[name] else { continue }
            let path = BookLayout.tagPage(name)
            let url = work.appendingPathComponent(path), lines = tag.lines
            try produce(path, key: tag.fingerprint.finish()) { () throws(DiaryError) in
                renderer.start { () throws(DiaryError) in
                    try Self.write(Data(BookIndexPages.tagPage(name, lines: lines).utf8), at: url)
                }
            }
        }
        try page("tags/index.html", BookIndexPages.tagList(names.map { ($0, tags[$0]?.lines.count ?? 0) }))
        try page("index.html", BookIndexPages.cover(months: monthCounts, title: "Diary"))
        try page("map.html", BookIndexPages.map(places))
        try page("on-this-day.html", BookIndexPages.onThisDay(years: years))
        try page("search.html", BookIndexPages.search(years: years))
        try page(BookLayout.stylesheet, BookAssets.css)
        try page(BookLayout.script, BookAssets.javascript)
    }

    /// Calls `body` with every entry `query` selects, oldest first, a page at a time from a
    /// fresh context each, and a way to its media's stored thumbnails (by position).
    private func forEachEntry(
        _ query: DiaryQuery,
        _ body: (EntryRecord, (Int) -> Data?) throws(DiaryError) -> Void
    ) throws(DiaryError) {
        try diary.forEachPage(query, pageSize: DiaryExporter.pageSize) { (page, context) throws(DiaryError) in
            for (entry, record) in zip(page, try diary.records(of: page, in: context)) {
                let media = entry.orderedMedia
                try body(record) { index in
                    media.indices.contains(index) ? (media[index] as? ImageMedium)?.thumbnail : nil
                }
            }
        }
    }
}
