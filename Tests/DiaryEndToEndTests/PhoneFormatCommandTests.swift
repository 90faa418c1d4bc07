import Foundation
import TestSupport
import Testing

/// Phone photos (HEIC, AVIF, WebP) and voice memos (M4A) through the built `diary`.
@Suite struct PhoneFormatCommandTests {
    @Test func newTakesHEICWebPAndM4AAndShowReportsTheirFacts() throws {
        let store = try TestStore()
        let created = try store.create([
            "--text", "From the phone", "--image", Fixture.path("heic-exif-orientation-6.heic"),
            "--image", Fixture.path("webp-alpha.webp"), "--image", Fixture.path("avif-reference.avif"),
            "--audio", Fixture.path("audio-tone-aac.m4a"), "--media", Fixture.path("audio-tone-alac.m4a")
        ])
        let media = try #require(created["media"] as? [[String: Any]])
        #expect(
            media.map { $0["mimeType"] as? String } == [
                "image/heic", "image/webp", "image/avif", "audio/mp4", "audio/mp4"
            ])
        #expect(
            media[0]["width"] as? Int == 48 && media[0]["height"] as? Int == 64 && media[0]["orientation"] as? Int == 6)
        #expect(
            media[1]["width"] as? Int == 32 && media[1]["height"] as? Int == 24 && media[1]["orientation"] as? Int == 1)
        #expect(media[2]["width"] as? Int == 64 && media[2]["height"] as? Int == 48)
        #expect(
            media[3]["duration"] as? Double == 0.25 && media[3]["sampleRate"] as? Int == 16000
                && media[3]["channels"] as? Int == 1)
        #expect(
            media[4]["duration"] as? Double == 0.25 && media[4]["sampleRate"] as? Int == 8000
                && media[4]["channels"] as? Int == 2)
        let shown = try #require(try store.json(["show", "1"]) as? [String: Any])
        let sorted = { (value: Any?) in
            try JSONSerialization.data(withJSONObject: value ?? [], options: [.sortedKeys])
        }
        #expect(try sorted(shown["media"]) == sorted(created["media"]))

        let text = try store.succeed(["show", "1"], environment: ["NO_COLOR": "1"]).stdout
        #expect(text.contains("48 × 64 px, orientation 6 (shown 64 × 48)"), "\(text)")
        #expect(text.contains("32 × 24 px"))
    }

    @Test func theContainersOwnRotationIsAppliedToTheIcon() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "Turned", "--image", Fixture.path("heic-transform-orientation-6.heic")])
        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        let medium = try #require((entry["media"] as? [[String: Any]])?.first)
        #expect(medium["width"] as? Int == 64 && medium["height"] as? Int == 48 && medium["orientation"] as? Int == 1)
    }

    @Test func aBrokenVoiceMemoIsOneLineOnStderrFromDiaryAlone() throws {
        let store = try TestStore()
        for name in [
            "broken-truncated.m4a", "broken-garbage-after-header.m4a", "broken-garbage-after-header.heic",
            "broken-truncated.webp"
        ] {
            let result = try store.run(["new", "--text", "x", "--media", Fixture.path(name)])
            #expect(result.status == 65, "\(name): \(result)")
            // FFmpeg and libheif print nothing of their own.
            #expect(result.stderr.split(separator: "\n").count == 1, "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix("diary: \(Fixture.path(name)): "), "\(result.stderr)")
        }
        // A first command that fails leaves no store behind.
        #expect(try store.run(["list"]).status == 66)
    }

    /// A zipped bundle carries the same copies, streamed in; an AAC memo plays as it is and an
    /// AIFF gets a WAV.
    @Test func aZippedBundleCarriesCopiesOnlyForWhatBrowsersCannotPlay() throws {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "Memos", "--audio", Fixture.path("audio-tone-aac.m4a"),
            "--audio", Fixture.path("audio-tone.aiff"), "--audio", Fixture.path("audio-tone-alac.m4a")
        ])
        let output = store.scratch.appendingPathComponent("out")
        let zip = try store.succeed(["export", "1", "--zip", "-o", output.path]).stdout.trimmingCharacters(
            in: .newlines)
        let unzip = URL(fileURLWithPath: "/usr/bin/unzip")
        let listing = try runProcess(unzip, ["-Z1", zip]).stdout.split(separator: "\n").map(String.init)
        let copies = listing.filter { $0.contains("/web/") && !$0.hasSuffix("/") }
        #expect(copies.count == 2 && copies.allSatisfy { $0.hasSuffix(".wav") }, "\(listing)")
        #expect(!copies.contains { $0.contains("aac") }, "\(listing)")
        let unpacked = output.appendingPathComponent("unpacked")
        #expect(try runProcess(unzip, ["-q", zip, "-d", unpacked.path]).status == 0)
        for copy in copies {
            // FFmpeg's own reading of each copy: 16-bit PCM.
            let probe = try runProcess(
                URL(fileURLWithPath: "/usr/bin/ffprobe"),
                [
                    "-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0",
                    unpacked.appendingPathComponent(copy).path
                ])
            #expect(probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "pcm_s16le", "\(copy): \(probe)")
        }
        // The bundle imports as before: the copies are not part of the entry.
        let fresh = try TestStore()
        #expect(try fresh.succeed(["import", zip]).stdout.hasSuffix("imported #1\n"))
        #expect(((try fresh.json(["show", "1"]) as? [String: Any])?["media"] as? [[String: Any]])?.count == 3)

        // A memo browsers play as it is gets no copy, and its bundle no copies' folder.
        try store.succeed(["new", "--text", "Plays as it is", "--audio", Fixture.path("audio-tone-aac.m4a")])
        let plain = try store.succeed(["export", "2", "-o", output.appendingPathComponent("plain").path])
            .stdout.trimmingCharacters(in: .newlines)
        #expect(!FileManager.default.fileExists(atPath: plain + "/web"))
        let plainZip = try store.succeed(["export", "2", "--zip", "-o", output.appendingPathComponent("plain").path])
            .stdout.trimmingCharacters(in: .newlines)
        #expect(!(try runProcess(unzip, ["-Z1", plainZip]).stdout.contains("/web/")))
    }

    @Test func exportedBundlesKeepTheFormatsAndImportRevalidatesThem() throws {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "Round trip", "--image", Fixture.path("heic-reference.heic"),
            "--image", Fixture.path("webp-lossy.webp"), "--audio", Fixture.path("audio-tone-alac.m4a")
        ])
        let output = store.scratch.appendingPathComponent("out").path
        let bundle = try store.succeed(["export", "1", "-o", output]).stdout.trimmingCharacters(in: .newlines)
        let files = try FileManager.default.contentsOfDirectory(atPath: bundle + "/media").sorted()
        #expect(files.map { ($0 as NSString).pathExtension }.sorted() == ["heic", "m4a", "webp"], "\(files)")
        // Browsers get JPEG copies of the HEIC and the WebP and a WAV of the ALAC memo beside the
        // originals, and the page shows and plays them.
        let copies = try FileManager.default.contentsOfDirectory(atPath: bundle + "/web").sorted()
        #expect(copies.map { ($0 as NSString).pathExtension }.sorted() == ["jpg", "jpg", "wav"], "\(copies)")
        let page = try String(contentsOfFile: bundle + "/index.html", encoding: .utf8)
        #expect(copies.allSatisfy { page.contains("src=\"web/\($0)\"") }, "\(page)")

        let fresh = try TestStore()
        #expect(try fresh.succeed(["import", bundle]).stdout == "\(bundle): imported #1\n")
        let copy = try #require(try fresh.json(["show", "1"]) as? [String: Any])
        let mimeTypes = (copy["media"] as? [[String: Any]])?.map { $0["mimeType"] as? String }
        #expect(mimeTypes == ["image/heic", "image/webp", "audio/mp4"])

        // The same bundle with the HEIC's coded data replaced (and its hash and size made to
        // match): the hash checks out, decoding does not, and nothing is imported.
        let heic = try #require(files.first { $0.hasSuffix(".heic") })
        let damaged = try Data(contentsOf: URL(fileURLWithPath: Fixture.path("broken-garbage-after-header.heic")))
        let original = try Data(contentsOf: URL(fileURLWithPath: bundle + "/media/" + heic))
        #expect(damaged.count == original.count)
        try damaged.write(to: URL(fileURLWithPath: bundle + "/media/" + heic))
        let manifest = URL(fileURLWithPath: bundle + "/entry.json")
        let text = try String(contentsOf: manifest, encoding: .utf8)
            .replacingOccurrences(
                of: try sha256(of: bundle + "/media/" + heic, before: original),
                with: try sha256(of: Fixture.path("broken-garbage-after-header.heic")))
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let other = try TestStore()
        try other.succeed(["new", "--text", "Already here"])
        let before = try other.snapshot()
        let refused = try other.run(["import", bundle])
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains(heic), "\(refused.stderr)")
        #expect(try other.snapshot() == before)
    }
}

/// The SHA-256 of a file in hex, from coreutils' sha256sum (of `before`'s bytes when given,
/// written to a scratch file first).
private func sha256(of path: String, before: Data? = nil) throws -> String {
    var path = path
    if let before {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)").path
        try before.write(to: URL(fileURLWithPath: path))
    }
    defer { if before != nil { try? FileManager.default.removeItem(atPath: path) } }
    return String(try runProcess(URL(fileURLWithPath: "/usr/bin/sha256sum"), [path]).stdout.prefix(64))
}
