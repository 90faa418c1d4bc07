// The `media` benchmark suite: MediaKit's one-pass thumbnails, audio probe and waveform,
// each against a plain library decode of the same file measured in the same run.
import CHeif
import CMediaShim
import CSndFile
import CWebP
import Foundation
import MediaKit

/// Runs the media suite; prints one line per result (JSON lines with `json`).
/// Generates its inputs (12 MP JPEG, progressive JPEG, PNG, WebP and HEIC, 3-minute WAV and FLAC) into a
/// temporary directory with ImageMagick and sox; throws when they cannot be made or measured.
func runMediaBenchmarks(json: Bool) throws {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("diary-bench-media-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let inputs = try MediaBenchmarkInputs(directory: directory)
    let inspector = MediaInspector()
    let report = { (name: String, value: Double, baseline: Double, unit: String) in
        MediaBenchmarkResult(name: name, value: value, baseline: baseline, unit: unit).print(json: json)
    }

    // The photo with the 4:2:0 colour cameras use, then the same picture with full-resolution
    // colour (4:4:4, ImageMagick's choice at quality 90), whose full decode does twice the
    // colour work. After each, for reading it: the floor, libjpeg's own 1/8-scaled decode.
    for (suffix, url) in [("", inputs.jpeg), ("_444", inputs.jpeg444)] {
        let thumbnail = try compare(
            value: { _ = try inspector.importImage(fileAt: url) },
            baseline: { try decodeJPEGFully(url) })
        report("jpeg_thumbnail_12mp\(suffix)_vs_full_decode", thumbnail.value, thumbnail.baseline, "ms")
        let eighth = try compare(
            value: { try decodeJPEGFully(url, scaleDenominator: 8) },
            baseline: { try decodeJPEGFully(url) })
        report("jpeg_scaled_decode_12mp\(suffix)_vs_full_decode", eighth.value, eighth.baseline, "ms")
    }

    let progressive = try compare(
        value: { _ = try inspector.importImage(fileAt: inputs.progressiveJPEG) },
        baseline: { try decodeJPEGFully(inputs.progressiveJPEG) })
    report("jpeg_progressive_thumbnail_12mp_vs_full_decode", progressive.value, progressive.baseline, "ms")

    let png = try compare(
        value: { _ = try inspector.importImage(fileAt: inputs.png) },
        baseline: { try decodePNGFully(inputs.png) })
    report("png_thumbnail_12mp_vs_full_decode", png.value, png.baseline, "ms")

    // WebP: libwebp scales while it decodes; against its own full-size decode.
    let webp = try compare(
        value: { _ = try inspector.importImage(fileAt: inputs.webp) },
        baseline: { try decodeWebPFully(inputs.webp) })
    report("webp_thumbnail_12mp_vs_full_decode", webp.value, webp.baseline, "ms")

    // HEIC: no scaled decode exists, so the thumbnail is the one full decode plus averaging;
    // libheif may decode on several threads, so both sides are wall time.
    let heic = try compare(
        clock: CLOCK_MONOTONIC, value: { _ = try inspector.importImage(fileAt: inputs.heic) },
        baseline: { try decodeHEIFFully(inputs.heic) })
    report("heic_thumbnail_12mp_vs_full_decode", heic.value, heic.baseline, "ms")

    let probe = try compare(
        runs: 21, value: { _ = try inspector.probe(fileAt: inputs.wav) },
        baseline: { try openAndCloseSoundFile(inputs.wav) })
    report("audio_probe_3min_wav_vs_sf_open", probe.value, probe.baseline, "ms")

    let waveform = try compare(
        value: { _ = try inspector.importAudio(fileAt: inputs.flac, peakCount: 100) },
        baseline: { try decodeSoundFully(inputs.flac) })
    report("waveform_3min_flac_vs_plain_decode", waveform.value, waveform.baseline, "ms")

    // Every FLAC is decoded through FFmpeg, which libsndfile refuses many of: one import (decode,
    // waveform) in a process of its own against `ffmpeg -f null` decoding the same file, both
    // wall time including the process start, so each side loads its libraries.
    let bench = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let ffmpeg = try compare(
        runs: 7, clock: CLOCK_MONOTONIC,
        value: { try runQuietly(bench, ["media-waveform", inputs.flac.path]) },
        baseline: {
            try runQuietly(
                URL(fileURLWithPath: "/usr/bin/ffmpeg"),
                ["-v", "error", "-i", inputs.flac.path, "-f", "null", "-"])
        })
    report("flac_import_3min_vs_ffmpeg_null", ffmpeg.value, ffmpeg.baseline, "ms")

    // Peak memory of one import in a process of its own (`media-thumbnail`), against the
    // issue's 64 MB budget for a 12 MP photo.
    for (name, url) in [
        ("jpeg", inputs.jpeg), ("jpeg_progressive", inputs.progressiveJPEG), ("png", inputs.png),
        ("webp", inputs.webp), ("heic", inputs.heic)
    ] {
        let megabytes = try peakResidentMegabytes(ofThumbnailing: url)
        report("\(name)_thumbnail_12mp_peak_rss_vs_64mb_budget", megabytes, 64, "MB")
    }
}

/// `diary-bench media-thumbnail FILE`: one import (validate + thumbnail) of FILE, for
/// measuring peak memory with `/usr/bin/time -v`.
func runMediaThumbnail(path: String) throws {
    let (info, thumbnail) = try MediaInspector().importImage(fileAt: URL(fileURLWithPath: path))
    print("\(info.width)x\(info.height) \(info.mimeType) -> thumbnail \(thumbnail.count) bytes")
}

/// `diary-bench media-jpeg FILE...`: the suite's JPEG comparisons on your own photos. For
/// each file, MediaKit's import (validate + thumbnail) and libjpeg's own 1/8-scaled decode,
/// each against a full decode of that file; the name carries the file's bits per pixel,
/// on which the share of entropy decoding (the floor of any scaled decode) depends.
func runMediaJPEGComparison<Paths: Sequence<String>>(paths: Paths, json: Bool) throws {
    let inspector = MediaInspector()
    for path in paths {
        let url = URL(fileURLWithPath: path)
        let info = try inspector.probe(fileAt: url)
        guard case .image(let image) = info, image.format == .jpeg else {
            throw BaselineFailure(description: "\(path) is not a JPEG")
        }
        let bytes = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let bitsPerPixel = Double(bytes * 8) / Double(max(1, image.width * image.height))
        let label =
            "\(url.lastPathComponent) (\(image.width)x\(image.height), \(String(format: "%.2f", bitsPerPixel)) bpp)"
        let thumbnail = try compare(
            value: { _ = try inspector.importImage(fileAt: url) },
            baseline: { try decodeJPEGFully(url) })
        MediaBenchmarkResult(
            name: "jpeg_thumbnail_vs_full_decode \(label)", value: thumbnail.value,
            baseline: thumbnail.baseline, unit: "ms"
        ).print(json: json)
        let eighth = try compare(
            value: { try decodeJPEGFully(url, scaleDenominator: 8) },
            baseline: { try decodeJPEGFully(url) })
        MediaBenchmarkResult(
            name: "jpeg_scaled_decode_vs_full_decode \(label)", value: eighth.value,
            baseline: eighth.baseline, unit: "ms"
        ).print(json: json)
    }
}

/// `diary-bench media-waveform FILE`: one audio import (validate + 100 peaks) of FILE.
func runMediaWaveform(path: String) throws {
    let (info, peaks) = try MediaInspector().importAudio(fileAt: URL(fileURLWithPath: path))
    print("\(info.frames) frames \(info.mimeType) -> \(peaks.count / 2) peaks")
}

/// Runs `tool` with `arguments`, output discarded; throws unless it exits 0.
private func runQuietly(_ tool: URL, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw BaselineFailure(description: "\(tool.path) \(arguments.joined(separator: " ")) failed")
    }
}

/// Peak resident memory in megabytes of `diary-bench media-thumbnail FILE`, measured as the
/// issue asks, by `/usr/bin/time` (its `%M`: the child's maximum resident set). Not through
/// a direct spawn: a child cloned from this large process carries its high-water mark.
private func peakResidentMegabytes(ofThumbnailing url: URL) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
    process.arguments = [
        "-f", "%M", URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path,
        "media-thumbnail", url.path
    ]
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    try process.run()
    let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0,
        let kilobytes = output.split(separator: "\n").last.flatMap({ Double($0) })
    else {
        throw BaselineFailure(description: "media-thumbnail \(url.path) failed: \(output)")
    }
    return kilobytes / 1024
}

/// One measured comparison, printed as `{"suite","name","value","unit","baseline","ratio"}`.
private struct MediaBenchmarkResult {
    let name: String
    let value: Double
    let baseline: Double
    let unit: String

    func print(json: Bool) {
        let ratio = baseline > 0 ? value / baseline : 0
        if json {
            Swift.print(
                #"{"suite":"media","name":"\#(name)","value":\#(rounded(value)),"unit":"\#(unit)","#
                    + #""baseline":\#(rounded(baseline)),"ratio":\#(rounded(ratio))}"#)
        } else {
            Swift.print(
                "media  \(name)  \(rounded(value)) \(unit)  "
                    + "(baseline \(rounded(baseline)) \(unit), ratio \(rounded(ratio))x)")
        }
    }

    private func rounded(_ number: Double) -> String { String(format: "%.3f", number) }
}

/// The generated inputs of one run.
private struct MediaBenchmarkInputs {
    let jpeg: URL
    let jpeg444: URL
    let progressiveJPEG: URL
    let png: URL
    let webp: URL
    let heic: URL
    let wav: URL
    let flac: URL

    init(directory: URL) throws {
        jpeg = directory.appendingPathComponent("photo-12mp.jpg")
        jpeg444 = directory.appendingPathComponent("photo-12mp-444.jpg")
        progressiveJPEG = directory.appendingPathComponent("photo-12mp-progressive.jpg")
        png = directory.appendingPathComponent("photo-12mp.png")
        webp = directory.appendingPathComponent("photo-12mp.webp")
        heic = directory.appendingPathComponent("photo-12mp.heic")
        wav = directory.appendingPathComponent("voice-3min.wav")
        flac = directory.appendingPathComponent("voice-3min.flac")
        // A photo-like picture (fractal plasma: detail at every scale), not flat colour, with
        // the 4:2:0 chroma subsampling cameras use (ImageMagick picks 4:4:4 at quality 90).
        try run(
            "/usr/bin/convert", "-seed", "7", "-size", "4000x3000", "plasma:fractal",
            "-sampling-factor", "4:2:0", "-quality", "90", jpeg.path)
        try run("/usr/bin/convert", jpeg.path, png.path)
        try run("/usr/bin/convert", png.path, "-sampling-factor", "1x1", "-quality", "90", jpeg444.path)
        // Progressive as ImageMagick writes it at quality 90: full-resolution colour (4:4:4),
        // the largest coefficient buffer libjpeg keeps for a progressive file.
        try run(
            "/usr/bin/convert", png.path, "-sampling-factor", "1x1", "-quality", "90", "-interlace", "JPEG",
            progressiveJPEG.path)
        try run("/usr/bin/cwebp", "-quiet", "-q", "80", png.path, "-o", webp.path)
        try run("/usr/bin/heif-enc", "-q", "50", png.path, "-o", heic.path)
        try run(
            "/usr/bin/sox", "-n", "-r", "44100", "-c", "2", "-b", "16", wav.path, "synth", "180",
            "pinknoise", "vol", "0.5")
        try run("/usr/bin/sox", wav.path, flac.path)
    }

    private func run(_ tool: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw MediaError.encodingFailed(detail: "\(tool) \(arguments.joined(separator: " ")) failed")
        }
    }
}

/// Median times in milliseconds of `runs` calls each of `value` and `baseline`, alternated
/// (after one warm-up call each). Most paths measured are single-threaded work on files in
/// the page cache, so the default time is the thread's CPU time: on a shared machine wall
/// time also counts the other processes' turns. Multi-threaded decodes pass CLOCK_MONOTONIC.
private func compare(
    runs: Int = 11, clock: clockid_t = CLOCK_THREAD_CPUTIME_ID, value: () throws -> Void,
    baseline: () throws -> Void
) throws -> (value: Double, baseline: Double) {
    func time(_ body: () throws -> Void) throws -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(clock, &start)
        try body()
        clock_gettime(clock, &end)
        return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1_000_000
    }
    try value()
    try baseline()
    var values = [Double](), baselines = [Double]()
    for _ in 0..<runs {
        values.append(try time(value))
        baselines.append(try time(baseline))
    }
    return (values.sorted()[runs / 2], baselines.sorted()[runs / 2])
}

// MARK: Baselines: the plain libraries, no MediaKit

private struct BaselineFailure: Error, CustomStringConvertible {
    let description: String
}

private func openFile(_ url: URL) throws -> UnsafeMutablePointer<FILE> {
    guard let file = fopen(url.path, "rb") else { throw BaselineFailure(description: "cannot open \(url.path)") }
    return file
}

/// A full-size libjpeg decode to RGB of every row (what a naive thumbnailer starts with),
/// or a DCT-scaled one.
private func decodeJPEGFully(_ url: URL, scaleDenominator: UInt32 = 1) throws {
    let file = try openFile(url)
    defer { fclose(file) }
    guard let decoder = cms_jpeg_decoder_create_file(file) else { throw BaselineFailure(description: "no decoder") }
    defer { cms_jpeg_decoder_destroy(decoder) }
    var message = [CChar](repeating: 0, count: 256)
    var header = cms_jpeg_header()
    var width: UInt32 = 0, height: UInt32 = 0
    var channels: Int32 = 0
    guard cms_jpeg_read_header(decoder, &header, &message, 256) == CMS_OK,
        cms_jpeg_start(decoder, scaleDenominator, &width, &height, &channels, &message, 256) == CMS_OK
    else { throw BaselineFailure(description: "jpeg start failed") }
    let stride = Int(width) * Int(channels)
    var buffer = [UInt8](repeating: 0, count: stride * 16)
    var done = 0
    while done < Int(height) {
        var rows: UInt32 = 0
        guard cms_jpeg_read_rows(decoder, &buffer, stride, 16, &rows, &message, 256) == CMS_OK, rows > 0
        else { throw BaselineFailure(description: "jpeg decode failed") }
        done += Int(rows)
    }
    guard cms_jpeg_finish(decoder, &message, 256) == CMS_OK else { throw BaselineFailure(description: "jpeg finish") }
}

/// A full libpng decode of every row in the file's own layout.
private func decodePNGFully(_ url: URL) throws {
    let file = try openFile(url)
    defer { fclose(file) }
    guard let decoder = cms_png_decoder_create_file(file) else { throw BaselineFailure(description: "no decoder") }
    defer { cms_png_decoder_destroy(decoder) }
    var message = [CChar](repeating: 0, count: 256)
    var header = cms_png_header()
    var channels: Int32 = 0
    var rowBytes = 0
    guard cms_png_read_header(decoder, &header, &message, 256) == CMS_OK,
        cms_png_start(decoder, 0, &channels, &rowBytes, &message, 256) == CMS_OK
    else { throw BaselineFailure(description: "png start failed") }
    var row = [UInt8](repeating: 0, count: rowBytes)
    for _ in 0..<header.height {
        guard cms_png_read_row(decoder, &row, &message, 256) == CMS_OK else {
            throw BaselineFailure(description: "png decode failed")
        }
    }
    guard cms_png_finish(decoder, &message, 256) == CMS_OK else { throw BaselineFailure(description: "png finish") }
}

/// libwebp's own full-size decode to RGB of the whole file (read into memory, as libwebp needs).
private func decodeWebPFully(_ url: URL) throws {
    let bytes = [UInt8](try Data(contentsOf: url))
    var config = WebPDecoderConfig()
    guard WebPInitDecoderConfig(&config) != 0 else { throw BaselineFailure(description: "libwebp config") }
    config.output.colorspace = MODE_RGB
    let status = WebPDecode(bytes, bytes.count, &config)
    WebPFreeDecBuffer(&config.output)
    guard status == VP8_STATUS_OK else { throw BaselineFailure(description: "webp decode failed") }
}

/// libheif's full decode of the primary image to interleaved 8-bit RGB, with its default threads.
private func decodeHEIFFully(_ url: URL) throws {
    let file = try openFile(url)
    defer { fclose(file) }
    guard let context = heif_context_alloc() else { throw BaselineFailure(description: "no heif context") }
    defer { heif_context_free(context) }
    fseeko(file, 0, SEEK_END)
    var source = cms_heif_file(fp: file, size: Int64(ftello(file)), saw_end_of_file: 0)
    rewind(file)
    let reader = cms_heif_file_reader().assumingMemoryBound(to: heif_reader.self)
    var handle: OpaquePointer?, image: OpaquePointer?
    guard heif_context_read_from_reader(context, reader, &source, nil).code == heif_error_Ok,
        heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle
    else { throw BaselineFailure(description: "heif read failed") }
    defer { heif_image_handle_release(handle) }
    guard
        heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil).code == heif_error_Ok,
        let image
    else { throw BaselineFailure(description: "heif decode failed") }
    heif_image_release(image)
}

private func openAndCloseSoundFile(_ url: URL) throws {
    var info = SF_INFO()
    guard let handle = sf_open(url.path, Int32(SFM_READ), &info) else {
        throw BaselineFailure(description: "sf_open failed")
    }
    sf_close(handle)
}

/// Every frame decoded as floats, in the same chunk size MediaKit uses.
private func decodeSoundFully(_ url: URL) throws {
    var info = SF_INFO()
    guard let handle = sf_open(url.path, Int32(SFM_READ), &info) else {
        throw BaselineFailure(description: "sf_open failed")
    }
    defer { sf_close(handle) }
    var buffer = [Float](repeating: 0, count: 8192 * Int(info.channels))
    while sf_readf_float(handle, &buffer, 8192) > 0 {}
}
