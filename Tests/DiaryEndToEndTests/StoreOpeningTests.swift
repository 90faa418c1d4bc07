import Foundation
import TestSupport
import Testing

/// How `diary` opens a store: never creating one to read it, reading one the user may not
/// write, and refusing a store whose database is gone or damaged without touching it.
@Suite struct StoreOpeningTests {
    /// Every command that only reads the store, with the arguments it needs.
    static func readingCommands(output: URL) -> [[String]] {
        [
            ["list"], ["show", "1"], ["search", "beach"], ["tags"], ["calendar", "2026-11"],
            ["export", "1", "--output", output.path], ["check"]
        ]
    }

    /// Commands that change an existing store.
    static let updatingCommands: [[String]] = [
        ["edit", "1", "--append", "more"], ["delete", "1"], ["check", "--repair"]
    ]

    @Test func aReadingCommandOnAMistypedPathSaysThereIsNoDiaryAndCreatesNothing() throws {
        let scratch = try TemporaryDirectory()
        let mistyped = scratch.url.appendingPathComponent("diray", isDirectory: true)
        for command in Self.readingCommands(output: scratch.url) + Self.updatingCommands {
            let result = try runDiary(["--store", mistyped.path] + command, store: .inherited)
            #expect(result.status == 66, "\(command): \(result)")
            #expect(result.stderr.contains("no diary at \(mistyped.path)"), "\(command): \(result)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(command): \(result)")
            #expect(!FileManager.default.fileExists(atPath: mistyped.path), "\(command) created the store")
        }
    }

    @Test func aStoreFolderThatCannotBeCreatedIsAnIOErrorInPlainWords() throws {
        let scratch = try TemporaryDirectory()
        let file = scratch.url.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        let result = try runDiary(
            ["--store", file.appendingPathComponent("diary").path, "new", "--text", "x"],
            store: .inherited)
        #expect(result.status == 74, "\(result)")
        #expect(
            result.stderr
                == "diary: cannot create the diary's folder \(file.path)/diary: \(file.path) is a file, not a folder\n",
            "\(result)")
    }

    @Test func aFolderWithoutPermissionIsAnIOErrorNamingTheReason() throws {
        guard getuid() == 0 else { return }  // needs another account: root ignores file modes
        let scratch = try TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: scratch.url.path)
        let target = scratch.url.appendingPathComponent("diary").path
        let result = try runDiaryAsNobody(["--store", target, "new", "--text", "x"])
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr == "diary: cannot create the diary's folder \(target): Permission denied\n", "\(result)")
    }

    @Test func theFirstWritingCommandStillCreatesTheStore() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.url.appendingPathComponent("a/b/diary", isDirectory: true)
        let result = try runDiary(["--store", store.path, "new", "--text", "first"], store: .inherited)
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: store.appendingPathComponent("Diary.sqlite").path))
        #expect(try runDiary(["--store", store.path, "list"], store: .inherited).status == 0)
    }

    @Test func aStoreTheUserMayOnlyReadOpensForReadingAndRefusesWrites() throws {
        // Root reads and writes everything, so another account is needed to see the modes at work.
        guard getuid() == 0 else { return }
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "Beach day", "--tag", "sea", "--on", "2026-11-29 10:00",
            "--image", Fixture.path("jpeg-baseline.jpg")
        ])
        try makeReadableToOthers(store.directory.url)
        let before = try store.snapshot()
        let output = store.scratch.appendingPathComponent("out", isDirectory: true)
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: output.path)

        for command in Self.readingCommands(output: output) {
            let result = try runDiaryAsNobody(["--store", store.url.path] + command)
            #expect(result.status == 0, "\(command): \(result)")
            #expect(!result.stderr.contains("readonly"), "\(command): \(result)")
        }
        #expect(try runDiaryAsNobody(["--store", store.url.path, "list"]).stdout.contains("Beach day"))
        #expect(try runDiaryAsNobody(["--store", store.url.path, "check"]).stdout.hasSuffix("OK\n"))
        #expect(try store.snapshot() == before)

        let bundle = try #require(try FileManager.default.contentsOfDirectory(atPath: output.path).first)
        for command in [["new", "--text", "x"], ["import", output.appendingPathComponent(bundle).path]]
            + Self.updatingCommands
        {
            let result = try runDiaryAsNobody(["--store", store.url.path] + command)
            #expect(result.status == 74, "\(command): \(result)")
            #expect(
                result.stderr == "diary: the diary at \(store.url.path) is read-only "
                    + "(this account may read it but not change it); nothing was changed\n",
                "\(command): \(result)")
        }
        #expect(try store.snapshot() == before)
    }

    @Test(arguments: ["missing", "empty"])
    func aStoreWhoseDatabaseIsGoneButWhoseMediaRemainIsRefusedUntouched(_ damage: String) throws {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "x", "--image", Fixture.path("jpeg-baseline.jpg"),
            "--audio", Fixture.path("audio-tone.wav")
        ])
        let database = store.url.appendingPathComponent("Diary.sqlite")
        if damage == "missing" {
            try FileManager.default.removeItem(at: database)
        } else {
            try Data().write(to: database)
        }
        let before = try store.snapshot()
        for command in [["list"], ["check"], ["check", "--repair"], ["new", "--text", "y"], ["tags"]] {
            let result = try store.run(command)
            #expect(result.status == 65, "\(command): \(result)")
            #expect(
                result.stderr == "diary: the diary at \(database.path) is damaged: its database is \(damage) "
                    + "but Diary.blobs holds 2 media files; nothing was touched (restore Diary.sqlite from a backup)\n",
                "\(command): \(result)")
            #expect(try store.snapshot() == before, "\(command) changed the store")
        }
    }

    // A column is taken out of the table's declaration directly: ALTER TABLE in the sqlite3 shell
    // re-checks the full-text triggers, whose tokenizer only the diary registers.
    @Test(arguments: [
        "DROP TABLE Z_DiaryEntry_tags", "DROP INDEX Tag_unique_0",
        #"PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = replace(sql, ', "sha256" TEXT', '') WHERE type = 'table' AND name = 'Medium'"#
    ])
    func aDamagedSchemaIsADamagedStoreForEveryCommand(_ damage: String) throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x", "--tag", "sea", "--image", Fixture.path("jpeg-baseline.jpg")])
        _ = try store.sqlite(damage)
        #expect(
            try store.sqlite("SELECT COUNT(*) FROM sqlite_schema WHERE sql LIKE '%\"sha256\" TEXT%'")
                == (damage.contains("sha256") ? "0" : "1"))
        let before = try store.snapshot()
        for command in [["list"], ["check"], ["check", "--repair"], ["new", "--text", "y"]] {
            let result = try store.run(command)
            #expect(result.status == 65, "\(command): \(result)")
            #expect(
                result.stderr.hasPrefix("diary: the diary at \(store.url.path)/Diary.sqlite is damaged: "),
                "\(command): \(result)")
            #expect(
                !result.stderr.contains("SQLite") && !result.stderr.contains("while running"), "\(command): \(result)")
            #expect(try store.snapshot() == before, "\(command) changed the store")
        }
    }
}

/// Runs the built `diary` as the account `nobody` (through `runuser`; only root may).
func runDiaryAsNobody(_ arguments: [String]) throws -> ProcessRun {
    try runDiary(
        ["-u", "nobody", "--", try diaryBinary().path] + arguments, environment: ["TZ": "Europe/Berlin"],
        store: .inherited, executable: URL(fileURLWithPath: "/usr/sbin/runuser"))
}

/// Makes every folder under `root` (and `root`) 0755 and every file 0644: readable by other
/// accounts, writable only by its owner.
func makeReadableToOthers(_ root: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path)
    guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else {
        return
    }
    for case let url as URL in walker {
        let isFolder = try url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == true
        try FileManager.default.setAttributes([.posixPermissions: isFolder ? 0o755 : 0o644], ofItemAtPath: url.path)
    }
}

/// A writing command that fails or is cancelled before it saves leaves no new store behind.
@Suite struct NewStoreCleanupTests {
    @Test func aWritingCommandThatFailsBeforeSavingLeavesNoNewStore() throws {
        let scratch = try TemporaryDirectory()
        let store = scratch.url.appendingPathComponent("diary", isDirectory: true)
        let failures: [([String], String?, Int32)] = [
            (["new", "--text", "x", "--image", scratch.url.appendingPathComponent("typo.jpg").path], nil, 66),
            (["new", "--text", "x", "--image", Fixture.path("broken-text.jpg")], nil, 65),
            (["new", "--text", "x", "--audio", Fixture.path("jpeg-baseline.jpg")], nil, 65),
            (["new"], "   \n", 0),
            (["import", scratch.url.appendingPathComponent("missing.diaryentry").path], nil, 66)
        ]
        for (command, stdin, status) in failures {
            let result = try runDiary(["--store", store.path] + command, stdin: stdin, store: .inherited)
            #expect(result.status == status, "\(command): \(result)")
            #expect(!FileManager.default.fileExists(atPath: store.path), "\(command) left a store behind")
        }
        // In a folder that was there already, only the folder stays.
        try FileManager.default.createDirectory(at: store, withIntermediateDirectories: true)
        let typo = try runDiary(
            ["--store", store.path, "new", "--text", "x", "--image", "/nonexistent.jpg"], store: .inherited)
        #expect(typo.status == 66, "\(typo)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.path) == [])

        let first = try runDiary(
            ["--store", store.path, "new", "--text", "first", "--image", Fixture.path("png-rgb-8.png")],
            store: .inherited)
        #expect(first.status == 0, "\(first)")
        let failed = try runDiary(
            ["--store", store.path, "new", "--text", "x", "--image", Fixture.path("broken-text.jpg")],
            store: .inherited)
        #expect(failed.status == 65, "\(failed)")
        let listed = try runDiary(["--store", store.path, "list"], store: .inherited)
        #expect(listed.status == 0 && listed.stdout.contains("first"), "an existing store is never removed: \(listed)")
    }
}
