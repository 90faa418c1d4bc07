import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct ConcurrencyTests {
    /// Several diaries creating one new store at once: one creates it, the others open it.
    @Test func openingAFreshFolderAtOnceCreatesOneStore() async throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let directory = folder.url.appendingPathComponent("fresh")
        let identifiers = try await withThrowingTaskGroup(of: UUID?.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let diary = try Diary(directory: directory)
                    let editor = try diary.newEntry()
                    editor.text = "hello"
                    try editor.save()
                    return diary.coordinator.persistentStores.first?.identifier
                }
            }
            var all: [UUID?] = []
            for try await identifier in group { all.append(identifier) }
            return all
        }
        #expect(Set(identifiers).count == 1)
        #expect(try Diary(directory: directory).entryCount() == 4)
    }

    /// Two diaries (like two processes) edit the text of one entry: the second to save is
    /// told the entry changed meanwhile (exit status 75, try again), and nothing it had is saved.
    @Test func editingAnEntryAnotherProcessChangedMeanwhileFailsCleanly() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let directory = folder.url.appendingPathComponent("store")
        let (one, two) = (try Diary(directory: directory), try Diary(directory: directory))
        let created = try one.newEntry()
        created.text = "original"
        let id = try created.save().id
        let first = try one.editEntry(id: id)
        let second = try two.editEntry(id: id)
        first.text = "first"
        second.text = "second"
        try first.save()
        #expect {
            try second.save()
        } throws: { error in
            guard let error = error as? DiaryError, case .changedElsewhere = error else { return false }
            return error.category == .busy && error.description.contains("try again")
        }
        #expect(try one.entry(id: id).text == "first")
    }

    /// Two sessions in two diaries both create tag "Trip"; the second to save adopts the
    /// first one's tag instead of failing on its uniqueness.
    @Test func sessionsCreatingTheSameTagShareIt() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let directory = folder.url.appendingPathComponent("store")
        let (one, two) = (try Diary(directory: directory), try Diary(directory: directory))
        let first = try one.newEntry()
        let second = try two.newEntry()
        first.text = "first"
        second.text = "second"
        try first.addTag("Trip")
        try second.addTags(["trip", "other"])
        try first.save()
        let saved = try second.save()
        #expect(saved.tags == ["other", "Trip"])
        #expect(try one.tags() == [TagCount(name: "other", count: 1), TagCount(name: "Trip", count: 2)])
    }

    /// Two diaries on one folder, each with its own coordinator and SQLite connection (as two
    /// processes have), write at once; neither fails and no entry is lost.
    @Test func twoDiariesWritingAtOnceBothSucceed() async throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let directory = folder.url.appendingPathComponent("store")
        _ = try Diary(directory: directory)
        let perWriter = 15
        let ids = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for writer in 0..<2 {
                group.addTask {
                    let diary = try Diary(directory: directory)
                    var ids: [Int64] = []
                    for number in 0..<perWriter {
                        let editor = try diary.newEntry()
                        editor.text = "writer \(writer) entry \(number)"
                        // Both writers create the same new tags: one of them must adopt the other's.
                        try editor.addTags(["shared", "Writer-\(number % 3)"])
                        if number == 0 { try editor.addMedia([Fixture.url("png-rgb-8.png")]) }
                        ids.append(try editor.save().id)
                    }
                    return ids
                }
            }
            var all: [Int64] = []
            for try await ids in group { all += ids }
            return all
        }
        #expect(Set(ids).count == 2 * perWriter)
        let diary = try Diary(directory: directory)
        #expect(try diary.entryCount() == 2 * perWriter)
        #expect(try diary.tags().first { $0.name == "shared" }?.count == 2 * perWriter)
        #expect(try diary.tags().count == 4)
        #expect(try diary.check().isHealthy)
    }
}
