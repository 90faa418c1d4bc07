import Foundation
import MediaKit
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

#if canImport(Glibc)
    import Glibc
#endif

/// A diary for book tests: entries in three months of 2026 and one of 2025, a JPEG with GPS,
/// a HEIC and an AIFF recording, tags.
struct BookFixture {
    let store: TestDiary
    /// Entry ids by name.
    var ids: [String: Int64] = [:]

    init(key: DiaryKey? = nil) throws {
        store = try TestDiary(key: key)
        let zone = testTimeZone
        ids["newYear"] = try store.add(
            "Fireworks over the *harbour*.", at: try localTime(2025, 12, 31, 23, 30, in: zone),
            tags: ["party"]
        ).id
        ids["beach"] = try store.add { editor in
            editor.text = "# Beach day\n\nWe swam **far** out.\n\n<script>alert('owned')</script>"
            editor.entry.creationTime = try localTime(2026, 7, 14, 10, 0, in: zone)
            try editor.addTags(["travel", "sea"])
            try editor.addMedia([Fixture.url("exif-tokyo.jpg"), Fixture.url("heic-camera.heic")])
        }.id
        ids["sounds"] = try store.add { editor in
            editor.text = "The lighthouse foghorn, recorded."
            editor.entry.creationTime = try localTime(2026, 8, 2, 18, 15, in: zone)
            try editor.addTags(["travel"])
            try editor.addMedia([Fixture.url("audio-tone.aiff"), Fixture.url("audio-tone.mp3")])
        }.id
        ids["quiet"] = try store.add("A quiet evening with a book.", at: try localTime(2026, 9, 5, 21, 0, in: zone)).id
    }

    var diary: Diary { store.diary }

    /// Exports the book into `out` (default: `book` in the test folder).
    @discardableResult
    func export(
        _ query: DiaryQuery = DiaryQuery(timeZone: testTimeZone), to out: URL? = nil
    ) throws -> BookExportSummary {
        try diary.exportBook(query, to: out ?? book, timeZone: testTimeZone)
    }

    /// The default book folder.
    var book: URL { store.folder.url.appendingPathComponent("book") }
}

/// The inode of every file under `folder`, by relative path.
func inodes(under folder: URL) throws -> [String: UInt64] {
    var result: [String: UInt64] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
        var info = stat()
        guard lstat(folder.appendingPathComponent(path).path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            continue
        }
        result[path] = UInt64(info.st_ino)
    }
    return result
}

@Suite("Exporting the diary as a book")
struct BookExportTests {
    @Test func markdownRendersButRawHTMLShowsAsText() {
        let html = MarkdownRenderer.html(
            """
            # Title

            Some **bold**, ~~gone~~ and https://example.com <b onclick="x()">hi</b>

            <script>alert(1)</script>

            [click](javascript:alert(2))

            | a | b |
            |---|---|
            | 1 | 2 |
            """)
        #expect(html.contains("<h1>Title</h1>"))
        #expect(html.contains("<strong>bold</strong>"))
        #expect(html.contains("<del>gone</del>"))
        #expect(html.contains("<a href=\"https://example.com\">https://example.com</a>"))
        #expect(html.contains("<table>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt;"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<b "))
        #expect(!html.contains("javascript:"))
    }

    @Test func theBookHoldsEveryPartWithCopiesForBrowsers() throws {
        let fixture = try BookFixture()
        let summary = try fixture.export()
        #expect(summary.entryCount == 4)
        #expect(summary.monthCount == 4)
        #expect(summary.uncopiedMedia.isEmpty)
        let book = fixture.book
        let heic = try Fixture.sha256("heic-camera.heic"), jpeg = try Fixture.sha256("exif-tokyo.jpg")
        let aiff = try Fixture.sha256("audio-tone.aiff"), mp3 = try Fixture.sha256("audio-tone.mp3")
        for path in [
            "index.html", "months/2025-12.html", "months/2026-07.html", "months/2026-08.html", "months/2026-09.html",
            "tags/index.html", BookLayout.tagPage("travel"), "on-this-day.html", "map.html", "search.html",
            "search/2025.js", "search/2026.js", "assets/book.css", "assets/book.js", ".photodiary-book.json",
            "media/\(heic).heic", "media/\(heic).jpg", "media/\(jpeg).jpg", "thumbs/\(heic).jpg", "thumbs/\(jpeg).jpg",
            "media/\(aiff).aiff", "media/\(aiff).wav", "media/\(mp3).mp3"
        ] {
            #expect(
                FileManager.default.fileExists(atPath: book.appendingPathComponent(path).path), "\(path) is missing")
        }
        #expect(!FileManager.default.fileExists(atPath: book.appendingPathComponent("media/\(mp3).wav").path))
        // The copies are what browsers take: a JPEG of the HEIC, a PCM WAV as long as the AIFF.
        let copy = try MediaInspector().probe(fileAt: book.appendingPathComponent("media/\(heic).jpg"))
        guard case .image(let picture) = copy else { Issue.record("the HEIC's copy is not an image"); return }
        #expect(picture.mimeType == "image/jpeg")
        let original = try MediaInspector().validate(fileAt: Fixture.url("audio-tone.aiff"))
        let wav = try MediaInspector().validate(fileAt: book.appendingPathComponent("media/\(aiff).wav"))
        guard case .audio(let before) = original, case .audio(let after) = wav else {
            Issue.record("not audio"); return
        }
        #expect(after.mimeType == "audio/x-wav")
        #expect(after.frames == before.frames)
        #expect(after.sampleRate == before.sampleRate)
        // Thumbnails are the stored ones, byte for byte.
        let month = try String(contentsOf: book.appendingPathComponent("months/2026-07.html"), encoding: .utf8)
        #expect(month.contains("<a href=\"../media/\(heic).jpg\"><img src=\"../thumbs/\(heic).jpg\""))
        #expect(
            month.contains("&lt;script&gt;alert(&#39;owned&#39;)&lt;/script&gt;")
                || month.contains("&lt;script&gt;alert('owned')&lt;/script&gt;"))
        #expect(!month.contains("<script"))
        #expect(month.contains("<a class=\"place\" href=\"https://www.openstreetmap.org/?mlat="))
        let sounds = try String(contentsOf: book.appendingPathComponent("months/2026-08.html"), encoding: .utf8)
        #expect(sounds.contains("<audio controls preload=\"metadata\" src=\"../media/\(aiff).wav\">"))
        #expect(sounds.contains("<audio controls preload=\"metadata\" src=\"../media/\(mp3).mp3\">"))
        let cover = try String(contentsOf: book.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(cover.contains("<a href=\"months/2026-07.html\">July</a>"))
        #expect(cover.contains("<a href=\"months/2025-12.html\">December</a>"))
        let map = try String(contentsOf: book.appendingPathComponent("map.html"), encoding: .utf8)
        #expect(map.contains("2 photos with a place"))
        let shard = try String(contentsOf: book.appendingPathComponent("search/2026.js"), encoding: .utf8)
        #expect(shard.hasPrefix("(window.PHOTODIARY_BOOK = window.PHOTODIARY_BOOK || []).push(["))
        #expect(shard.contains("lighthouse foghorn"))
    }

    @Test func theSameDiaryGivesTheSameBytes() throws {
        let fixture = try BookFixture()
        try fixture.export()
        let other = fixture.store.folder.url.appendingPathComponent("again")
        try fixture.export(to: other)
        #expect(try FolderFingerprint(of: fixture.book) == FolderFingerprint(of: other))
    }

    @Test func aRebuildAfterOneEditRewritesOnlyThatMonthItsShardAndItsTags() throws {
        let fixture = try BookFixture()
        try fixture.export()
        let before = try inodes(under: fixture.book)
        let unchanged = try fixture.export()
        #expect(unchanged.filesWritten == 0)
        #expect(try inodes(under: fixture.book) == before)

        let editor = try fixture.diary.editEntry(id: try #require(fixture.ids["sounds"]))
        editor.appendText("And gulls.")
        _ = try editor.save()
        let rebuilt = try fixture.export()
        let after = try inodes(under: fixture.book)
        #expect(Set(after.keys) == Set(before.keys))
        let rewritten = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(
            rewritten == [
                "months/2026-08.html", "search/2026.js", BookLayout.tagPage("travel"), ".photodiary-book.json"
            ])
        #expect(rebuilt.filesWritten == 3)
        let page = try String(contentsOf: fixture.book.appendingPathComponent("months/2026-08.html"), encoding: .utf8)
        #expect(page.contains("And gulls."))
        // Nothing is left beside the book.
        let beside = try FileManager.default.contentsOfDirectory(atPath: fixture.store.folder.url.path)
        #expect(!beside.contains { $0.hasPrefix(".book.partial") })
    }

    @Test func aDeletedEntrysPageAndMediaAreRemoved() throws {
        let fixture = try BookFixture()
        try fixture.export()
        _ = try fixture.diary.deleteEntry(id: try #require(fixture.ids["beach"]))
        let summary = try fixture.export()
        let heic = try Fixture.sha256("heic-camera.heic")
        for path in [
            "months/2026-07.html", "media/\(heic).heic", "media/\(heic).jpg", "thumbs/\(heic).jpg",
            BookLayout.tagPage("sea")
        ] {
            #expect(
                !FileManager.default.fileExists(atPath: fixture.book.appendingPathComponent(path).path),
                "\(path) is still there")
        }
        #expect(summary.filesRemoved >= 7)
        let cover = try String(contentsOf: fixture.book.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!cover.contains("months/2026-07.html"))
        let months = try String(contentsOf: fixture.book.appendingPathComponent("months/2026-08.html"), encoding: .utf8)
        #expect(!months.contains("2026-07.html"), "the next month no longer links the deleted one")
    }

    @Test func aFilteredBookHoldsOnlyTheSelection() throws {
        let fixture = try BookFixture()
        let tagged = try fixture.export(DiaryQuery(filter: EntryFilter(tags: ["travel"]), timeZone: testTimeZone))
        #expect(tagged.entryCount == 2)
        let months = try FileManager.default.contentsOfDirectory(
            atPath: fixture.book.appendingPathComponent("months").path)
        #expect(Set(months) == ["2026-07.html", "2026-08.html"])
        let year = fixture.store.folder.url.appendingPathComponent("year")
        let summary = try fixture.export(
            DiaryQuery(filter: EntryFilter(period: .year(CalendarYear(unchecked: 2025))), timeZone: testTimeZone),
            to: year)
        #expect(summary.entryCount == 1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: year.appendingPathComponent("months").path) == [
                "2025-12.html"
            ])
    }

    @Test func aFolderThatIsNotABookIsRefusedAndLeftAlone() throws {
        let fixture = try BookFixture()
        let out = try fixture.store.folder.folder("mine")
        _ = try fixture.store.folder.file("mine/keep.txt", Data("mine".utf8))
        let error = #expect(throws: DiaryError.self) { try fixture.export(to: out) }
        #expect(error?.interopError?.description.contains("holds no book made by diary") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["keep.txt"])
    }

    @Test func theLeftoversOfAKilledBuildAreSweptAndThePreviousBookKept() throws {
        let fixture = try BookFixture()
        try fixture.export()
        let before = try FolderFingerprint(of: fixture.book)
        // What a killed export leaves: a work folder named for a process that is gone.
        let leftover = fixture.store.folder.url.appendingPathComponent(".book.partial-999999999-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: leftover.appendingPathComponent("months"), withIntermediateDirectories: true)
        #expect(try FolderFingerprint(of: fixture.book) == before)
        try fixture.export()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(try FolderFingerprint(of: fixture.book) == before)
    }

    @Test func anEncryptedDiarysBookHoldsPlaintextMediaAndCopies() throws {
        let fixture = try BookFixture(key: DiaryKey(dataKey: try StoreEncryptionKey.random(), identifier: UUID()))
        let summary = try fixture.export()
        #expect(summary.uncopiedMedia.isEmpty)
        let heic = try Fixture.sha256("heic-camera.heic"), aiff = try Fixture.sha256("audio-tone.aiff")
        let original = try Data(contentsOf: fixture.book.appendingPathComponent("media/\(heic).heic"))
        #expect(original == (try Data(contentsOf: Fixture.url("heic-camera.heic"))))
        _ = try MediaInspector().validate(fileAt: fixture.book.appendingPathComponent("media/\(heic).jpg"))
        _ = try MediaInspector().validate(fileAt: fixture.book.appendingPathComponent("media/\(aiff).wav"))
    }

    /// An MP4 memo is played as it is when it holds AAC and through a WAV copy when it holds
    /// ALAC, which Chromium and Firefox do not play: only the file says which.
    @Test func anALACMemoGetsAWAVCopyAndAnAACMemoNone() throws {
        let store = try TestDiary()
        _ = try store.add { editor in
            editor.text = "Two memos"
            try editor.addMedia([Fixture.url("audio-tone-aac.m4a"), Fixture.url("audio-tone-alac.m4a")])
        }
        let book = store.folder.url.appendingPathComponent("book")
        _ = try store.diary.exportBook(DiaryQuery(timeZone: testTimeZone), to: book, timeZone: testTimeZone)
        let aac = try Fixture.sha256("audio-tone-aac.m4a"), alac = try Fixture.sha256("audio-tone-alac.m4a")
        let media = try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent("media").path)
            .sorted()
        #expect(media == ["\(aac).m4a", "\(alac).m4a", "\(alac).wav"].sorted(), "\(media)")
        let page = try String(
            contentsOf: book.appendingPathComponent(
                try #require(
                    try FileManager.default.subpathsOfDirectory(atPath: book.path).first {
                        $0.hasPrefix("months/") && $0.hasSuffix(".html")
                    })),
            encoding: .utf8)
        #expect(
            page.contains("src=\"../media/\(alac).wav\"") && page.contains("src=\"../media/\(aac).m4a\""), "\(page)")
    }

    @Test func avifAndWebPPhotosGetJPEGCopiesThatThePageShows() throws {
        let store = try TestDiary()
        let entry = try store.add { editor in
            editor.text = "two formats"
            try editor.addMedia([Fixture.url("avif-reference.avif"), Fixture.url("webp-lossy.webp")])
        }
        let out = try store.folder.folder("bundles")
        let bundle = try #require(try store.diary.export(ids: [entry.id], to: out, timeZone: testTimeZone).first?.url)
        let page = try String(contentsOf: bundle.appendingPathComponent("index.html"), encoding: .utf8)
        for name in ["avif-reference", "webp-lossy"] {
            #expect(page.contains("<img src=\"web/\(name).jpg\""), "\(name)")
            let copy = try Data(contentsOf: bundle.appendingPathComponent("web/\(name).jpg"))
            #expect(copy.prefix(3) == Data([0xFF, 0xD8, 0xFF]), "\(name) has a JPEG copy")
        }
    }

    @Test func theBundlePageRendersMarkdownAndShowsAJPEGCopyOfAHEIC() throws {
        let fixture = try BookFixture()
        let out = try fixture.store.folder.folder("bundles")
        let bundles = try fixture.diary.export(
            ids: [try #require(fixture.ids["beach"])], to: out, timeZone: testTimeZone)
        let bundle = try #require(bundles.first?.url)
        let page = try String(contentsOf: bundle.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("<strong>far</strong>"))
        #expect(!page.contains("<script"))
        #expect(page.contains("<img src=\"web/heic-camera.jpg\""))
        #expect(page.contains("<a href=\"media/heic-camera.heic\">original</a>"))
        #expect(FileManager.default.fileExists(atPath: bundle.appendingPathComponent("web/heic-camera.jpg").path))
        // `media/` holds the originals only.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: bundle.appendingPathComponent("media").path).sorted()
                == ["exif-tokyo.jpg", "heic-camera.heic"])
        // The copy is not part of the entry: the bundle imports as before.
        let other = try TestDiary()
        _ = try other.diary.importBundle(at: bundle)
        #expect(
            try other.diary.entry(id: 1).snapshot.media.map(\.originalFileName) == [
                "exif-tokyo.jpg", "heic-camera.heic"
            ])
    }
}
