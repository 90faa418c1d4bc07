import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// A write-ahead log SQLite's recovery would silently cut short (a flipped bit in a committed
/// frame, its checksum, its salt or the log's header) refuses the store, changing nothing, and
/// can be set aside so the store opens as of its last whole commit; a transaction a crash cut
/// short is not damage. On plain and encrypted stores.
@Suite struct DamagedLogTests {
    /// Where the bit is flipped.
    enum Flip: String, CaseIterable, CustomTestStringConvertible {
        case lastCommitPage, lastCommitChecksum, lastCommitSalt, firstFramePage, logHeader
        var testDescription: String { rawValue }
    }

    /// A store at `Test.sqlite` whose log (kept when its writer closed) holds three commits of
    /// ten entries each: `entry 0` to `entry 29`.
    private func makeStore(in directory: TemporaryDirectory, key: StoreEncryptionKey?) throws -> URL {
        let url = directory.appending("Test.sqlite")
        do {
            let coordinator = PersistentStoreCoordinator(model: queryModel)
            try coordinator.addPersistentStore(type: .sqlite, at: url, options: options(key))
            let store = try #require(try coordinator.store() as? SQLiteStore)
            try store.withConnection { try $0.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
            let context = ManagedObjectContext(coordinator: coordinator)
            for commit in 0..<3 {
                for index in 0..<10 { try insertEntry(context, title: "entry \(commit * 10 + index)") }
                try context.save()
            }
        }
        return url
    }

    private func options(_ key: StoreEncryptionKey?) -> PersistentStoreOptions {
        key.map(encryptedOptions) ?? PersistentStoreOptions()
    }

    /// The log's frames: each one's offset and whether it commits.
    private func frames(ofLogAt log: URL) throws -> [(offset: Int, commits: Bool)] {
        let bytes = [UInt8](try Data(contentsOf: log))
        func word(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        let frameSize = word(8) + 24
        return stride(from: 32, through: bytes.count - frameSize, by: frameSize).map { ($0, word($0 + 4) != 0) }
    }

    private func flip(_ flip: Flip, in log: URL) throws {
        let frames = try frames(ofLogAt: log)
        let lastCommit = try #require(frames.last { $0.commits }).offset
        let offset =
            switch flip {
            case .lastCommitPage: lastCommit + 24 + 100
            case .lastCommitChecksum: lastCommit + 17
            case .lastCommitSalt: lastCommit + 9
            case .firstFramePage: 32 + 24 + 300
            case .logHeader: 18
            }
        try flipBit(at: offset, bit: 2, in: log)
    }

    private func fileBytes(_ url: URL) -> [String: Data?] {
        Dictionary(
            uniqueKeysWithValues: ["", "-wal", "-shm"].map { ($0, FileManager.default.contents(atPath: url.path + $0)) }
        )
    }

    @Test(arguments: Flip.allCases, [false, true])
    func aFlippedBitRefusesTheStoreAndChangesNothing(_ flip: Flip, encrypted: Bool) throws {
        let directory = try TemporaryDirectory()
        let key = encrypted ? try testKey() : nil
        let url = try makeStore(in: directory, key: key)
        let log = URL(fileURLWithPath: url.path + "-wal")
        #expect(try PersistentStoreCoordinator.hasDamagedLog(databaseAt: url, key: key) == false)
        try self.flip(flip, in: log)
        let before = fileBytes(url)
        #expect(try PersistentStoreCoordinator.hasDamagedLog(databaseAt: url, key: key))
        for _ in 0..<2 {
            #expect {
                try PersistentStoreCoordinator(model: queryModel).addPersistentStore(
                    type: .sqlite, at: url, options: options(key))
            } throws: { error in
                guard case StoreError.damagedLog(let path, _, _) = error else { return false }
                return path == url.path
            }
        }
        #expect(fileBytes(url) == before)
    }

    @Test(arguments: [false, true])
    func aLogSetAsideKeepsTheDamagedFileAndOpensAsOfTheLastWholeCommit(encrypted: Bool) throws {
        let directory = try TemporaryDirectory()
        let key = encrypted ? try testKey() : nil
        let url = try makeStore(in: directory, key: key)
        let log = URL(fileURLWithPath: url.path + "-wal")
        try flip(.lastCommitPage, in: log)
        let damaged = try Data(contentsOf: log)
        let kept = try #require(try PersistentStoreCoordinator.setAsideDamagedLog(ofDatabaseAt: url, key: key))
        #expect(try Data(contentsOf: kept.keptAt) == damaged)
        #expect(kept.keptAt.lastPathComponent.hasPrefix("Test.sqlite-wal.damaged-"))
        #expect(try PersistentStoreCoordinator.setAsideDamagedLog(ofDatabaseAt: url, key: key) == nil)
        // The third commit is lost (it is in the kept file); the first two are there.
        #expect(try allTitles(at: url, options: options(key)).count == 20)

        // Damage before later commits: they go with it, and are counted.
        let second = try TemporaryDirectory()
        let other = try makeStore(in: second, key: key)
        try flip(.firstFramePage, in: URL(fileURLWithPath: other.path + "-wal"))
        let early = try #require(try PersistentStoreCoordinator.setAsideDamagedLog(ofDatabaseAt: other, key: key))
        #expect(early.frame == 1)
        #expect(early.laterCommits >= 2)
        #expect(try allTitles(at: other, options: options(key)).count < 30)
    }

    /// A writer killed between a commit frame's header and its page leaves a frame that fails
    /// its checksum after everything the shared-memory index holds: that commit never
    /// happened, and the store opens as of the one before.
    @Test(arguments: [false, true])
    func aCommitItsWriterNeverFinishedIsNotDamage(encrypted: Bool) throws {
        let directory = try TemporaryDirectory()
        let key = encrypted ? try testKey() : nil
        let url = directory.appending("Test.sqlite")
        let shm = URL(fileURLWithPath: url.path + "-shm"), log = URL(fileURLWithPath: url.path + "-wal")
        var indexBeforeLastCommit = Data()
        // The commit counter of an encrypted store is written once a commit has returned: a
        // writer that died inside its commit left it as it was before.
        var counterBeforeLastCommit: Data?
        do {
            let coordinator = PersistentStoreCoordinator(model: queryModel)
            try coordinator.addPersistentStore(type: .sqlite, at: url, options: options(key))
            let context = ManagedObjectContext(coordinator: coordinator)
            for commit in 0..<2 {
                for index in 0..<10 { try insertEntry(context, title: "entry \(commit * 10 + index)") }
                try context.save()
                if commit == 0 {
                    indexBeforeLastCommit = try Data(contentsOf: shm)
                    counterBeforeLastCommit = FileManager.default.contents(atPath: url.path + "-counter")
                }
            }
        }
        try flip(.lastCommitPage, in: log)
        // With the index the last writer left (it knew of the last commit), that is damage.
        #expect(try PersistentStoreCoordinator.hasDamagedLog(databaseAt: url, key: key))
        // With the index as it was before the last commit was made, it is a commit cut short.
        try indexBeforeLastCommit.write(to: shm)
        if let counterBeforeLastCommit {
            try counterBeforeLastCommit.write(to: URL(fileURLWithPath: url.path + "-counter"))
        }
        #expect(try PersistentStoreCoordinator.hasDamagedLog(databaseAt: url, key: key) == false)
        #expect(try allTitles(at: url, options: options(key)).count == 10)
    }

    /// A log another connection of this process has open is live, not recovered: never judged
    /// (reading its shared-memory file beside SQLite would also drop SQLite's locks on it).
    @Test func aLogThisProcessHasOpenIsNotJudged() throws {
        let directory = try TemporaryDirectory()
        let url = try makeStore(in: directory, key: nil)
        let coordinator = PersistentStoreCoordinator(model: queryModel)
        try coordinator.addPersistentStore(type: .sqlite, at: url)
        try flip(.lastCommitPage, in: URL(fileURLWithPath: url.path + "-wal"))
        #expect(try PersistentStoreCoordinator.hasDamagedLog(databaseAt: url, key: nil) == false)
    }
}
