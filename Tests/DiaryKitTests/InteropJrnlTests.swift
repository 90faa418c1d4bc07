import Foundation
import Testing
@testable import DiaryKit

@Suite("Importing jrnl journals")
struct InteropJrnlTests {
    let zone = TimeZone(identifier: "Europe/Berlin") ?? testTimeZone

    @Test func jsonExportBringsTextTimesTagsAndStars() throws {
        let store = try TestDiary()
        let summary = try store.diary.importEntries(from: InteropFixture.url("jrnl/export.json"), format: .jrnl,
                                                    timeZone: zone)
        #expect(summary == BulkImportSummary(imported: 3))
        let entries = try store.diary.allEntriesOldestFirst()
        #expect(entries.map(\.text) == [
            "Started the new project.\nMet @alice for the kickoff; lots to do at @work.",
            "Best day of my life!",
            "Late shift at @work.\nLine one of the body.\nLine two: ünïcödé and a wave 🌊.",
        ])
        #expect(entries.map(\.tags) == [["alice", "work"], [], ["work"]])
        #expect(entries.map(\.starred) == [false, true, false])
        #expect(entries.map(\.creationTime) == ["2026-11-27 09:00", "2026-11-28 18:30", "2026-11-29 23:45"]
            .map { InteropFixture.time($0, in: zone) })
        #expect(entries.map(\.updateTime) == entries.map(\.creationTime))
    }

    @Test func plainTextJournalGivesTheSameEntriesAsTheJSONExport() throws {
        let fromJSON = try TestDiary()
        let fromText = try TestDiary()
        _ = try fromJSON.diary.importEntries(from: InteropFixture.url("jrnl/export.json"), format: .jrnl, timeZone: zone)
        let summary = try fromText.diary.importEntries(from: InteropFixture.url("jrnl/journal.txt"), format: .jrnl,
                                                       timeZone: zone)
        #expect(summary.imported == 3)
        let json = try fromJSON.diary.allEntriesOldestFirst()
        let text = try fromText.diary.allEntriesOldestFirst()
        #expect(text.map(\.uuid) == json.map(\.uuid))
        #expect(text.map(\.text) == json.map(\.text))
        #expect(text.map(\.tags) == json.map(\.tags))
        #expect(text.map(\.starred) == json.map(\.starred))
        #expect(text.map(\.creationTime) == json.map(\.creationTime))
    }

    @Test func importingTheSameFileAgainSkipsEveryEntry() throws {
        let store = try TestDiary()
        let url = InteropFixture.url("jrnl/export.json")
        _ = try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone)
        let again = try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone)
        #expect(again == BulkImportSummary(alreadyPresent: 3))
        #expect(try store.diary.entryCount() == 3)
    }

    @Test func malformedEntryNamesFileEntryAndProblemAndLeavesItsBatchOut() throws {
        let store = try TestDiary()
        let url = InteropFixture.url("jrnl/broken.json")
        let error = #expect(throws: DiaryError.self) {
            try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone)
        }
        #expect(error?.interopError == .malformed(
            file: url, entry: 2, reason: "\"date\" is not a date in the form YYYY-MM-DD (found \"27.11.2026\")"))
        #expect(error?.exitCode == 65)
        #expect(error?.description.hasPrefix(url.path + ": entry 2: \"date\"") == true)
        #expect(try store.diary.entryCount() == 0)
    }

    @Test func batchesSavedBeforeAFailureStayAndARerunSkipsThem() throws {
        let store = try TestDiary()
        let url = InteropFixture.url("jrnl/broken.json")
        #expect(throws: DiaryError.self) {
            try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone, batchSize: 1)
        }
        #expect(try store.diary.allEntriesOldestFirst().map(\.text) == ["A good entry."])
        #expect(throws: DiaryError.self) {
            try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone, batchSize: 1)
        }
        #expect(try store.diary.entryCount() == 1)
    }

    @Test(arguments: [0, 1, 2])
    func aBatchWithSomeEntriesAlreadyStoredImportsOnlyTheOthers(storedFirst: Int) throws {
        let store = try TestDiary()
        let journal = try String(contentsOf: InteropFixture.url("jrnl/journal.txt"), encoding: .utf8)
        let parts = journal.components(separatedBy: "\n\n")
        try #require(parts.count == 3)
        // One entry is imported on its own first: the first of the later batch, or one inside it.
        let single = try store.folder.file("one.txt", Data(parts[storedFirst].utf8))
        #expect(try store.diary.importEntries(from: single, format: .jrnl, timeZone: zone).imported == 1)
        let all = try store.diary.importEntries(from: InteropFixture.url("jrnl/journal.txt"), format: .jrnl, timeZone: zone)
        #expect(all == BulkImportSummary(imported: 2, alreadyPresent: 1))
        #expect(try store.diary.entryCount() == 3)
    }

    @Test func progressIsReportedAfterEveryBatchUpToTheWholeFile() throws {
        let store = try TestDiary()
        let url = InteropFixture.url("jrnl/export.json")
        var reports: [InteropProgress] = []
        _ = try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone, batchSize: 2) { reports.append($0) }
        #expect(reports.map(\.entriesDone) == [2, 3])
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(reports.last?.total == Int64(size))
        #expect(reports.last?.done ?? 0 >= Int64(size) - 8)
    }

    @Test func tagsJoinExistingTagsWhateverTheirCase() throws {
        let store = try TestDiary()
        try store.add("Before", at: Date(timeIntervalSince1970: 0), tags: ["Work"])
        _ = try store.diary.importEntries(from: InteropFixture.url("jrnl/export.json"), format: .jrnl, timeZone: zone)
        #expect(Set(try store.diary.tags().map(\.name)) == ["alice", "Work"])
        #expect(try store.diary.allEntriesOldestFirst().last?.tags == ["Work"])
    }

    @Test func missingFileIsMissingInput() throws {
        let store = try TestDiary()
        let url = store.folder.url.appendingPathComponent("nope.json")
        let error = #expect(throws: DiaryError.self) {
            try store.diary.importEntries(from: url, format: .jrnl)
        }
        #expect(error?.interopError == .fileNotFound(url))
        #expect(error?.exitCode == 66)
    }

    @Test func textBeforeTheFirstTimestampIsRejected() throws {
        let store = try TestDiary()
        let url = try store.folder.file("journal.txt", Data("Dear diary\n[2026-11-27 09:00] Hello.\n".utf8))
        let error = #expect(throws: DiaryError.self) {
            try store.diary.importEntries(from: url, format: .jrnl)
        }
        #expect(error?.interopError?.description.contains("timestamp") == true)
    }

    @Test func journalTextReadsLegacyAndSecondsTimestampsAndSplitsOneLineEntries() throws {
        let store = try TestDiary()
        let text = """
        2012-03-29 09:00 Called in sick. Used the time to clean the house.
        [2020-01-05 07:30:15 PM] Evening walk with @Bob *
        Cold but clear.
        """
        let url = try store.folder.file("journal.txt", Data(text.utf8))
        _ = try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone)
        let entries = try store.diary.allEntriesOldestFirst()
        #expect(entries.map(\.text) == ["Called in sick.\nUsed the time to clean the house.",
                                        "Evening walk with @Bob\nCold but clear."])
        #expect(entries.map(\.starred) == [false, true])
        #expect(entries.map(\.tags) == [[], ["bob"]])
        #expect(entries[1].creationTime == InteropFixture.time("2020-01-05 19:30", in: zone).addingTimeInterval(15))
    }

    @Test(arguments: [
        ("Hello @Work and @work-life, mail me at a@b.c", ["work", "work-life"]),
        ("@start of text, (@not) a tag", ["start"]),
        ("no tags here", []),
    ])
    func tagsAreAtWordsLowerCased(text: String, tags: [String]) {
        #expect(JrnlEntryText.tags(in: text) == tags)
    }
}
