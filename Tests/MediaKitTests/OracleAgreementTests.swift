import Foundation
import TestSupport
import Testing

@testable import MediaKit

/// What MediaKit reads of every media fixture, real and made, beside what independent tools read:
/// exiftool (size, orientation, camera, GPS, capture time), libheif's own `heif-convert` (the
/// decoded size of a HEIF), ffprobe and ffmpeg (rate, channels, the frames that decode). Each
/// oracle the machine lacks is skipped with a message; `make test` installs them.
@Suite struct OracleAgreementTests {
    let inspector = MediaInspector()

    /// A tool on the machine, nil when absent.
    static func tool(_ name: String) -> URL? {
        ["/usr/bin/", "/usr/local/bin/"].map { URL(fileURLWithPath: $0 + name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static let exiftool = tool("exiftool")
    static let heifConvert = tool("heif-convert")
    static let ffprobe = tool("ffprobe")
    static let ffmpeg = tool("ffmpeg")

    /// Every fixture of a kind, real ones (`real/`) and made ones, leaving out the broken ones.
    static func fixtures(_ extensions: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixture.folder.path)) ?? []
        let real = ((try? FileManager.default.contentsOfDirectory(atPath: Fixture.url("real").path)) ?? []).map {
            "real/" + $0
        }
        return (names + real).filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .filter { !($0 as NSString).lastPathComponent.hasPrefix("broken-") }.sorted()
    }

    @Test(
        .enabled(if: exiftool != nil, "exiftool is not installed (libimage-exiftool-perl)"),
        arguments: fixtures(["jpg", "png", "webp"]))
    func exiftoolReadsTheSameSizeOrientationCameraPlaceAndTime(_ name: String) throws {
        // A valid picture refused on purpose: its 66 scans are beyond the decode budget.
        if name == "jpeg-many-scans.jpg" {
            #expect(throws: MediaError.self) { try inspector.validate(fileAt: Fixture.url(name)) }
            return
        }
        let oracle = try Self.exiftoolFacts(name)
        guard case .image(let info) = try inspector.validate(fileAt: Fixture.url(name)) else {
            Issue.record("\(name) is not read as an image")
            return
        }
        #expect(
            info.width == oracle["ImageWidth"] as? Int && info.height == oracle["ImageHeight"] as? Int,
            "\(name): \(info.width) x \(info.height), exiftool \(oracle)")
        #expect(
            info.orientation == (oracle["Orientation"] as? Int).flatMap { (1...8).contains($0) ? $0 : nil } ?? 1,
            "\(name)")
        if let model = oracle["Model"].map({ "\($0)".trimmingCharacters(in: .whitespaces) }), !model.isEmpty {
            #expect(
                info.metadata.camera?.contains(model) == true, "\(name): \(String(describing: info.metadata.camera))")
        }
        let latitude = oracle["GPSLatitude"] as? Double, longitude = oracle["GPSLongitude"] as? Double
        if let latitude, let longitude, latitude != 0 || longitude != 0 {
            let place = try #require(info.metadata.location, "\(name): exiftool has \(latitude), \(longitude)")
            #expect(abs(place.latitude - latitude) < 1e-6 && abs(place.longitude - longitude) < 1e-6, "\(name)")
        } else {
            #expect(info.metadata.location == nil, "\(name): a position exiftool does not give, or 0, 0")
        }
        if let original = oracle["DateTimeOriginal"] as? String, let time = info.metadata.captureTime {
            #expect(Self.exifText(time.wallClock) == original, "\(name)")
        }
    }

    @Test(
        .enabled(if: heifConvert != nil, "heif-convert is not installed (libheif-examples)"),
        arguments: fixtures(["heic", "heif", "avif"]))
    func libheifsOwnConverterDecodesTheSameSizeOrRefusesToo(_ name: String) throws {
        let out = try TemporaryDirectory(prefix: "oracle")
        let png = out.url.appendingPathComponent("decoded.png")
        let converted = try runProcess(try #require(Self.heifConvert), [Fixture.path(name), png.path])
        let ours = Result { try inspector.validate(fileAt: Fixture.url(name)) }
        guard converted.status == 0, FileManager.default.fileExists(atPath: png.path) else {
            #expect(throws: MediaError.self, "\(name): heif-convert refuses it (\(converted.stderr))") {
                try ours.get()
            }
            return
        }
        guard case .image(let oracle) = try inspector.probe(fileAt: png), case .image(let info) = try ours.get() else {
            Issue.record("\(name): not read as an image")
            return
        }
        // heif-convert applies the container's transforms; the diary's size is the picture as
        // shown unless an EXIF orientation describes it (then the stored, untransformed size).
        let shown = info.orientation >= 5 ? (info.height, info.width) : (info.width, info.height)
        #expect(
            shown == (oracle.width, oracle.height) || (info.width, info.height) == (oracle.width, oracle.height),
            "\(name): \(info.width) x \(info.height), heif-convert \(oracle.width) x \(oracle.height)")
    }

    @Test(
        .enabled(if: ffprobe != nil && ffmpeg != nil, "ffprobe or ffmpeg is not installed (ffmpeg)"),
        arguments: fixtures(["wav", "aiff", "flac", "ogg", "oga", "opus", "spx", "mp3", "m4a", "ogv"]))
    func ffmpegReadsTheSameRateChannelsAndLengthOrRefusesToo(_ name: String) throws {
        let probe = try runProcess(
            try #require(Self.ffprobe),
            [
                "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=sample_rate,channels", "-of",
                "csv=p=0",
                Fixture.path(name)
            ])
        let fields = probe.stdout.split(separator: "\n").first?.split(separator: ",").compactMap { Int($0) } ?? []
        let out = try TemporaryDirectory(prefix: "oracle")
        let pcm = out.url.appendingPathComponent("decoded.raw")
        let decoded =
            fields.count == 2
            ? try runProcess(
                try #require(Self.ffmpeg),
                [
                    "-v", "error", "-xerror", "-i", Fixture.path(name), "-map", "0:a:0", "-ac", "1", "-f", "s16le",
                    "-y", pcm.path
                ])
            : ProcessRun(status: 1, stdout: "", stderr: "no audio stream")
        let frames = ((try? FileManager.default.attributesOfItem(atPath: pcm.path)[.size] as? Int) ?? 0) / 2
        let ours = Result { try inspector.importAudio(fileAt: Fixture.url(name), peakCount: 0).0 }
        guard decoded.status == 0, frames > 0 else {
            #expect(throws: MediaError.self, "\(name): ffmpeg decodes none of it (\(decoded.stderr))") {
                try ours.get()
            }
            return
        }
        let info = try ours.get()
        #expect(info.sampleRate == fields[0] && info.channels == fields[1], "\(name): ffprobe \(fields)")
        // ffmpeg keeps an MP4's priming and padding that the container's edit list cuts.
        let tolerance = max(0.03 * Double(info.sampleRate), 0.01 * Double(frames))
        #expect(
            abs(Double(info.frames - Int64(frames))) <= tolerance, "\(name): \(info.frames) frames, ffmpeg \(frames)")
    }

    /// exiftool's facts of one file, numbers as numbers (`-n`).
    static func exiftoolFacts(_ name: String) throws -> [String: Any] {
        let run = try runProcess(
            try #require(exiftool),
            [
                "-n", "-j", "-ImageWidth", "-ImageHeight", "-Orientation",
                "-Model", "-GPSLatitude", "-GPSLongitude", "-DateTimeOriginal",
                Fixture.path(name)
            ])
        let objects = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
        return try #require(objects?.first, "exiftool: \(run)")
    }

    /// `YYYY:MM:DD HH:MM:SS` of a floating wall-clock time, as EXIF writes it.
    static func exifText(_ wallClock: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: wallClock)
        return String(
            format: "%04d:%02d:%02d %02d:%02d:%02d", parts.year!, parts.month!, parts.day!,
            parts.hour!, parts.minute!, parts.second!)
    }
}
