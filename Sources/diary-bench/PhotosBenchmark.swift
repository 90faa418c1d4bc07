// The `photos` benchmark suite: bringing a camera roll in. A folder of generated 12 MP JPEGs
// imported through DiaryKit's parallel preparation (validate, thumbnail, hash, copy, commit),
// beside `vipsthumbnail` over the same folder on the same cores in the same run; the peak
// memory of the import; and one 12 MP HEIC, beside `vipsthumbnail` on the same file.
import CMediaShim
import DiaryKit
import Foundation
import MediaKit
import Synchronization

/// Runs the photos suite; prints one line per result (JSON lines with `json`).
/// The photos are made once and kept in `$TMPDIR/diary-bench-photos` for later runs.
/// - Throws: ``BenchmarkFailure`` when a tool is missing or fails, or the import imports the wrong count.
func runPhotosBenchmarks(json: Bool, photoCount: Int = 200) throws {
    let reporter = BenchmarkReporter(suite: "photos", json: json)
    let log = { (line: String) in FileHandle.standardError.write(Data("diary-bench photos: \(line)\n".utf8)) }
    let folder = try PhotosBenchmarkFolder.prepare(photoCount: photoCount, log: log)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-photos-run-\(getpid())")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let store = work.appendingPathComponent("store")
    let thumbnails = work.appendingPathComponent("thumbnails")
    let runs = 3

    // The import in a process of its own, as `diary import` will run: wall time and peak RSS.
    let importer = PhotosImportRunner(store: store)
    // vipsthumbnail over the same files on the same number of cores: `xargs -P cores` runs one
    // vipsthumbnail per core over a share of the files, each with VIPS_CONCURRENCY threads.
    // Both ways of splitting the cores (1 thread per process, or `cores` threads each) are
    // timed; the faster is the baseline.
    let vips = { (threads: Int, files: [URL]) throws -> Double in
        try? FileManager.default.removeItem(at: thumbnails)
        try FileManager.default.createDirectory(at: thumbnails, withIntermediateDirectories: true)
        let perProcess = max(1, (files.count + cores - 1) / cores)
        let list = work.appendingPathComponent("files.txt")
        try Data(files.map(\.path).joined(separator: "\n").utf8).write(to: list)
        let timer = ProcessTimer(environment: ["VIPS_CONCURRENCY": "\(threads)"])
        return try timer.run(
            "/bin/sh",
            [
                "-c",
                "xargs -P \(cores) -n \(perProcess) /usr/bin/vipsthumbnail -s 256 "
                    + "-o '\(thumbnails.path)/%s.jpg' < '\(list.path)'"
            ]
        ).wall / 1000
    }

    var diaryTimes: [Double] = [], peaks: [Double] = [], vipsSingle: [Double] = [], vipsThreaded: [Double] = []
    for _ in 0..<runs {
        vipsSingle.append(try vips(1, folder.photos))
        let run = try importer.run(folder.photos, expected: folder.photos.count)
        diaryTimes.append(run.seconds)
        peaks.append(run.peakMegabytes)
        vipsThreaded.append(try vips(cores, folder.photos))
    }
    let diarySeconds = ProcessTimer.median(diaryTimes)
    let vipsSeconds = min(ProcessTimer.median(vipsSingle), ProcessTimer.median(vipsThreaded))
    reporter.note(
        "  vipsthumbnail: \(format(ProcessTimer.median(vipsSingle))) s with 1 thread x \(cores) processes, "
            + "\(format(ProcessTimer.median(vipsThreaded))) s with \(cores) threads x \(cores) processes (median of \(runs))"
    )
    let count = Double(folder.photos.count)
    reporter.report(
        "import_\(photoCount)_jpeg_12mp_vs_vipsthumbnail", value: diarySeconds, baseline: vipsSeconds,
        unit: "s")
    reporter.report(
        "import_\(photoCount)_jpeg_12mp_photos_per_second_vs_vipsthumbnail", value: count / diarySeconds,
        baseline: count / vipsSeconds, unit: "photos/s")
    reporter.report(
        "import_\(photoCount)_jpeg_12mp_peak_rss_vs_300mb_budget", value: peaks.max() ?? 0, baseline: 300,
        unit: "MB")

    // One 12 MP HEIC: the import (one decode that validates and feeds the thumbnail, the copy
    // beside it) against vipsthumbnail -s 256 on the same file, both whole processes.
    var heicTimes: [Double] = [], heicPeaks: [Double] = [], heicVips: [Double] = []
    for _ in 0..<5 {
        heicVips.append(try vips(cores, [folder.heic]))
        let run = try importer.run([folder.heic], expected: 1)
        heicTimes.append(run.seconds)
        heicPeaks.append(run.peakMegabytes)
    }
    reporter.report(
        "import_heic_12mp_vs_vipsthumbnail", value: ProcessTimer.median(heicTimes),
        baseline: ProcessTimer.median(heicVips), unit: "s")
    reporter.report(
        "import_heic_12mp_peak_rss_vs_165mb_before", value: ProcessTimer.median(heicPeaks), baseline: 165,
        unit: "MB")
}

/// `diary-bench photos-import FOLDER STORE`: the import driver the suite times, until
/// `diary import --from photos` exists. Every regular file of FOLDER (not hidden, sorted by name) is
/// prepared through ``DiaryKit/Diary/prepareMedia(_:pool:_:)`` (validated, thumbnailed, hashed and
/// staged on every core) and saved 20 to an entry, each entry committed as it fills.
/// Prints `imported N refused M`.
func runPhotosImport(folder: String, store: String) throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { !$0.hasPrefix(".") }.sorted()
        .map { URL(fileURLWithPath: folder).appendingPathComponent($0) }
    let diary = try Diary(directory: URL(fileURLWithPath: store))
    var batch: [PreparedFile] = []
    var imported = 0, refused = 0
    func save() throws(DiaryError) {
        let editor = try diary.newEntry()
        editor.add(batch)
        try editor.save()
        imported += batch.count
        batch = []
    }
    try diary.prepareMedia(files.lazy.map { MediaRequest($0) }) { (_, result) throws(DiaryError) in
        switch result {
        case .success(let file):
            batch.append(file)
            if batch.count == 20 { try save() }
        case .failure:
            refused += 1
        }
    }
    if !batch.isEmpty { try save() }
    print("imported \(imported) refused \(refused)")
}

/// Runs `diary-bench photos-import` under `/usr/bin/time` on a fresh store each time.
private struct PhotosImportRunner {
    let store: URL

    /// One import of `files` (linked into a folder of their own): wall seconds and peak RSS.
    /// - Throws: ``BenchmarkFailure`` unless exactly `expected` files were imported.
    func run(_ files: [URL], expected: Int) throws -> (seconds: Double, peakMegabytes: Double) {
        try? FileManager.default.removeItem(at: store)
        let input = store.deletingLastPathComponent().appendingPathComponent("input")
        try? FileManager.default.removeItem(at: input)
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for file in files {
            try FileManager.default.createSymbolicLink(
                at: input.appendingPathComponent(file.lastPathComponent),
                withDestinationURL: file)
        }
        let output = store.deletingLastPathComponent().appendingPathComponent("import.txt")
        let peak = store.deletingLastPathComponent().appendingPathComponent("peak.txt")
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let timing = try ProcessTimer().run(
            "/usr/bin/time",
            [
                "-o", peak.path, "-f", "%M", me, "photos-import",
                input.path, store.path
            ], output: output.path)
        let said = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        guard said.hasPrefix("imported \(expected) refused 0") else {
            throw BenchmarkFailure("photos-import of \(files.count) files said: \(said)")
        }
        let kilobytes =
            String(decoding: try Data(contentsOf: peak), as: UTF8.self)
            .split(separator: "\n").last.flatMap { Double($0) } ?? 0
        return (timing.wall / 1000, kilobytes / 1024)
    }
}

/// The generated photos, kept between runs: `photoCount` different 12 MP JPEGs (one fractal
/// plasma picture, shifted and brightened differently for each, encoded by libjpeg at quality
/// 90 with 4:2:0 colour as cameras write) and one 12 MP HEIC of the same picture (heif-enc).
private struct PhotosBenchmarkFolder {
    let photos: [URL]
    let heic: URL

    static func prepare(photoCount: Int, log: (String) -> Void) throws -> PhotosBenchmarkFolder {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-photos")
        let jpegs = root.appendingPathComponent("jpeg-\(photoCount)")
        let heic = root.appendingPathComponent("heic/photo-12mp.heic")
        let photos = (0..<photoCount).map { jpegs.appendingPathComponent(String(format: "photo-%04d.jpg", $0)) }
        let complete = root.appendingPathComponent("complete-\(photoCount)")
        let folder = PhotosBenchmarkFolder(photos: photos, heic: heic)
        if FileManager.default.fileExists(atPath: complete.path) {
            log("using the photos in \(root.path)")
            return folder
        }
        let clock = Date()
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: jpegs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: heic.deletingLastPathComponent(), withIntermediateDirectories: true)
        let raw = root.appendingPathComponent("base.rgb"), png = root.appendingPathComponent("base.png")
        let timer = ProcessTimer()
        try timer.run(
            "/usr/bin/convert",
            [
                "-seed", "7", "-size", "\(width)x\(height)", "plasma:fractal",
                "-depth", "8", "rgb:\(raw.path)"
            ])
        try timer.run("/usr/bin/convert", ["-size", "\(width)x\(height)", "-depth", "8", "rgb:\(raw.path)", png.path])
        try timer.run("/usr/bin/heif-enc", ["-q", "50", png.path, "-o", heic.path])
        let base = try Data(contentsOf: raw)
        guard base.count == width * height * 3 else {
            throw BenchmarkFailure("convert made \(base.count) bytes of pixels")
        }
        let failures = FailureList()
        DispatchQueue.concurrentPerform(iterations: photoCount) { index in
            do {
                try writeVariant(index, of: base, to: photos[index])
            } catch {
                failures.add("\(photos[index].lastPathComponent): \(error)")
            }
        }
        if let failure = failures.first { throw BenchmarkFailure(failure) }
        try? FileManager.default.removeItem(at: raw)
        try? FileManager.default.removeItem(at: png)
        _ = FileManager.default.createFile(atPath: complete.path, contents: nil)
        log("\(photoCount) photos and a HEIC made in \(String(format: "%.1f", Date().timeIntervalSince(clock))) s")
        return folder
    }

    static let width = 4000, height = 3000

    /// Photo `index`: the base picture shifted right by a different amount and brightened a little.
    private static func writeVariant(_ index: Int, of base: Data, to url: URL) throws {
        let shift = (index * 397) % width, lift = UInt8(index % 24)
        var pixels = [UInt8](repeating: 0, count: base.count)
        base.withUnsafeBytes { source in
            for y in 0..<height {
                let row = y * width * 3
                for x in 0..<width {
                    let from = row + ((x + shift) % width) * 3, to = row + x * 3
                    for channel in 0..<3 {
                        let value = source[from + channel]
                        pixels[to + channel] = value > 255 - lift ? 255 : value + lift
                    }
                }
            }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        guard cms_jpeg_encode_rgb(pixels, UInt32(width), UInt32(height), 90, &output, &length, &message, 256) == CMS_OK,
            let output
        else {
            throw BenchmarkFailure(
                "libjpeg: \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        }
        defer { cms_free(output) }
        try Data(bytes: output, count: length).write(to: url)
    }
}

/// Failures collected from concurrent work.
private final class FailureList: Sendable {
    private let items = Mutex<[String]>([])
    func add(_ item: String) { items.withLock { $0.append(item) } }
    var first: String? { items.withLock { $0.first } }
}

private func format(_ value: Double) -> String { String(format: "%.2f", value) }
