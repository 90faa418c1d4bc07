import Foundation
import TestSupport
import Testing

/// `diary import --from photos`, through the built `diary` on temporary stores (TZ=Europe/Berlin).
@Suite struct PhotoFolderImportCommandTests {
    /// A camera roll over three local days in two zones, with a hidden file, a hidden folder
    /// holding a photo, a text file and a photo in a subfolder without an extension:
    /// 2008-07-13 New York 08:00 and 20:45 (-04:00), 2008-07-14 Tokyo 09:15:30.250 and
    /// 18:00:00.250 (+09:00), 2008-07-15 New York 10:00.
    static func cameraRoll(in store: TestStore) throws -> URL {
        let roll = store.scratch.appendingPathComponent("roll", isDirectory: true)
        let manager = FileManager.default
        for folder in ["sub", ".hidden"] {
            try manager.createDirectory(at: roll.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        func copy(_ name: String, to path: String, time: String? = nil) throws {
            let target = roll.appendingPathComponent(path)
            try manager.copyItem(atPath: Fixture.path(name), toPath: target.path)
            if let time { try exiftool(["-DateTimeOriginal=\(time)", target.path]) }
        }
        try copy("exif-tokyo.jpg", to: "tokyo-a.jpg")
        try copy("exif-tokyo.jpg", to: "sub/tokyo-b", time: "2008:07:14 18:00:00")
        try copy("exif-new-york.jpg", to: "ny.jpg")
        try copy("exif-new-york.jpg", to: "ny-b.jpg", time: "2008:07:13 08:00:00")
        try copy("exif-new-york.jpg", to: "sub/nyc.jpg", time: "2008:07:15 10:00:00")
        try copy("exif-tokyo.jpg", to: ".hidden/secret.jpg", time: "2010:01:01 10:00:00")
        try Data("not a photo".utf8).write(to: roll.appendingPathComponent("notes.jpg"))
        try Data().write(to: roll.appendingPathComponent(".DS_Store"))
        return roll
    }

    /// Runs exiftool, overwriting in place (in every command of an `-execute` chain).
    static func exiftool(_ arguments: [String]) throws {
        let run = try runProcess(
            URL(fileURLWithPath: "/usr/bin/exiftool"),
            arguments + ["-common_args", "-q", "-overwrite_original"])
        #expect(run.status == 0, "\(run)")
    }

    /// The store's entries, oldest first, as (creationTime, file names, tags).
    static func entries(_ store: TestStore) throws -> [(String, [String], [String])] {
        let listed = try #require(try store.json(["list", "--all"]) as? [[String: Any]])
        return listed.map { entry in
            (
                entry["creationTime"] as? String ?? "",
                (entry["media"] as? [[String: Any]] ?? []).map { $0["fileName"] as? String ?? "" },
                entry["tags"] as? [String] ?? []
            )
        }.sorted { $0.0 < $1.0 }
    }

    static let expected: [(String, [String])] = [
        ("2008-07-13T14:00:00.000+02:00", ["ny-b.jpg", "ny.jpg"]),
        ("2008-07-14T02:15:30.250+02:00", ["tokyo-a.jpg", "tokyo-b"]),
        ("2008-07-15T16:00:00.000+02:00", ["nyc.jpg"])
    ]

    @Test func threeDaysInTwoZonesGiveThreeEntriesInCaptureOrder() throws {
        let store = try TestStore()
        let roll = try Self.cameraRoll(in: store)
        let run = try store.succeed(["import", "--from", "photos", roll.path, "--tag", "trip", "--tag", "summer"])
        #expect(run.stdout.contains("imported 3 entries with 5 media files"), "\(run)")
        #expect(run.stdout.contains("2 hidden and 1 non-media skipped"), "\(run)")
        let entries = try Self.entries(store)
        #expect(entries.map(\.0) == Self.expected.map(\.0))
        #expect(entries.map(\.1) == Self.expected.map(\.1))
        #expect(entries.allSatisfy { Set($0.2) == ["trip", "summer"] })
    }

    @Test func perPhotoGivesOneEntryPerFile() throws {
        let store = try TestStore()
        let roll = try Self.cameraRoll(in: store)
        try store.succeed(["import", "--from", "photos", "--per", "photo", roll.path])
        let entries = try Self.entries(store)
        // By the moment taken: Tokyo 09:15 (+09:00) on the 14th comes before New York 20:45
        // (-04:00) on the 13th.
        #expect(entries.map(\.1) == [["ny-b.jpg"], ["tokyo-a.jpg"], ["ny.jpg"], ["tokyo-b"], ["nyc.jpg"]])
    }

    @Test func aRerunAddsNothingAndAGrownFolderOnlyWhatIsNew() throws {
        let store = try TestStore()
        let roll = try Self.cameraRoll(in: store)
        try store.succeed(["import", "--from", "photos", roll.path])
        let before = try store.snapshot()
        let rerun = try store.succeed(["import", "--from", "photos", roll.path])
        #expect(rerun.stdout.contains("imported 0 entries with 0 media files"), "\(rerun)")
        #expect(rerun.stdout.contains("5 already present"), "\(rerun)")
        #expect(try Self.entries(store).count == 3)
        #expect(try store.snapshot() == before)
        let added = roll.appendingPathComponent("later.jpg")
        try FileManager.default.copyItem(atPath: Fixture.path("exif-tokyo.jpg"), toPath: added.path)
        try Self.exiftool(["-DateTimeOriginal=2008:07:20 12:00:00", added.path])
        let grown = try store.succeed(["import", "--from", "photos", roll.path])
        #expect(grown.stdout.contains("imported 1 entry with 1 media file"), "\(grown)")
        let entries = try Self.entries(store)
        #expect(entries.count == 4)
        #expect(entries.last?.1 == ["later.jpg"])
    }

    /// A photo added to a day already imported becomes an entry dated by itself, not by the
    /// day's first file (already in the diary, skipped); a dry run says what a rerun really adds.
    @Test func aRerunDatesTheNewEntryByTheFileItHoldsAndADryRunKnowsWhatIsThere() throws {
        let store = try TestStore()
        let roll = try Self.cameraRoll(in: store)
        try store.succeed(["import", "--from", "photos", roll.path])
        let dry = try store.succeed(["import", "--from", "photos", "--dry-run", roll.path])
        #expect(
            dry.stdout.contains("would create 0 entries from 0 media files (5 files already in the diary)"), "\(dry)")
        #expect(!dry.stdout.contains("2008-07-13:"), "\(dry)")
        let evening = roll.appendingPathComponent("evening.jpg")
        try FileManager.default.copyItem(atPath: Fixture.path("exif-new-york.jpg"), toPath: evening.path)
        // 2008-07-13 18:40 in New York (-04:00), the day whose first file (08:00) is imported.
        try Self.exiftool(["-DateTimeOriginal=2008:07:13 18:40:00", evening.path])
        let grownDry = try store.succeed(["import", "--from", "photos", "--dry-run", roll.path])
        #expect(grownDry.stdout.contains("2008-07-13: 1 media file"), "\(grownDry)")
        #expect(
            grownDry.stdout.contains("would create 1 entry from 1 media file (5 files already in the diary)"),
            "\(grownDry)")
        try store.succeed(["import", "--from", "photos", roll.path])
        let entries = try Self.entries(store)
        let added = try #require(entries.first { $0.1 == ["evening.jpg"] })
        #expect(added.0 == "2008-07-14T00:40:00.000+02:00", "\(entries)")
    }

    @Test func theSameFileTwiceInOneRunIsImportedOnce() throws {
        let store = try TestStore()
        let folder = store.scratch.appendingPathComponent("twice", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["a.jpg", "copy-of-a.jpg"] {
            try FileManager.default.copyItem(
                atPath: Fixture.path("exif-tokyo.jpg"), toPath: folder.appendingPathComponent(name).path)
        }
        let run = try store.succeed(["import", "--from", "photos", folder.path])
        #expect(run.stdout.contains("imported 1 entry with 1 media file"), "\(run)")
        #expect(run.stdout.contains("1 already present"), "\(run)")
        #expect(try Self.entries(store).map(\.1) == [["a.jpg"]])
    }

    @Test func aDryRunPrintsTheDaysAndChangesNothing() throws {
        let store = try TestStore()
        let roll = try Self.cameraRoll(in: store)
        // No store yet: none is made.
        let fresh = try store.succeed(["import", "--from", "photos", "--dry-run", roll.path])
        #expect(!FileManager.default.fileExists(atPath: store.url.path))
        #expect(fresh.stdout.contains("2008-07-13: 2 media files"), "\(fresh)")
        #expect(fresh.stdout.contains("2008-07-14: 2 media files"), "\(fresh)")
        #expect(fresh.stdout.contains("2008-07-15: 1 media file"), "\(fresh)")
        #expect(fresh.stdout.contains("would create 3 entries from 5 media files"), "\(fresh)")
        try store.create(["--text", "Already here"])
        let before = try store.snapshot()
        try store.succeed(["import", "--from", "photos", "--dry-run", roll.path])
        #expect(try store.snapshot() == before)
    }

    @Test func aRefusedFileIsListedAndTheRestImported() throws {
        let store = try TestStore()
        let roll = try Self.cameraRoll(in: store)
        try FileManager.default.copyItem(
            atPath: Fixture.path("broken-truncated.jpg"),
            toPath: roll.appendingPathComponent("broken.jpg").path)
        let run = try store.succeed(["import", "--from", "photos", roll.path])
        #expect(run.stdout.contains("imported 3 entries with 5 media files"), "\(run)")
        #expect(run.stdout.contains("1 refused"), "\(run)")
        let refusals = run.stderr.split(separator: "\n").filter { $0.hasPrefix("diary: refused: ") }
        #expect(refusals.count == 1)
        #expect(
            refusals.first?.contains("broken.jpg") == true && refusals.first?.contains("truncated") == true, "\(run)")
        #expect(try Self.entries(store).map(\.1) == Self.expected.map(\.1))
    }

    @Test func nothingImportedBecauseAllWereRefusedExits65() throws {
        let store = try TestStore()
        let run = try store.run([
            "import", "--from", "photos", Fixture.path("broken-truncated.jpg"), Fixture.path("broken-truncated.png")
        ])
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.split(separator: "\n").filter { $0.hasPrefix("diary: refused: ") }.count == 2, "\(run)")
        #expect(!FileManager.default.fileExists(atPath: store.url.appendingPathComponent("Diary.sqlite").path))
    }

    @Test func aPhotoWithoutCaptureTimeIsDatedByItsModificationTimeAndSaysSo() throws {
        let store = try TestStore()
        let folder = store.scratch.appendingPathComponent("plain", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let plain = folder.appendingPathComponent("scan.jpg")
        try FileManager.default.copyItem(atPath: Fixture.path("jpeg-baseline.jpg"), toPath: plain.path)
        // 2011-03-04 05:06:07 UTC, 06:06:07 in Berlin.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_299_215_167)],
            ofItemAtPath: plain.path)
        let dry = try store.succeed(["import", "--from", "photos", "--dry-run", folder.path])
        #expect(dry.stdout.contains("2011-03-04: 1 media file"), "\(dry)")
        #expect(dry.stdout.contains("1 dated by modification time (no capture time)"), "\(dry)")
        let run = try store.succeed(["import", "--from", "photos", folder.path])
        #expect(run.stdout.contains("1 dated by modification time (no capture time)"), "\(run)")
        #expect(try Self.entries(store).map(\.0) == ["2011-03-04T06:06:07.000+01:00"])
    }

    @Test func progressOnATerminalOnly() throws {
        let store = try TestStore()
        let roll = try Self.cameraRoll(in: store)
        let terminal = try runDiaryInTerminal(["import", "--from", "photos", roll.path], store: store.url)
        #expect(terminal.status == 0, "\(terminal)")
        #expect(terminal.stdout.contains("5/5 files, 3/3 days,") && terminal.stdout.contains(" MB/s"), "\(terminal)")
        let piped = try store.succeed(["import", "--from", "photos", roll.path])
        #expect(!piped.stderr.contains("MB/s") && !piped.stdout.contains("MB/s"), "\(piped)")
    }

    @Test func helpNamesThePhotoOptionsAndTheirValues() throws {
        let help = try runDiary(["import", "--help"])
        #expect(help.status == 0)
        // As one line: the help is wrapped to the terminal's width.
        let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for text in [
            "photos (folders, walked", "--per <unit>", "photo (one entry per file)", "--tag <name>",
            "--dry-run", "With --from photos, every photo and recording found"
        ] {
            #expect(flat.contains(text), "\(text): \(help)")
        }
        let wrong = try runDiary(["import", "--from", "photos", "--per", "week", Fixture.path("exif-tokyo.jpg")])
        #expect(wrong.status == 64, "\(wrong)")
        #expect(wrong.stderr.contains("day, photo"), "\(wrong)")
    }

    @Test func photoOptionsNeedFromPhotos() throws {
        let store = try TestStore()
        let run = try store.run(["import", "--dry-run", Fixture.path("exif-tokyo.jpg")])
        #expect(run.status == 64, "\(run)")
    }
}

/// An import killed part-way keeps the days it committed, and a rerun completes it.
@Suite struct PhotoFolderImportInterruptionTests {
    /// `count` copies of a photo, one a day from 2008-08-01 at noon in Tokyo.
    static func roll(_ count: Int, in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var arguments: [String] = []
        for day in 0..<count {
            let file = folder.appendingPathComponent(String(format: "day-%03d.jpg", day))
            try FileManager.default.copyItem(atPath: Fixture.path("exif-tokyo.jpg"), toPath: file.path)
            let date = Date(timeIntervalSince1970: 1_217_592_000 + Double(day) * 86_400)  // 2008-08-01 12:00Z
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: 0)!
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            arguments += [
                String(format: "-DateTimeOriginal=%04d:%02d:%02d 12:00:00", parts.year!, parts.month!, parts.day!),
                file.path, "-execute"
            ]
        }
        try PhotoFolderImportCommandTests.exiftool(arguments.dropLast())
    }

    @Test func killedMidwayThenRerunGivesTheSameEntriesAsOneRun() throws {
        let count = 60
        let reference = try TestStore()
        let folder = reference.scratch.appendingPathComponent("roll", isDirectory: true)
        try Self.roll(count, in: folder)
        try reference.succeed(["import", "--from", "photos", folder.path])
        let whole = try PhotoFolderImportCommandTests.entries(reference)
        #expect(whole.count == count)

        let store = try TestStore()
        let process = Process()
        process.executableURL = try diaryBinary()
        process.arguments = ["import", "--from", "photos", folder.path]
        var environment = ProcessInfo.processInfo.environment
        environment["DIARY_HOME"] = store.url.path
        environment["TZ"] = "Europe/Berlin"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Killed once the first days are committed.
        let deadline = Date().addingTimeInterval(20)
        var committed = 0
        while process.isRunning, Date() < deadline {
            committed = Int((try? store.sqlite("SELECT count(*) FROM DiaryEntry")) ?? "") ?? 0
            if committed >= 2 { break }
            usleep(5_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let kept = try PhotoFolderImportCommandTests.entries(store)
        #expect(kept.count >= 2)
        #expect(kept.count < count, "the import finished before it was killed")
        // What was kept is whole days, each as the uninterrupted run made it.
        #expect(kept.allSatisfy { entry in whole.contains { $0.0 == entry.0 && $0.1 == entry.1 } })

        try store.succeed(["import", "--from", "photos", folder.path])
        let rerun = try PhotoFolderImportCommandTests.entries(store)
        #expect(rerun.map(\.0) == whole.map(\.0))
        #expect(rerun.map(\.1) == whole.map(\.1))
    }
}
