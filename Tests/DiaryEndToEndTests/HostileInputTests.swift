import Foundation
import TestSupport
import Testing

/// Inputs made to hang or exhaust `diary`: each is refused quickly with one line naming the
/// file and the limit, and the store is left byte-identical.
@Suite struct HostileInputTests {
    /// A FIFO nobody writes to, in the store's scratch folder.
    private func fifo(in store: TestStore, named name: String) throws -> String {
        let path = store.scratch.appendingPathComponent(name).path
        #expect(mkfifo(path, 0o600) == 0)
        return path
    }

    @Test func anArgumentThatIsNotUTF8IsRefusedNamingItNotQuietlyChanged() throws {
        // Swift would read the byte 0xE9 as U+FFFD: a store path so spelled named another folder.
        let scratch = try TemporaryDirectory(prefix: "diary-utf8")
        var environment = ProcessInfo.processInfo.environment
        environment["DIARY_HOME"] = scratch.url.appendingPathComponent("store").path
        let program = "exec \"$0\" --store \"$(printf '%s/caf\\351' \"$1\")\" new --text x"
        let run = try runProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", program, try diaryBinary().path, scratch.url.path],
            environment: environment)
        #expect(run.status == 64)
        #expect(
            run.stderr.hasPrefix(
                "Error: argument 2 is not valid UTF-8 ('\(scratch.url.path)/caf\\xE9'): "
                    + "diary takes text and paths in UTF-8 only\n"), "\(run)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
    }

    @Test(arguments: [
        ["new", "--text", "x", "--image"], ["new", "--text", "x", "--audio"],
        ["new", "--text", "x", "--media"], ["edit", "1", "--image"]
    ])
    func aFIFOGivenAsAMediumIsRefusedWithoutWaiting(_ words: [String]) throws {
        let store = try TestStore()
        try store.create(["--text", "first"])
        let fifo = try fifo(in: store, named: "photo.jpg")
        let before = try store.snapshot()

        let result = try runDiary(
            words + [fifo], environment: ["TZ": "Europe/Berlin"], store: .at(store.url),
            timeout: 10)

        #expect(result.status == 66, "\(result)")
        #expect(result.stderr.contains(fifo) && result.stderr.contains("not a regular file"), "\(result)")
        #expect(try store.snapshot() == before)
    }

    @Test(arguments: [
        ["import"], ["import", "--from", "json"], ["import", "--from", "jrnl"],
        ["import", "--from", "dayone"]
    ])
    func aFIFOGivenAsAnImportIsRefusedWithoutWaiting(_ words: [String]) throws {
        let store = try TestStore()
        try store.create(["--text", "first"])
        let fifo = try fifo(in: store, named: "export.json")
        let before = try store.snapshot()

        let result = try runDiary(
            words + [fifo], environment: ["TZ": "Europe/Berlin"], store: .at(store.url),
            timeout: 10)

        #expect([65, 66].contains(result.status), "\(result)")
        #expect(result.stderr.contains("export.json"), "\(result)")
        #expect(try store.snapshot() == before)
    }

    /// More than an entry's text may hold: 4 MiB and one byte.
    private static let tooLong = String(repeating: "a", count: 4 * 1024 * 1024 + 1)

    @Test func pipedTextLongerThanTheLimitIsRefusedNamingIt() throws {
        let store = try TestStore()
        try store.create(["--text", "first"])
        let before = try store.snapshot()

        let result = try store.run(["new"], stdin: Self.tooLong)

        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("standard input") && result.stderr.contains("limit of 4 MiB"), "\(result)")
        #expect(try store.snapshot() == before)
    }

    @Test func editorTextLongerThanTheLimitIsRefusedAndKeptForTheUser() throws {
        let store = try TestStore()
        try store.create(["--text", "first"])
        let before = try store.snapshot()
        let script = try makeScript(in: store.scratch, "head -c 4194305 /dev/zero | tr '\\0' a > \"$1\"")

        let result = try runDiaryInTerminal(
            ["new"], store: store.url, environment: ["EDITOR": "/bin/sh \(script.path)"])

        #expect(result.status == 65, "\(result)")
        let output = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        let kept = try #require(
            output.components(separatedBy: "your text is kept in ").last?
                .trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try Data(contentsOf: URL(fileURLWithPath: kept)).count == 4 * 1024 * 1024 + 1)
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: kept).deletingLastPathComponent())
        #expect(try store.snapshot() == before)
    }

    @Test func anImportedEntryLongerThanTheLimitIsRefusedNamingIt() throws {
        let store = try TestStore()
        try store.create(["--text", "first"])
        let before = try store.snapshot()
        let export = store.scratch.appendingPathComponent("long.json")
        try Data(
            """
            [{"uuid": "5C0D2E6A-9B1F-4E27-8A53-1F2E3D4C5B6A", "creationTime": "2026-11-29T14:50:05.000+01:00",
              "updateTime": "2026-11-29T14:50:05.000+01:00", "text": "\(Self.tooLong)"}]
            """.utf8
        ).write(to: export)

        let result = try store.run(["import", "--from", "json", export.path])

        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("long.json") && result.stderr.contains("4 MiB"), "\(result)")
        #expect(try store.snapshot() == before)
    }

    @Test func moreMediaThanTheLimitAreRefusedBeforeAnyIsDecoded() throws {
        let store = try TestStore()
        try store.create(["--text", "first"])
        let before = try store.snapshot()
        // 1,001 names of one photo (the same name twice is attached once).
        let photo = Fixture.path("jpeg-orientation-3.jpg")
        let words = try (0..<1001).flatMap { number in
            let link = store.scratch.appendingPathComponent("photo-\(number).jpg")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: photo)
            return ["--image", link.path]
        }
        let started = ContinuousClock.now

        let result = try store.run(["edit", "1"] + words)

        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("1001") && result.stderr.contains("limit of 1000"), "\(result)")
        #expect(ContinuousClock.now - started < .seconds(5))
        #expect(try store.snapshot() == before)
    }

    @Test func aBundleWithAMissingMediumIsBadDataAndImportsNothing() throws {
        let (source, _, folder, _) = try ImportCommandTests.exportedEntry()
        defer { withExtendedLifetime(source) {} }
        let media = try FileManager.default.contentsOfDirectory(atPath: folder + "/media")
        let photo = try #require(media.first { $0.hasSuffix(".jpg") })
        try FileManager.default.removeItem(atPath: folder + "/media/" + photo)
        let fresh = try TestStore()
        try fresh.create(["--text", "first"])
        let before = try fresh.snapshot()

        let result = try fresh.run(["import", folder])

        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("media/\(photo) is listed in entry.json but missing"), "\(result)")
        #expect(try fresh.snapshot() == before)
    }
}
