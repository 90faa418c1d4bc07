import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct DiaryOpeningTests {
    @Test func diaryHomeWinsThenXDGThenHome() throws {
        #expect(
            try Diary.defaultLocation(environment: ["DIARY_HOME": "/srv/diary", "XDG_DATA_HOME": "/x", "HOME": "/h"])
                .path
                == "/srv/diary")
        #expect(
            try Diary.defaultLocation(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).path == "/x/data/diary")
        #expect(try Diary.defaultLocation(environment: ["HOME": "/home/ann"]).path == "/home/ann/.local/share/diary")
        #expect(
            try Diary.defaultLocation(environment: ["DIARY_HOME": "", "XDG_DATA_HOME": "rel", "HOME": "/h"]).path
                == "/h/.local/share/diary")
    }

    @Test func unusableSettingsAreUsageErrors() throws {
        let relative = try #require(throws: DiaryError.self) {
            try Diary.defaultLocation(environment: ["DIARY_HOME": "diary"])
        }
        #expect(relative.category == .usage)
        #expect(relative.description.contains("DIARY_HOME"))
        #expect(throws: DiaryError.self) { try Diary.defaultLocation(environment: [:]) }
    }

    @Test func openingCreatesTheLayoutAndRefusesAFile() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let diary = try Diary(directory: folder.url.appendingPathComponent("new/diary"))
        #expect(diary.databaseURL.lastPathComponent == "Diary.sqlite")
        #expect(diary.blobDirectory.lastPathComponent == "Diary.blobs")
        #expect(FileManager.default.fileExists(atPath: diary.databaseURL.path))
        let file = try folder.file("plain", Data("x".utf8))
        let error = try #require(throws: DiaryError.self) { try Diary(directory: file) }
        #expect(error.category == .usage)
    }

    @Test func aStoreOfAnotherVersionIsRefusedUntouched() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let directory = folder.url.appendingPathComponent("store")
        do {
            let diary = try Diary(directory: directory)
            let editor = try diary.newEntry()
            editor.text = "written by a newer diary"
            try editor.save()
        }
        try sqlite(
            directory.appendingPathComponent("Diary.sqlite"),
            "UPDATE Z_METADATA SET value = 'f00d' WHERE key = 'modelVersionHash'")
        let before = try FolderFingerprint(of: directory)
        let error = try #require(throws: DiaryError.self) { try Diary(directory: directory) }
        guard case .incompatibleStore(let url, _) = error else {
            Issue.record("expected incompatibleStore, got \(error)")
            return
        }
        #expect(url.lastPathComponent == "Diary.sqlite")
        #expect(error.category == .dataError)
        #expect(try FolderFingerprint(of: directory) == before)
    }

    @Test func aDamagedDatabaseIsADataError() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let directory = try folder.folder("store")
        try Data(repeating: 0x41, count: 4096).write(to: directory.appendingPathComponent("Diary.sqlite"))
        let error = try #require(throws: DiaryError.self) { try Diary(directory: directory) }
        guard case .corruptStore = error else {
            Issue.record("expected corruptStore, got \(error)")
            return
        }
        #expect(error.category == .dataError)
    }

    @Test func storeErrorsMapToTheirExitCodes() {
        let url = URL(fileURLWithPath: "/d/Diary.sqlite")
        let busy = StoreFailure.busy(path: url.path, waitedMilliseconds: 5_000)
        #expect(DiaryError(busy, store: url) == .storeBusy(url))
        #expect(DiaryError(busy, store: url).category == .busy)
        let full = StoreFailure.io(path: url.path, reason: "database or disk is full")
        #expect(DiaryError(full, store: url).category == .ioError)
        #expect(
            DiaryError(BlobStoreError.writeFailed(path: "/d/x", reason: "No space"), store: url).category == .ioError)
        #expect(DiaryError.invalidMedia(url, reason: "x").category == .dataError)
        #expect(DiaryError.bundle(.bundleNotFound(url)).category == .missingInput)
    }

    /// Runs one SQL statement on a closed database with the sqlite3 shell.
    private func sqlite(_ database: URL, _ sql: String) throws {
        let run = try runSQLiteShell(database, sql)
        #expect(run.status == 0, "\(run)")
    }
}
