import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// A file a killed process left in the staging folder is known as a leftover at once (named
/// after its process), not only after an hour; one of a running process is not.
@Suite struct StagingLeftoverTests {
    @Test func aDeadStagersFileIsStaleAtOnceALiveOnesIsNot() throws {
        let scratch = try TemporaryDirectory(prefix: "staging-leftovers")
        let store = try BlobStore(directory: scratch.appending("Diary.blobs"))
        let mine = try store.stage(data: Data("a photo being imported".utf8))
        #expect(mine.temporaryURL.lastPathComponent.hasPrefix("\(getpid())-"))
        // A process id no process has now.
        var dead: pid_t = 999_999
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let leftover = store.stagingDirectory.appendingPathComponent("\(dead)-\(UUID().uuidString).tmp")
        let older = store.stagingDirectory.appendingPathComponent("\(UUID().uuidString).tmp")
        try Data("killed".utf8).write(to: leftover)
        try Data("older version".utf8).write(to: older)
        let stale = try store.staleTemporaryFiles()
        #expect(stale == [".staging/\(leftover.lastPathComponent)"])
        // The sweep removes it, and leaves the live one and the recent unnamed one.
        _ = try store.sweep(keeping: [], temporaryFilesOlderThan: 3600)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        #expect(FileManager.default.fileExists(atPath: mine.temporaryURL.path))
        #expect(FileManager.default.fileExists(atPath: older.path))
    }
}
