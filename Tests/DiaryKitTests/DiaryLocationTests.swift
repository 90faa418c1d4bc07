import Foundation
import Testing
@testable import DiaryKit

@Suite struct DiaryLocationTests {
    @Test func diaryHomeWinsThenXDGThenHome() throws {
        #expect(try Diary.defaultLocation(environment: ["DIARY_HOME": "/srv/diary", "XDG_DATA_HOME": "/x", "HOME": "/h"]).path
                == "/srv/diary")
        #expect(try Diary.defaultLocation(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/h"]).path == "/x/data/diary")
        #expect(try Diary.defaultLocation(environment: ["HOME": "/home/ann"]).path == "/home/ann/.local/share/diary")
        #expect(try Diary.defaultLocation(environment: ["DIARY_HOME": "", "XDG_DATA_HOME": "rel", "HOME": "/h"]).path
                == "/h/.local/share/diary")
    }

    @Test func unusableSettingsAreUsageErrors() throws {
        let relative = try #require(throws: DiaryError.self) {
            try Diary.defaultLocation(environment: ["DIARY_HOME": "diary"])
        }
        #expect(relative.exitCode == 64)
        #expect(relative.description.contains("DIARY_HOME"))
        #expect(throws: DiaryError.self) { try Diary.defaultLocation(environment: [:]) }
    }

    @Test func openingCreatesTheLayoutAndRefusesAFile() throws {
        let folder = try TemporaryFolder()
        let diary = try Diary(directory: folder.url.appendingPathComponent("new/diary"))
        #expect(diary.databaseURL.lastPathComponent == "Diary.sqlite")
        #expect(diary.blobDirectory.lastPathComponent == "Diary.blobs")
        #expect(FileManager.default.fileExists(atPath: diary.databaseURL.path))
        let file = try folder.file("plain", Data("x".utf8))
        let error = try #require(throws: DiaryError.self) { try Diary(directory: file) }
        #expect(error.exitCode == 64)
    }
}
