import Foundation
import ObjectGraph

extension DiaryExporter {
    /// Writes one `YYYY-MM-DD.md` per local day (each entry's own, as listings count them) holding that day's entries
    /// oldest first: the time (with ★ when starred), the text, the tags, the place, and each photo as
    /// `![name](media/…)` and each recording as `[recording: name](media/…)`.
    func writeMarkdown(
        _ query: DiaryQuery, total: Int,
        progress: ((InteropProgress) -> Void)?
    ) throws(DiaryError) -> DiaryExportSummary {
        var files: [String] = []
        var current: (day: String, file: BundleFile)?
        var count = 0
        var mediaCount = 0
        try forEachEntry(query) { (record) throws(DiaryError) in
            let clock = record.clock(ownClock: diary.countsOwnClocks, readerZone: timeZone)
            if current?.day != clock.dayString {
                if let open = current { try Self.finish(open.file) }
                let name = clock.dayString + ".md"
                do throws(BundleError) {
                    current = (clock.dayString, try BundleFile.create(directory.appendingPathComponent(name)))
                } catch {
                    throw .bundle(error)
                }
                files.append(name)
                if let file = current?.file { try Self.write("# \(Self.heading(clock))\n", to: file) }
            }
            for medium in record.media where try copy(medium) { mediaCount += 1 }
            if let file = current?.file { try Self.write(Self.markdown(record, clock: clock), to: file) }
            count += 1
            if count % Self.pageSize == 0 {
                progress?(InteropProgress(entriesDone: count, done: Int64(count), total: Int64(total)))
            }
        }
        if let open = current { try Self.finish(open.file) }
        progress?(InteropProgress(entriesDone: count, done: Int64(count), total: Int64(total)))
        return DiaryExportSummary(entryCount: count, mediaFileCount: mediaCount, files: files)
    }

    /// One entry's section.
    static func markdown(_ record: EntryRecord, clock: WallClockTime) -> String {
        var out = "\n## \(clock.minuteString)\(record.starred ? " ★" : "")\n"
        if let text = record.text, !text.isEmpty { out += "\n\(text)\n" }
        if !record.tags.isEmpty { out += "\nTags: " + record.tags.map { "#\($0)" }.joined(separator: " ") + "\n" }
        if let place = record.place { out += "\nPlace: " + markdown(place) + "\n" }
        for medium in record.media {
            let label = escaped(medium.fileName)
            switch medium.kind {
            case .image: out += "\n![\(label)](\(mediaPath(of: medium)))\n"
            case .audio: out += "\n[recording: \(label)](\(mediaPath(of: medium)))\n"
            }
        }
        return out
    }

    /// `[Brooklyn Bridge Park, Brooklyn](https://www.openstreetmap.org/?mlat=…)`: the name (or
    /// the point) linked to OpenStreetMap when the point is known, else the name alone.
    static func markdown(_ place: EntryPlace) -> String {
        guard let point = place.coordinates else { return place.name ?? "" }
        return "[\(escaped(place.name ?? point.text))](\(point.openStreetMapURL))"
    }

    /// `Sunday, 29 November 2026`.
    static func heading(_ clock: WallClockTime) -> String {
        clock.longDay
    }

    /// A file name safe inside a Markdown link's label.
    private static func escaped(_ label: String) -> String {
        label.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]")
    }
}
