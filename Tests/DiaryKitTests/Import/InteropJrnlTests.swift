import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite("Importing jrnl journals")
struct InteropJrnlTests {
    let zone = TimeZone(identifier: "Europe/Berlin") ?? testTimeZone

    @Test func jsonExportBringsTextTimesTagsAndStars() throws {
        let store = try TestDiary()
        let summary = try store.diary.importEntries(
            from: InteropFixture.url("jrnl/export.json"), format: .jrnl,
            timeZone: zone)
        #expect(summary == BulkImportSummary(imported: 3))
        let entries = try store.diary.allEntriesOldestFirst()
        #expect(
            entries.map(\.text) == [
                "Started the new project.\nMet @alice for the kickoff; lots to do at @work.",
                "Best day of my life!",
                "Late shift at @work.\nLine one of the body.\nLine two: ünïcödé and a wave 🌊."
            ])
        #expect(entries.map(\.tags) == [["alice", "work"], [], ["work"]])
        #expect(entries.map(\.starred) == [false, true, false])
        #expect(
            entries.map(\.creationTime)
                == ["2026-11-27 09:00", "2026-11-28 18:30", "2026-11-29 23:45"]
                .map { InteropFixture.time($0, in: zone) })
        #expect(entries.map(\.updateTime) == entries.map(\.creationTime))
    }

    @Test func aJournalLineStartsWithExactlyJrnlsTimestamp() {
        // The day through DiaryDay(iso:), the one day reader: ASCII digits, exactly 4-2-2.
        let time = WallClockTime(year: 2012, month: 3, day: 29, hour: 17, minute: 16)
        #expect(JrnlTextReader.header(of: "[2012-03-29 17:16] Title")?.time == time)
        #expect(JrnlTextReader.header(of: "2012-03-29 17:16 Title")?.time == time)
        #expect(JrnlTextReader.header(of: "[2012-03-29 05:16:00 PM] Title")?.time == time)
        for line in [
            "[+012-03-29 17:16] Title", "[2012-3-29 17:16] Title", "[ 2012-03-29 17:16] Title",
            "[2012-02-30 17:16] Title", "[0000-03-29 17:16] Title", "2012-03-29T17:16 Title"
        ] {
            #expect(JrnlTextReader.header(of: line)?.time == nil, "\(line)")
        }
    }

    @Test func plainTextJournalGivesTheSameEntriesAsTheJSONExport() throws {
        let fromJSON = try TestDiary()
        let fromText = try TestDiary()
        _ = try fromJSON.diary.importEntries(
            from: InteropFixture.url("jrnl/export.json"), format: .jrnl, timeZone: zone)
        let summary = try fromText.diary.importEntries(
            from: InteropFixture.url("jrnl/journal.txt"), format: .jrnl,
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
        #expect(
            error?.interopError
                == .malformed(
                    file: url, entry: 2, reason: "\"date\" is not a date in the form YYYY-MM-DD (found \"27.11.2026\")")
        )
        #expect(error?.category == .dataError)
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
        let all = try store.diary.importEntries(
            from: InteropFixture.url("jrnl/journal.txt"), format: .jrnl, timeZone: zone)
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
        #expect(error?.category == .missingInput)
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
        #expect(
            entries.map(\.text) == [
                "Called in sick.\nUsed the time to clean the house.",
                "Evening walk with @Bob\nCold but clear."
            ])
        #expect(entries.map(\.starred) == [false, true])
        #expect(entries.map(\.tags) == [[], ["bob"]])
        #expect(entries[1].creationTime == InteropFixture.time("2020-01-05 19:30", in: zone).addingTimeInterval(15))
    }

    @Test(arguments: [
        ("Hello @Work and @work-life, mail me at a@b.c", ["work", "work-life"]),
        ("@start of text, (@not) a tag", ["start"]),
        ("no tags here", []),
        // jrnl 4.6 finds #Anna, @bob, #1 and ## here (its tag symbols are #@).
        ("Lunch with #Anna and @bob, #1 fan; not a#tag, ## alone", ["anna", "bob", "1", "#"]),
        ("#Work and @work are one tag here", ["work"])
    ])
    func tagsAreHashAndAtWordsLowerCased(text: String, tags: [String]) {
        #expect(JrnlEntryText.tags(in: text) == tags)
    }

    // MARK: Agreeing with jrnl 4.6 (fixtures written by jrnl itself: make-jrnl46-fixtures.sh)

    /// What jrnl 4.6 makes of its own journal file, from its `--export json` of it: text as
    /// title and body, tags without their symbol, star and local time, in the file's order.
    private func jrnlsOwnReading() throws -> [(text: String, tags: Set<String>, starred: Bool, time: Date)] {
        let data = try Data(contentsOf: InteropFixture.url("jrnl/jrnl46-export.json"))
        let export = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(export["entries"] as? [[String: Any]])
        return try entries.map { entry in
            let title = try #require(entry["title"] as? String), body = try #require(entry["body"] as? String)
            let tags = try #require(entry["tags"] as? [String])
            let day = try #require(entry["date"] as? String), time = try #require(entry["time"] as? String)
            return (
                body.isEmpty ? title : title + "\n" + body, Set(tags.map { String($0.dropFirst()) }),
                try #require(entry["starred"] as? Bool), InteropFixture.time(day + " " + time, in: zone)
            )
        }
    }

    @Test func aJournalFileJrnlWroteImportsAsJrnlItselfReadsIt() throws {
        let store = try TestDiary()
        let summary = try store.diary.importEntries(
            from: InteropFixture.url("jrnl/jrnl46-journal.txt"), format: .jrnl,
            timeZone: zone)
        let expected = try jrnlsOwnReading()
        #expect(expected.count == 6)
        #expect(summary == BulkImportSummary(imported: 6), "the two identical entries are both kept")
        let entries = try store.diary.allEntriesOldestFirst()
        #expect(entries.map(\.text) == expected.map(\.text))
        #expect(entries.map { Set($0.tags) } == expected.map(\.tags))
        #expect(entries.map(\.starred) == expected.map(\.starred))
        #expect(entries.map(\.creationTime) == expected.map(\.time))
        #expect(
            entries.last?.text == "Met Mr. Smith at the station. He says hi to #Anna.", "the last line is not split")
    }

    @Test func identicalEntriesStayTwoEntriesAcrossRerunsAndBothFormats() throws {
        let store = try TestDiary()
        let journal = InteropFixture.url("jrnl/jrnl46-journal.txt")
        _ = try store.diary.importEntries(from: journal, format: .jrnl, timeZone: zone)
        let again = try store.diary.importEntries(from: journal, format: .jrnl, timeZone: zone, batchSize: 1)
        #expect(again == BulkImportSummary(alreadyPresent: 6))
        let export = try store.diary.importEntries(
            from: InteropFixture.url("jrnl/jrnl46-export.json"), format: .jrnl,
            timeZone: zone)
        #expect(export == BulkImportSummary(alreadyPresent: 6), "jrnl's JSON export of the file is the same six")
        #expect(try store.diary.entryCount() == 6)
        #expect(try store.diary.allEntriesOldestFirst().filter { $0.text == "Lunch at the canteen." }.count == 2)
    }

    @Test func aOneLineEntrySplitsAtItsFirstSentenceOnlyWhereJrnlSplitsIt() throws {
        let store = try TestDiary()
        // Checked with jrnl 4.6: an entry's text with a line break in it is never split at ". ";
        // only text without one (entries not parted by a blank line, or a last line without
        // its newline) has its first sentence taken as the title.
        let text = "[2026-11-27 09:00] One. Two.\n[2026-11-28 09:00] Three. Four.\n\n[2026-11-29 09:00] Five. Six."
        let url = try store.folder.file("journal.txt", Data(text.utf8))
        _ = try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone)
        #expect(try store.diary.allEntriesOldestFirst().map(\.text) == ["One.\nTwo.", "Three. Four.", "Five.\nSix."])
        let ended = try store.folder.file("ended.txt", Data("[2026-11-30 09:00] Seven. Eight.\n".utf8))
        _ = try store.diary.importEntries(from: ended, format: .jrnl, timeZone: zone)
        #expect(try store.diary.allEntriesOldestFirst().last?.text == "Seven. Eight.")
    }

    // MARK: Hostile journal files

    @Test func aLineLongerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let store = try TestDiary()
        var text = Data("[2026-11-27 09:00] Fine.\n\n[2026-11-28 09:00] Start\n".utf8)
        text.append(Data(repeating: UInt8(ascii: "a"), count: JrnlTextReader.maximumLineBytes + 1))
        let url = try store.folder.file("long.txt", text)
        let error = #expect(throws: DiaryError.self) {
            try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone)
        }
        #expect(error?.interopError == .malformed(file: url, entry: 2, reason: "line 4 is longer than 4 MiB"))
        #expect(error?.category == .dataError)
        #expect(try store.diary.entryCount() == 0)
    }

    @Test func anEntryLongerThanTheLimitIsRefused() throws {
        let store = try TestDiary()
        let line = String(repeating: "b", count: 1023) + "\n"
        var text = "[2026-11-27 09:00] Start\n"
        for _ in 0...(JrnlTextReader.maximumEntryBytes / line.utf8.count) { text += line }
        let url = try store.folder.file("big.txt", Data(text.utf8))
        let error = #expect(throws: DiaryError.self) {
            try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone)
        }
        #expect(error?.interopError == .malformed(file: url, entry: 1, reason: "the entry is longer than 16 MiB"))
    }

    @Test func aDeviceIsRefusedAtOnce() throws {
        let store = try TestDiary()
        let zero = URL(fileURLWithPath: "/dev/zero")
        let error = #expect(throws: DiaryError.self) {
            try store.diary.importEntries(from: zero, format: .jrnl, timeZone: zone)
        }
        #expect(error?.interopError == .notARegularFile(zero))
        #expect(error?.category == .missingInput)
    }

    @Test func invalidUTF8IsReportedByItsEntryNumber() throws {
        let store = try TestDiary()
        var text = Data("[2026-11-27 09:00] One.\n\n[2026-11-28 09:00] Two.\nbad: ".utf8)
        text.append(contentsOf: [0xC3, 0x28, 0x0A])
        let url = try store.folder.file("bad.txt", text)
        let error = #expect(throws: DiaryError.self) {
            try store.diary.importEntries(from: url, format: .jrnl, timeZone: zone)
        }
        #expect(error?.interopError == .malformed(file: url, entry: 2, reason: "line 4 is not UTF-8 text"))
        #expect(error?.description.hasPrefix(url.path + ": entry 2: line 4") == true)
        #expect(try store.diary.entryCount() == 0)
    }
}
