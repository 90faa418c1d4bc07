import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct BundlePageTests {
    private func page(for entry: EntrySnapshot, in folder: TemporaryDirectory) throws -> String {
        let bundle = try BundleWriter(timeZone: testTimeZone).write(entry, to: try folder.folder("out"))
        return try String(contentsOf: bundle.appendingPathComponent("index.html"), encoding: .utf8)
    }

    @Test func pageShowsDateTextTagsAndMedia() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let html = try page(for: try TestEntries.beachDay(in: folder), in: folder)

        #expect(html.contains("<title>Sunday, 29 November 2026</title>"))
        #expect(html.contains("<p>Beach day</p>\n<p>Waves &amp; &lt;sun&gt;.</p>"))
        #expect(html.contains("<li>#travel</li><li>#sea</li>"))
        #expect(html.contains("<img src=\"media/beach.png\" width=\"6\" height=\"4\" alt=\"Photo beach.png\">"))
        #expect(html.contains("<audio controls preload=\"metadata\" src=\"media/waves.wav\">"))
        #expect(html.contains("Recording waves.wav · 0.2 s"))
        #expect(html.contains("★ starred"))
        #expect(html.contains("<footer>"))
    }

    @Test func pageIsSelfContained() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let html = try page(for: try TestEntries.beachDay(in: folder), in: folder)

        #expect(!html.contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(!html.contains("<link"))
        #expect(html.contains("<style>"))
    }

    @Test func markupInTextAndNamesIsEscaped() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        var entry = try TestEntries.beachDay(in: folder, text: "<script>alert(1)</script>\nline two")
        entry.tags = ["a\"b"]
        entry.media[0].originalFileName = "x\" onerror=\"alert(1).png"

        let html = try page(for: entry, in: folder)

        #expect(!html.contains("<script>alert"))
        // Markdown: the raw HTML block is its own paragraph of text.
        #expect(html.contains("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>line two</p>"))
        #expect(html.contains("#a&quot;b"))
        #expect(!html.contains("\" onerror=\""))
    }

    /// A combining mark after a quote or a bracket makes one character of the two, which a
    /// character-by-character escaper once let through whole: the escaper works on bytes.
    @Test(arguments: ["\"\u{301} onerror=\"alert(1)", "<\u{301}script>", "&\u{20DD}amp;", "'\u{300}"])
    func markupFollowedByACombiningMarkIsEscapedToo(text: String) {
        let escaped = EntryPage.escape(text)
        #expect(
            !escaped.contains(where: { $0.unicodeScalars.contains { "\"<>'".unicodeScalars.contains($0) } }),
            "\(escaped)")
        #expect(
            escaped.unicodeScalars.filter { $0 == "&" }.count
                == text.unicodeScalars.filter { "&\"<>'".unicodeScalars.contains($0) }.count)
    }

    @Test func turnedPhotosGetTheirDisplayedSize() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        var entry = try TestEntries.beachDay(in: folder)
        entry.media[0].orientation = 6

        let html = try page(for: entry, in: folder)

        #expect(html.contains("width=\"4\" height=\"6\""))
    }

    @Test(
        arguments: [
            (0.26, "0.3 s"), (9.94, "9.9 s"), (9.96, "0:10"), (59.6, "1:00"), (183.2, "3:03"),
            (3_725, "1:02:05"), (1e300, "1000000:00:00"), (-Double.infinity, "0:00")
        ] as [(Double, String)])
    func durationsReadAsAClock(seconds: Double, clock: String) {
        #expect(EntryPage.clock(seconds) == clock)
    }
}
