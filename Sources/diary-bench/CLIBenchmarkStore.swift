import DiaryKit
import Foundation

/// The temporary folder the `cli` suite works in: a diary of many entries written through
/// DiaryKit's bulk path, small media shared by some of them, and the large photo and
/// recording `diary new` imports. Removed when the suite ends.
struct CLIBenchmarkStore {
    /// The folder holding everything.
    let root: URL
    /// The diary folder (`--store`).
    let diary: URL
    /// A 12-megapixel JPEG.
    let largePhoto: URL
    /// A three-minute 44.1 kHz stereo WAV.
    let longRecording: URL
    /// The month `list --month` shows, with its first instant and the next month's (UTC).
    let month: (name: String, start: Date, end: Date)
    /// Whether the folder stays after the run (`$DIARY_BENCH_CLI_STORE`).
    let isKept: Bool

    /// First entry: 2016-01-01 00:00 UTC; the entries are spread evenly over ten years.
    static let firstEntry = Date(timeIntervalSince1970: 1_451_606_400)
    static let span: TimeInterval = 10 * 365.25 * 86_400
    static let tagNames = [
        "travel", "work", "family", "friends", "reading", "garden", "music", "cooking",
        "running", "sketches", "dreams", "weather"
    ]

    /// Makes the folder, the media files (ImageMagick and sox) and a diary of `entryCount`
    /// entries: each with a sentence of text, "home" on six of seven, one or two more tags on
    /// some, a photo on every tenth and a recording on every twenty-fifth.
    ///
    /// With `$DIARY_BENCH_CLI_STORE` set, that folder is used instead of a temporary one and
    /// kept afterwards; a store completed there before is used again as it is.
    /// - Throws: ``BenchmarkFailure`` when a tool fails; ``DiaryError`` from the diary.
    static func make(entryCount: Int, log: (String) -> Void) throws -> CLIBenchmarkStore {
        let kept = ProcessInfo.processInfo.environment["DIARY_BENCH_CLI_STORE"].map { URL(fileURLWithPath: $0) }
        let root = kept ?? FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-cli-\(getpid())")
        let complete = root.appendingPathComponent("complete-\(entryCount)")
        let utc = TimeZone(identifier: "UTC") ?? .current
        guard let june = CalendarMonth(year: 2025, month: 6) else { preconditionFailure("June 2025 is a month") }
        let (start, end) = EntryFilter.Period.month(june).interval(in: utc)
        let store = CLIBenchmarkStore(
            root: root, diary: root.appendingPathComponent("store"),
            largePhoto: root.appendingPathComponent("large-12mp.jpg"),
            longRecording: root.appendingPathComponent("long-3min.wav"),
            month: ("2025-06", start ?? firstEntry, end ?? firstEntry), isKept: kept != nil)
        if FileManager.default.fileExists(atPath: complete.path) {
            log("using the store in \(root.path)")
            return store
        }
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try store.populate(entryCount: entryCount, log: log)
        _ = FileManager.default.createFile(atPath: complete.path, contents: nil)
        return store
    }

    /// Writes the media files and the diary.
    private func populate(entryCount: Int, log: (String) -> Void) throws {
        let smallPhoto = root.appendingPathComponent("small.jpg")
        let smallRecording = root.appendingPathComponent("small.wav")
        let timer = ProcessTimer()
        var clock = Date()
        try timer.run(
            "/usr/bin/convert", ["-size", "640x480", "gradient:navy-orange", "-quality", "85", smallPhoto.path])
        try timer.run(
            "/usr/bin/sox",
            [
                "-n", "-r", "22050", "-c", "1", "-b", "16", smallRecording.path,
                "synth", "2", "sine", "330"
            ])
        // Noise over a gradient compresses like a photo (about 1 byte per pixel at quality 90).
        try timer.run(
            "/usr/bin/convert",
            [
                "-size", "4000x3000", "gradient:skyblue-darkgreen", "-seed", "7",
                "-attenuate", "0.4", "+noise", "Gaussian", "-quality", "90", largePhoto.path
            ])
        try timer.run(
            "/usr/bin/sox",
            [
                "-n", "-r", "44100", "-c", "2", "-b", "16", longRecording.path,
                "synth", "180", "pinknoise", "vol", "0.3"
            ])
        log("media made in \(Self.seconds(since: clock)) s")

        clock = Date()
        let diary = try Diary(directory: self.diary)
        let step = Self.span / Double(entryCount)
        let chunk = 25_000
        for first in stride(from: 0, to: entryCount, by: chunk) {
            let snapshots = (first..<min(first + chunk, entryCount)).map { number in
                Self.snapshot(
                    number, at: Self.firstEntry.addingTimeInterval(Double(number) * step),
                    photo: smallPhoto, recording: smallRecording)
            }
            _ = try diary.insertEntries(snapshots)
        }
        log("\(entryCount) entries written in \(Self.seconds(since: clock)) s")

    }

    /// Entry `number`: text, tags and media by the pattern ``make(entryCount:log:)`` describes.
    private static func snapshot(_ number: Int, at time: Date, photo: URL, recording: URL) -> EntrySnapshot {
        var media: [MediumSnapshot] = []
        if number % 10 == 0 { media.append(medium(.image, photo, mimeType: "image/jpeg")) }
        if number % 25 == 0 { media.append(medium(.audio, recording, mimeType: "audio/x-wav")) }
        return snapshot(number, at: time, media: media)
    }

    /// Entry `number` with the suite's pattern of text, tags and star, holding `media`.
    static func snapshot(_ number: Int, at time: Date, media: [MediumSnapshot]) -> EntrySnapshot {
        var tags: [String] = number % 7 == 0 ? [] : ["home"]
        if number % 3 == 0 { tags.append(tagNames[number % tagNames.count]) }
        if number % 11 == 0 { tags.append(tagNames[(number / 11) % tagNames.count]) }
        let text =
            "Entry \(number): " + String(repeating: "a walk by the river, then tea; ", count: 1 + number % 5)
            + "the evening light over the roofs."
        return EntrySnapshot(
            uuid: UUID(), creationTime: time, updateTime: time, text: text,
            tags: Array(Set(tags)).sorted(), starred: number % 13 == 0, media: media)
    }

    /// A medium imported from `url` by ``Diary/insertEntries(_:)``.
    static func medium(_ kind: MediumKind, _ url: URL, mimeType: String) -> MediumSnapshot {
        MediumSnapshot(
            kind: kind, mimeType: mimeType, originalFileName: url.lastPathComponent,
            byteCount: 0, sha256: "", sourceURL: url)
    }

    private static func seconds(since start: Date) -> String {
        String(format: "%.1f", Date().timeIntervalSince(start))
    }

    /// Deletes the folder, unless it was given to be kept.
    func remove() {
        if !isKept { try? FileManager.default.removeItem(at: root) }
    }
}
