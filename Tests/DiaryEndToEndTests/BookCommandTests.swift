import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Chromium on PATH (`chromium` or `chromium-browser`), nil when it is absent.
private let chromium: URL? = {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        for name in ["chromium", "chromium-browser"]
        where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return URL(fileURLWithPath: "\(folder)/\(name)")
        }
    }
    return nil
}()

/// Where the screenshots of the book are kept: `.build/test-artefacts/book/` of this package.
private let artefacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(".build/test-artefacts/book", isDirectory: true)

/// A store with the fixture media (a JPEG with GPS, a HEIC, an AIFF and a WAV) in two months.
private func bookStore() throws -> TestStore {
    let store = try TestStore()
    _ = try store.create([
        "--text", "# Lighthouse walk\n\nThe **lighthouse** at dusk. <script>document.title='owned'</script>",
        "--image", Fixture.path("exif-tokyo.jpg"), "--image", Fixture.path("heic-camera.heic"),
        "--tag", "travel", "--on", "2026-07-14 10:00"
    ])
    _ = try store.create([
        "--text", "Foghorn and waves, recorded.", "--audio", Fixture.path("audio-tone.aiff"),
        "--audio", Fixture.path("audio-tone.wav"), "--tag", "sound", "--on", "2026-08-02 18:15"
    ])
    return store
}

@Suite("diary export --format book")
struct BookCommandTests {
    @Test func exportWritesABookAndSaysWhatItKept() throws {
        let store = try bookStore()
        let out = store.scratch.appendingPathComponent("book").path
        let first = try store.succeed(["export", "--format", "book", "--output", out])
        #expect(first.stdout.hasPrefix("Exported 2 entries in 2 months to \(out) ("))
        let again = try store.succeed(["export", "--format", "book", "--output", out])
        #expect(
            again.stdout.hasSuffix("(0 files written, \(try manifestFileCount(out)) kept, 0 removed)\n"), "\(again)")
    }

    @Test func tagAndYearSelectWhatTheBookHolds() throws {
        let store = try bookStore()
        _ = try store.create(["--text", "Last year", "--on", "2025-03-01 09:00"])
        let tagged = store.scratch.appendingPathComponent("tagged").path
        let run = try store.succeed(["export", "--format", "book", "--tag", "sound", "--output", tagged])
        #expect(run.stdout.hasPrefix("Exported 1 entry in 1 month"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tagged + "/months") == ["2026-08.html"])
        let year = store.scratch.appendingPathComponent("year").path
        try store.succeed(["export", "--format", "book", "--year", "2025", "--output", year])
        #expect(try FileManager.default.contentsOfDirectory(atPath: year + "/months") == ["2025-03.html"])
        let both = try store.run([
            "export", "--format", "book", "--year", "2025", "--from", "2025-01-01", "--output", year
        ])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("Error: Give --year or --from/--to, not both\n"))
    }

    @Test func aFolderThatIsNotABookIsRefused() throws {
        let store = try bookStore()
        let out = try FileManager.default.url(
            for: .itemReplacementDirectory, in: .userDomainMask,
            appropriateFor: store.scratch, create: true)
        defer { try? FileManager.default.removeItem(at: out) }
        try Data("mine".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let run = try store.run(["export", "--format", "book", "--output", out.path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("holds no book made by diary"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["notes.txt"])
    }

    @Test func aKilledExportLeavesThePreviousBookWholeAndTheNextOneFinishes() throws {
        let store = try TestStore()
        // Enough entries (20 years of them) that the export is still writing when it is killed.
        var jrnl = ""
        for index in 0..<12_000 {
            let day = Date(timeIntervalSince1970: 1_167_652_800 + Double(index) * 52_560)  // from 2007, every 14.6 h
            let stamp = ISO8601DateFormatter.string(
                from: day, timeZone: TimeZone(identifier: "Europe/Berlin")!,
                formatOptions: [.withFullDate, .withSpaceBetweenDateAndTime, .withTime, .withColonSeparatorInTime])
            jrnl += "[\(stamp.prefix(16))] Entry \(index) with **some** words about the day.\n\n"
        }
        let source = store.scratch.appendingPathComponent("diary.txt")
        try Data(jrnl.utf8).write(to: source)
        try store.succeed(["import", "--from", "jrnl", source.path])
        let book = store.scratch.appendingPathComponent("book")
        try store.succeed(["export", "--format", "book", "--output", book.path])
        let before = try FolderFingerprint(of: book)
        _ = try store.create(["--text", "One more", "--on", "2007-01-02 12:00"])

        let process = Process()
        process.executableURL = try diaryBinary()
        process.arguments = ["export", "--format", "book", "--output", book.path]
        var environment = ProcessInfo.processInfo.environment
        environment["DIARY_HOME"] = store.url.path
        environment["TZ"] = "Europe/Berlin"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed once its work folder has some month pages.
        let deadline = Date().addingTimeInterval(60)
        var pages = 0
        while process.isRunning, Date() < deadline, pages < 20 {
            let work = (try? FileManager.default.contentsOfDirectory(atPath: store.scratch.path))?
                .first { $0.hasPrefix(".book.partial-") }
            pages =
                work.flatMap {
                    try? FileManager.default.contentsOfDirectory(atPath: store.scratch.path + "/\($0)/months").count
                } ?? 0
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the export finished before it was killed")
        #expect(try FolderFingerprint(of: book) == before)

        try store.succeed(["export", "--format", "book", "--output", book.path])
        let beside = try FileManager.default.contentsOfDirectory(atPath: store.scratch.path)
        #expect(!beside.contains { $0.hasPrefix(".book.partial-") }, "\(beside)")
        let january = try String(contentsOf: book.appendingPathComponent("months/2007-01.html"), encoding: .utf8)
        #expect(january.contains("One more"))
    }

    /// The number of files the book's manifest lists.
    private func manifestFileCount(_ book: String) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: book + "/.photodiary-book.json"))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (manifest["files"] as? [String: Any])?.count ?? -1
    }
}

// Skipped only where Chromium is absent (`make test-deps` installs it).
@Suite(
    "The book in a real browser", .enabled(if: chromium != nil, "Chromium is not installed (apt-get install chromium)"))
struct BookBrowserTests {
    /// Runs headless Chromium with `arguments` on `url`; gives the DOM it dumped and its log.
    private func browse(_ url: String, _ arguments: [String], profile: URL) throws -> ProcessRun {
        try runProcess(
            try #require(chromium),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile.path)",
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000"
            ] + arguments + [url],
            timeout: 90)
    }

    /// The `src` and `href` values in `dom` that name files of the book (not web links or anchors).
    private func localReferences(in dom: String) -> [String] {
        let pattern = try? NSRegularExpression(pattern: #"(?:src|href)="([^"]*)""#)
        let range = NSRange(dom.startIndex..., in: dom)
        return (pattern?.matches(in: dom, range: range) ?? []).compactMap { match in
            Range(match.range(at: 1), in: dom).map { String(dom[$0]) }
        }.filter { !$0.hasPrefix("http:") && !$0.hasPrefix("https:") && !$0.hasPrefix("#") && !$0.isEmpty }
    }

    @Test func everyPageLoadsWithoutErrorsAndEveryPictureAndRecordingResolves() throws {
        let store = try bookStore()
        let book = store.scratch.appendingPathComponent("book")
        try store.succeed(["export", "--format", "book", "--output", book.path])
        let profile = store.scratch.appendingPathComponent("chromium-profile")
        let pages = try FileManager.default.subpathsOfDirectory(atPath: book.path).filter { $0.hasSuffix(".html") }
            .sorted()
        #expect(pages.count >= 8)
        var media = Set<String>()
        for page in pages {
            let url = book.appendingPathComponent(page)
            let run = try browse(url.absoluteString, ["--dump-dom"], profile: profile)
            let console = run.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }
            #expect(console.isEmpty, "\(page): \(console)")
            #expect(run.stdout.contains("</main>"), "\(page) did not load: \(run.stderr.suffix(400))")
            #expect(!run.stdout.contains("<title>owned"), "a script from entry text ran on \(page)")
            for reference in localReferences(in: run.stdout) {
                let path = String(
                    reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                        .split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let target = url.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                #expect(
                    FileManager.default.fileExists(atPath: target.path),
                    "\(page) refers to \(reference), which is missing")
                if target.path.contains("/media/") || target.path.contains("/thumbs/") {
                    media.insert(target.lastPathComponent)
                }
            }
        }
        // The HEIC is shown through its JPEG copy, the AIFF played through its WAV copy.
        #expect(
            media.contains { $0.hasSuffix(".jpg") } && media.contains { $0.hasSuffix(".wav") }
                && media.contains { $0.hasSuffix(".heic") })
        let month = try browse(
            book.appendingPathComponent("months/2026-08.html").absoluteString, ["--dump-dom"], profile: profile)
        #expect(month.stdout.components(separatedBy: "<audio controls").count == 3)
        #expect(!month.stdout.contains(".aiff\"><a") && month.stdout.contains(".wav\"><a"))
    }

    @Test func theSearchPageFindsAWordAndOnThisDayTheDate() throws {
        let store = try bookStore()
        let book = store.scratch.appendingPathComponent("book")
        try store.succeed(["export", "--format", "book", "--output", book.path])
        let profile = store.scratch.appendingPathComponent("chromium-profile")
        let search = try browse(
            book.appendingPathComponent("search.html").absoluteString + "?q=foghorn", ["--dump-dom"], profile: profile)
        #expect(search.stdout.contains("1 entry with “foghorn”"), "\(search.stdout.suffix(800))")
        #expect(search.stdout.contains("<a href=\"months/2026-08.html#e-"))
        #expect(!search.stdout.contains("months/2026-07.html#e-"))
        let none = try browse(
            book.appendingPathComponent("search.html").absoluteString + "?q=zebra", ["--dump-dom"], profile: profile)
        #expect(none.stdout.contains("0 entries with “zebra”"))
        let day = try browse(
            book.appendingPathComponent("on-this-day.html").absoluteString + "?date=07-14", ["--dump-dom"],
            profile: profile)
        #expect(day.stdout.contains("<a href=\"months/2026-07.html#e-"), "\(day.stdout.suffix(800))")
        #expect(!day.stdout.contains("months/2026-08.html#e-"))
    }

    @Test func screenshotsAtBothWidthsInLightAndDark() throws {
        let store = try bookStore()
        let book = store.scratch.appendingPathComponent("book")
        try store.succeed(["export", "--format", "book", "--output", book.path])
        let profile = store.scratch.appendingPathComponent("chromium-profile")
        try FileManager.default.createDirectory(at: artefacts, withIntermediateDirectories: true)
        for page in ["index.html", "months/2026-07.html", "months/2026-08.html", "map.html"] {
            var shots: [String: Data] = [:]
            for (width, height) in [(360, 800), (1600, 1000)] {
                // Blink's preferredColorScheme: 0 is dark, 1 is light.
                for (scheme, value) in [("light", 1), ("dark", 0)] {
                    let name =
                        page.replacingOccurrences(of: "/", with: "-").replacingOccurrences(of: ".html", with: "")
                        + "-\(width)-\(scheme).png"
                    let file = artefacts.appendingPathComponent(name)
                    try? FileManager.default.removeItem(at: file)
                    _ = try browse(
                        book.appendingPathComponent(page).absoluteString,
                        [
                            "--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(file.path)",
                            "--blink-settings=preferredColorScheme=\(value)"
                        ], profile: profile)
                    let data = try Data(contentsOf: file)
                    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is not a PNG")
                    shots["\(width)-\(scheme)"] = data
                }
            }
            #expect(shots["360-light"] != shots["360-dark"], "\(page) looks the same in light and dark")
        }
    }
}
