import Foundation
import TestSupport
import Testing

/// `diary delete` asks first and moves entries to the trash; `diary trash` lists and empties
/// it; `diary restore` brings entries back.
@Suite struct TrashCommandTests {
    /// A store with entry #1 (a photo, a recording, tag `sea`) and #2 (text only, tag `work`).
    private func storeWithTwoEntries() throws -> TestStore {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "Beach day sunset", "--image", Fixture.path("jpeg-baseline.jpg"),
            "--audio", Fixture.path("audio-tone.wav"), "--tag", "sea", "--on", "2026-11-29 14:03"
        ])
        try store.succeed(["new", "--text", "Office", "--tag", "work", "--on", "2026-11-30 09:00"])
        return store
    }

    @Test func restoreNamesAPhotoWhoseFileWasDamagedOrRemovedWhileInTheTrash() throws {
        let store = try TestStore()
        let entry = try store.create([
            "--text", "with photos", "--image", Fixture.path("jpeg-baseline.jpg"),
            "--image", Fixture.path("png-rgb-8.png")
        ])
        let media = try #require(entry["media"] as? [[String: Any]])
        let hashes = media.compactMap { $0["sha256"] as? String }
        try store.succeed(["delete", "1", "--yes"])
        func blob(_ hash: String) -> URL {
            store.url.appendingPathComponent("Diary.blobs/\(hash.prefix(2))/\(hash.dropFirst(2).prefix(2))/\(hash)")
        }
        try FileManager.default.removeItem(at: blob(hashes[0]))
        try Data("not the photo".utf8).write(to: blob(hashes[1]))
        let run = try store.run(["restore", "1"])
        #expect(run.status == 0, "\(run)")
        #expect(run.stdout.hasPrefix("Restored entry #1 "))
        #expect(
            run.stderr == "diary: warning: entry #1, medium 1: its file is missing; 'diary check' lists it, and "
                + "adding the same file again heals it\n"
                + "diary: warning: entry #1, medium 2: its file is damaged (it no longer matches its SHA-256); "
                + "'diary check' lists it, and adding the same file again heals it\n", "\(run)")
        #expect(try store.listedIDs([]) == [1])
    }

    @Test func reimportingATrashedEntrySaysItIsInTheTrashAndHowToRestoreIt() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "kept for later"])
        let out = store.scratch.appendingPathComponent("out", isDirectory: true)
        try store.succeed(["export", "1", "--output", out.path])
        let bundle = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
        try store.succeed(["delete", "1", "--yes"])
        let uuid = try #require(
            try String(
                contentsOf: out.appendingPathComponent(bundle).appendingPathComponent("entry.json"),
                encoding: .utf8
            ).split(separator: "\"").drop { $0 != "uuid" }.dropFirst(2).first)
        let run = try store.succeed(["import", out.appendingPathComponent(bundle).path])
        #expect(
            run.stdout == "\(out.appendingPathComponent(bundle).path): skipped (in the trash: \(uuid), #1; "
                + "'diary restore 1' brings it back)\n", "\(run)")
    }

    @Test func deleteOnATerminalListsWhatGoesAndDeletesOnlyAfterYes() throws {
        let store = try storeWithTwoEntries()
        let before = try store.snapshot()
        let declined = try runDiaryInTerminal(
            ["delete", "1"], store: store.url, environment: ["NO_COLOR": "1"], typing: "n\n")
        #expect(declined.status == 0, "\(declined)")
        #expect(declined.stdout.contains("Move to the trash:"))
        #expect(declined.stdout.contains("#1  14:03  Beach day sunset  [1 photo, 1 recording]  #sea"))
        #expect(declined.stdout.contains("1 entry, 1 photo, 1 recording."))
        #expect(declined.stdout.contains("Delete 1 entry? [y/N]"))
        #expect(declined.stdout.contains("Nothing deleted."))
        #expect(try store.snapshot() == before, "a declined delete changes nothing")

        let accepted = try runDiaryInTerminal(
            ["delete", "1"], store: store.url, environment: ["NO_COLOR": "1"], typing: "y\n")
        #expect(accepted.status == 0, "\(accepted)")
        #expect(accepted.stdout.contains("Deleted entry #1"))
        #expect(try store.listedIDs([]) == [2])
    }

    @Test func deleteWithoutATerminalAndWithoutYesRefusesWithExit64AndChangesNothing() throws {
        let store = try storeWithTwoEntries()
        let before = try store.snapshot()
        let refused = try store.run(["delete", "1"])
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.stderr.contains("stdin is not a terminal"))
        #expect(refused.stderr.contains("--yes"))
        #expect(try store.snapshot() == before)
    }

    @Test func aTrashedEntryAppearsInNoListingSearchCalendarTagCountOrExport() throws {
        let store = try storeWithTwoEntries()
        try store.succeed(["delete", "1", "--yes"])
        #expect(try store.listedIDs([]) == [2])
        #expect(try store.listedIDs(["--month", "2026-11"]) == [2])
        #expect(try store.succeed(["search", "sunset"]).stdout == "No entries contain 'sunset'.\n")
        let calendar = try #require(try store.json(["calendar", "2026-11"]) as? [String: Any])
        #expect((calendar["days"] as? [String: Int]) == ["2026-11-30": 1])
        let tags = try #require(try store.json(["tags"]) as? [[String: Any]])
        #expect(tags.compactMap { $0["name"] as? String } == ["work"])
        #expect(try store.run(["show", "1"]).status == 66)
        let export = try store.run(["export", "1", "--output", store.scratch.appendingPathComponent("one").path])
        #expect(export.status == 66 && export.stderr.contains("in the trash"), "\(export)")
        let whole = store.scratch.appendingPathComponent("all")
        try store.succeed(["export", "--format", "json", "--output", whole.path])
        let exported = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: whole.appendingPathComponent("entries.json"))) as? [[String: Any]])
        #expect(exported.compactMap { $0["text"] as? String } == ["Office"])
        #expect(try store.run(["edit", "1", "--append", "more"]).status == 66)
    }

    @Test func trashListsDeletedEntriesAndRestoreBringsThemBackWithIdenticalMedia() throws {
        let store = try storeWithTwoEntries()
        let original = try #require(try store.json(["show", "1"]) as? [String: Any])
        #expect(try store.succeed(["trash"]).stdout == "The trash is empty.\n")
        try store.succeed(["delete", "1", "--yes"])
        let listing = try store.succeed(["trash"]).stdout
        #expect(listing.contains("#1  14:03  Beach day sunset  [1 photo, 1 recording]  #sea"))
        #expect(listing.contains("'diary restore ID' brings one back"))
        let trashed = try #require(try store.json(["trash"]) as? [[String: Any]])
        #expect(trashed.compactMap { $0["id"] as? Int } == [1])
        #expect(trashed.first?["trashedTime"] is String && trashed.first?["purgeTime"] is String)

        #expect(try store.succeed(["restore", "1"]).stdout == "Restored entry #1 (Sunday, 29 November 2026 14:03)\n")
        let restored = try #require(try store.json(["show", "1"]) as? [String: Any])
        for key in ["uuid", "creationTime", "updateTime", "text", "tags", "starred"] {
            #expect(
                "\(restored[key] ?? "nil")" == "\(original[key] ?? "nil")",
                "\(key) changed on the way through the trash")
        }
        let hashes = { (entry: [String: Any]) in
            (entry["media"] as? [[String: Any]])?.compactMap { $0["sha256"] as? String }
        }
        #expect(hashes(restored) == hashes(original))
        #expect(try store.succeed(["check"]).stdout.hasSuffix("OK\n"))
        #expect(try store.listedIDs([]) == [2, 1])
        let again = try store.run(["restore", "1"])
        #expect(again.status == 66 && again.stderr.contains("not in the trash"), "\(again)")
    }

    @Test func emptyingTheTrashRemovesItsBlobFilesButKeepsThoseAnotherEntryUses() throws {
        let store = try storeWithTwoEntries()
        try store.succeed(["new", "--text", "Same photo again", "--image", Fixture.path("jpeg-baseline.jpg")])
        #expect(try store.blobFiles().count == 2)
        try store.succeed(["delete", "1", "--yes"])
        let report = try store.succeed(["check"]).stdout
        #expect(report.contains("Trash: 1 entry waiting"))
        try store.succeed(["check", "--repair"])
        #expect(try store.blobFiles().count == 2, "repair never takes the media of a trashed entry")
        try store.succeed(["trash", "--empty", "--yes"])
        #expect(try store.blobFiles().count == 1, "the recording goes, the photo entry #3 also uses stays")
        #expect(try store.sqlite("SELECT COUNT(*) FROM DiaryEntry") == "2")
        #expect(try store.succeed(["trash"]).stdout == "The trash is empty.\n")
    }

    @Test func emptyingTheTrashWithoutATerminalNeedsYes() throws {
        let store = try storeWithTwoEntries()
        try store.succeed(["delete", "2", "--yes"])
        let before = try store.snapshot()
        #expect(try store.run(["trash", "--empty"]).status == 64)
        #expect(try store.snapshot() == before)
        #expect(try store.run(["trash", "--yes"]).status == 64, "--yes alone empties nothing")
    }
}

/// Entries whose time in the trash is over go when due, and the command that removes them says
/// so: the trash never lists a removal date already past, and a delete names what it purged.
@Suite struct TrashPurgeTests {
    /// An ISO 8601 moment `days` days from now, for `DIARY_NOW`.
    private static func later(days: Double) -> String {
        ISO8601DateFormatter().string(from: Date().addingTimeInterval(days * 86_400))
    }

    @Test func theTrashListingRemovesWhatIsDueAndSaysSo() throws {
        let store = try TestStore()
        try store.create(["--text", "Old news"])
        try store.create(["--text", "Keep me"])
        try store.succeed(["delete", "1", "--yes"])
        let soon = try store.succeed(["trash"], environment: ["DIARY_NOW": Self.later(days: 29)])
        #expect(soon.stdout.contains("#1"), "\(soon)")
        #expect(!soon.stderr.contains("removed for good"), "\(soon)")
        let due = try store.succeed(["trash"], environment: ["DIARY_NOW": Self.later(days: 31)])
        #expect(
            due.stderr.contains("diary: note: removed for good 1 entry whose 30 days in the trash were over (#1)"),
            "\(due)")
        #expect(due.stdout.contains("The trash is empty."), "\(due)")
        #expect(try store.run(["restore", "1"]).status == 66)
        #expect(try store.listedIDs([]) == [2])
    }

    @Test func aDeleteNamesWhatWasDueBeforeItsOwnEntries() throws {
        let store = try TestStore()
        try store.create(["--text", "Old news"])
        try store.create(["--text", "Fresh mistake"])
        try store.succeed(["delete", "1", "--yes"])
        let run = try store.succeed(["delete", "2", "--yes"], environment: ["DIARY_NOW": Self.later(days: 40)])
        #expect(run.stderr.contains("removed for good 1 entry whose 30 days in the trash were over (#1)"), "\(run)")
        #expect(run.stdout.contains("Deleted entry #2"), "\(run)")
        let trash = try store.json(["trash", "--json"]) as? [[String: Any]]
        #expect(trash?.count == 1)
    }

    /// A store with #1 in the trash since now, #2 in the diary and #3 in the trash since 20 days
    /// from now; and a bundle of another diary's entry to import.
    private static func storeWithTrash() throws -> (store: TestStore, bundle: URL) {
        let store = try TestStore()
        try store.create(["--text", "Old news"])
        try store.create(["--text", "Keep me"])
        try store.create(["--text", "Recent mistake"])
        try store.succeed(["delete", "1", "--yes"])
        try store.succeed(["delete", "3", "--yes"], environment: ["DIARY_NOW": later(days: 20)])
        let other = try TestStore()
        try other.create(["--text", "From elsewhere"])
        let out = store.scratch.appendingPathComponent("out")
        try other.succeed(["export", "1", "--output", out.path])
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
        return (store, out.appendingPathComponent(name))
    }

    @Test(arguments: [
        ["new", "--text", "Fresh"], ["edit", "2", "--append", "more"], ["restore", "3"],
        ["import", "BUNDLE"], ["config", "set", "list.limit", "5"], ["Quick words @later"]
    ])
    func everyWritingCommandRemovesWhatIsDueAndSaysSo(arguments: [String]) throws {
        let (store, bundle) = try Self.storeWithTrash()
        let run = try store.succeed(
            arguments.map { $0 == "BUNDLE" ? bundle.path : $0 },
            environment: ["DIARY_NOW": Self.later(days: 31)])
        #expect(
            run.stderr.contains("diary: note: removed for good 1 entry whose 30 days in the trash were over (#1)"),
            "\(arguments): \(run)")
        #expect(try store.run(["restore", "1"]).status == 66)
        // Only what was due: #3's 30 days are not over.
        let trash =
            try store.json(["trash", "--json"], environment: ["DIARY_NOW": Self.later(days: 31)]) as? [[String: Any]]
        #expect(trash?.compactMap { $0["id"] as? Int } == (arguments.first == "restore" ? [] : [3]), "\(arguments)")
    }

    @Test func aFailingWritingCommandRemovesNothingAndLeavesTheStoreAsItWas() throws {
        let (store, _) = try Self.storeWithTrash()
        let snapshot = try store.snapshot()
        for arguments in [["edit", "99", "--append", "x"], ["new", "--image", "/nonexistent.jpg"], ["restore", "2"]] {
            let run = try store.run(arguments, environment: ["DIARY_NOW": Self.later(days: 31)])
            #expect(run.status != 0, "\(arguments): \(run)")
            #expect(!run.stderr.contains("removed for good"), "\(arguments): \(run)")
        }
        #expect(try store.snapshot() == snapshot)
    }

    @Test func aReadingCommandRemovesNothing() throws {
        let (store, _) = try Self.storeWithTrash()
        let run = try store.succeed(["list"], environment: ["DIARY_NOW": Self.later(days: 31)])
        #expect(!run.stderr.contains("removed for good"), "\(run)")
        #expect(try store.sqlite("SELECT count(*) FROM DiaryEntry WHERE trashedTime IS NOT NULL") == "2")
    }
}
