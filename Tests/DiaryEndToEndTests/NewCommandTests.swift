import Foundation
import TestSupport
import Testing

/// `diary new` against temporary stores.
@Suite struct NewCommandTests {
    @Test func twoPhotosAndARecordingShowTheirPixelSizesAndDuration() throws {
        let store = try TestStore()
        let created = try store.succeed([
            "new", "--text", "Beach day", "--image", Fixture.path("jpeg-baseline.jpg"),
            "--image", Fixture.path("jpeg-orientation-6.jpg"),
            "--audio", Fixture.path("audio-half-square.wav"), "--tag", "travel"
        ])
        #expect(created.stdout == "Created entry #1\n")
        #expect(created.stderr == "")

        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(entry["id"] as? Int == 1)
        #expect(entry["text"] as? String == "Beach day")
        #expect(entry["tags"] as? [String] == ["travel"])
        #expect(entry["starred"] as? Bool == false)
        let media = try #require(entry["media"] as? [[String: Any]])
        #expect(media.count == 3)
        #expect(media.map { $0["index"] as? Int } == [1, 2, 3])
        #expect(media.map { $0["kind"] as? String } == ["image", "image", "audio"])
        #expect(media[0]["width"] as? Int == 64 && media[0]["height"] as? Int == 48)
        #expect(media[0]["orientation"] as? Int == 1)
        #expect(media[1]["width"] as? Int == 48 && media[1]["height"] as? Int == 64)
        #expect(media[1]["orientation"] as? Int == 6)
        #expect(media[1]["fileName"] as? String == "jpeg-orientation-6.jpg")
        #expect(media[2]["mimeType"] as? String == "audio/x-wav")
        #expect(media[2]["duration"] as? Double == 0.5)
        #expect(media[2]["sampleRate"] as? Int == 8000)
        #expect(media[2]["channels"] as? Int == 1)
        let size = try FileManager.default.attributesOfItem(atPath: Fixture.path("jpeg-baseline.jpg"))[.size] as? Int
        #expect(media[0]["byteCount"] as? Int == size)
        #expect((media[0]["sha256"] as? String)?.count == 64)
    }

    @Test func jsonPrintsTheEntryObjectWithLocalOffsets() throws {
        let store = try TestStore()
        let entry = try store.create(["--text", "Late", "--on", "2026-10-25 01:30", "--star"])
        #expect(entry["creationTime"] as? String == "2026-10-25T01:30:00.000+02:00")
        #expect(entry["starred"] as? Bool == true)
        let keys = ["id", "uuid", "creationTime", "updateTime", "text", "tags", "starred", "media"]
        let output = try store.succeed(["show", "1", "--json"]).stdout
        let positions = keys.compactMap { output.range(of: "\"\($0)\"")?.lowerBound }
        #expect(positions.count == keys.count && positions == positions.sorted(), "keys in documented order")
    }

    @Test func onADayKeepsTheTimeOfDayWithinThatDay() throws {
        let store = try TestStore()
        let entry = try store.create(["--text", "Back-dated", "--on", "2026-03-29"])
        let created = try #require(entry["creationTime"] as? String)
        #expect(created.hasPrefix("2026-03-29T"), "\(created)")
        #expect(try store.listedIDs(["--on", "2026-03-29"]) == [1])
        let yesterday = try store.create(["--text", "Yesterday", "--on", "yesterday"])
        let today = try store.create(["--text", "Today"])
        #expect((yesterday["creationTime"] as? String ?? "") < (today["creationTime"] as? String ?? ""))
    }

    @Test func aFileOfTheOtherKindOrMissingIsRefused() throws {
        let store = try TestStore()
        let wrong = try store.run(["new", "--text", "x", "--image", Fixture.path("audio-tone.wav")])
        #expect(wrong.status == 65, "\(wrong)")
        #expect(
            wrong.stderr == "diary: \(Fixture.path("audio-tone.wav")): expected a photo, but the file is a recording\n")
        let missing = try store.run(["new", "--text", "x", "--audio", "/nonexistent/waves.wav"])
        #expect(missing.status == 66, "\(missing)")
        #expect(missing.stderr.contains("/nonexistent/waves.wav"))
        // --media takes either kind, decided by the content.
        let sniffed = try store.create([
            "--media", Fixture.path("png-named.jpg"), "--media", Fixture.path("audio-tone.flac")
        ])
        let media = try #require(sniffed["media"] as? [[String: Any]])
        #expect(media.map { $0["mimeType"] as? String } == ["image/png", "audio/flac"])
        #expect(try store.listedIDs([]) == [1])
    }

    @Test func everyBrokenFixtureExits65AndLeavesTheStoreByteIdentical() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "A good one", "--image", Fixture.path("jpeg-baseline.jpg"), "--tag", "keep"]
        )
        let before = try store.snapshot()
        #expect(before.files.keys.contains("Diary.sqlite"))
        let broken = try FileManager.default.contentsOfDirectory(atPath: Fixture.folder.path)
            .filter { $0.hasPrefix("broken-") }.sorted()
        #expect(broken.count >= 11)
        for name in broken {
            let isRecording = name.hasSuffix(".wav") || name.hasSuffix(".m4a")
            for option in ["--media", isRecording ? "--audio" : "--image"] {
                let result = try store.run([
                    "new", "--text", "Bad", "--tag", "new-tag",
                    "--image", Fixture.path("png-rgb-8.png"), option, Fixture.path(name)
                ])
                #expect(result.status == 65, "\(name) \(option): \(result)")
                #expect(result.stdout == "")
                #expect(
                    result.stderr.hasPrefix("diary: ") && result.stderr.contains(name),
                    "\(name): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1)
                #expect(try store.snapshot() == before, "\(name) \(option) changed the store")
            }
        }
    }

    @Test func pipedStdinIsTheText() throws {
        let store = try TestStore()
        let result = try store.succeed(["new", "--tag", "piped"], stdin: "Written in a pipe\n\nwith two lines\n")
        #expect(result.stdout == "Created entry #1\n")
        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(entry["text"] as? String == "Written in a pipe\n\nwith two lines")
    }

    @Test func anEmptyResultCancelsWithAMessageAndSavesNothing() throws {
        let store = try TestStore()
        let piped = try store.run(["new"], stdin: "  \n\n")
        #expect(piped.status == 0, "\(piped)")
        #expect(piped.stdout == "")
        #expect(piped.stderr == "Cancelled: empty entry, nothing saved.\n")
        let empty = try store.run(["new", "--text", "   "])
        #expect(empty.stderr == "Cancelled: empty entry, nothing saved.\n")
        // Nothing saved in a store the command would have created: there is no store.
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
        // A photo alone is an entry, even when stdin gives no text.
        #expect(
            try store.succeed(["new", "--image", Fixture.path("png-rgb-8.png")], stdin: "").stdout
                == "Created entry #1\n")
    }

    @Test func onATerminalTheEditorWritesTheText() throws {
        let store = try TestStore()
        let script = try makeScript(in: store.scratch, #"printf 'From the editor\n' > "$1""#)
        let result = try runDiaryInTerminal(
            ["new", "--tag", "edited"], store: store.url,
            environment: ["VISUAL": "/bin/sh \(script.path)", "EDITOR": "false"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Created entry #1"))
        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(entry["text"] as? String == "From the editor")
        #expect(entry["tags"] as? [String] == ["edited"])

        let blank = try makeScript(in: store.scratch, #"printf '\n\n' > "$1""#)
        let cancelled = try runDiaryInTerminal(
            ["new"], store: store.url, environment: ["EDITOR": "/bin/sh \(blank.path)"])
        #expect(cancelled.status == 0, "\(cancelled)")
        #expect(cancelled.stdout.contains("Cancelled: empty entry, nothing saved."))
        let failing = try runDiaryInTerminal(["new"], store: store.url, environment: ["EDITOR": "false"])
        #expect(failing.status == 69, "\(failing)")
        #expect(try store.listedIDs([]) == [1])
    }

    @Test func severalFilesShowProgressOnATerminalOnly() throws {
        let store = try TestStore()
        let arguments = [
            "new", "--text", "x", "--image", Fixture.path("jpeg-baseline.jpg"), "--audio",
            Fixture.path("audio-tone.wav")
        ]
        let terminal = try runDiaryInTerminal(arguments, store: store.url)
        #expect(terminal.status == 0, "\(terminal)")
        #expect(terminal.stdout.contains("\r[1/2] checking jpeg-baseline.jpg"))
        #expect(terminal.stdout.contains("\r[2/2] copying audio-tone.wav"))
        let piped = try store.succeed(arguments)
        #expect(piped.stderr == "")
        #expect(piped.stdout == "Created entry #2\n")
    }

    @Test func whenStdinIsPipedTheEditorIsNotOpened() throws {
        let store = try TestStore()
        let script = try makeScript(in: store.scratch, #"printf 'From the editor\n' > "$1""#)
        try store.succeed(["new"], environment: ["EDITOR": "/bin/sh \(script.path)"], stdin: "Piped wins")
        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(entry["text"] as? String == "Piped wins")
    }

    @Test func aBadDateIsAUsageErrorListingTheAcceptedForms() throws {
        let store = try TestStore()
        let result = try store.run(["new", "--text", "x", "--on", "29.11.2026"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("Error: The value '29.11.2026' is invalid for '--on <date>'\n"))
        #expect(result.stderr.contains("2026-11-29 14:30") && result.stderr.contains("yesterday"))
        #expect(!FileManager.default.fileExists(atPath: store.url.appendingPathComponent("Diary.sqlite").path))
    }
}
