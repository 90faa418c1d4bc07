import Foundation
import TestSupport
import Testing

/// A flipped bit in the write-ahead log a diary keeps between commands: every command refuses
/// the diary (65) and leaves it byte for byte as it was, `check` says what is wrong, and
/// `check --repair` keeps the log aside, untouched, and opens the diary as of its last whole
/// commit. Before, `list` silently showed fewer entries and the next write destroyed them.
@Suite struct DamagedLogCommandTests {
    /// Flips one bit in the page of the log's last commit frame.
    private func flipLastCommit(of store: TestStore) throws {
        let log = store.url.appendingPathComponent("Diary.sqlite-wal")
        var bytes = [UInt8](try Data(contentsOf: log))
        func word(_ at: Int) -> Int {
            Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        let frameSize = word(8) + 24
        let lastCommit = try #require(
            Array(stride(from: 32, through: bytes.count - frameSize, by: frameSize)).last { word($0 + 4) != 0 })
        bytes[lastCommit + 24 + 200] ^= 0x10
        try Data(bytes).write(to: log)
    }

    @Test(arguments: [false, true])
    func aDamagedLogIsRefusedByEveryCommandAndRepairedByCheck(encrypted: Bool) throws {
        let store = try TestStore()
        let passphrase = encrypted ? ["DIARY_PASSPHRASE_COMMAND": "printf '%s\\n' 'log pass'"] : [:]
        try store.succeed(["new", "--text", "the first entry"])
        if encrypted {
            try store.succeed(
                ["encrypt"],
                environment: passphrase.merging(["DIARY_NEW_PASSPHRASE_COMMAND": "printf '%s\\n' 'log pass'"]) { $1 })
        }
        for word in ["second", "third"] {
            try store.succeed(["new", "--text", "the \(word) entry"], environment: passphrase)
        }
        try flipLastCommit(of: store)
        let before = try store.snapshot()
        for arguments in [["list"], ["new", "--text", "a fourth"], ["search", "entry"], ["check"]] {
            let run = try store.run(arguments, environment: passphrase)
            #expect(run.status == 65, "\(arguments): \(run)")
            #expect(run.stderr.contains("write-ahead log Diary.sqlite-wal is damaged"), "\(run.stderr)")
            #expect(run.stderr.contains("diary check --repair"))
            #expect(try store.snapshot() == before, "\(arguments) changed the store")
        }
        let damaged = try Data(contentsOf: store.url.appendingPathComponent("Diary.sqlite-wal"))
        let repair = try store.run(["check", "--repair"], environment: passphrase)
        #expect(repair.status == 0, "\(repair)")
        #expect(repair.stderr.contains("kept the damaged write-ahead log aside as Diary.sqlite-wal.damaged-"))
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: store.url.path)
                .first { $0.hasPrefix("Diary.sqlite-wal.damaged-") })
        #expect(try Data(contentsOf: store.url.appendingPathComponent(kept)) == damaged)
        #expect(repair.stdout.contains("Damaged logs kept aside: 1"))
        // The third entry's commit is the one lost; the first two are there, and writing works.
        let texts = try #require(try store.json(["list"], environment: passphrase) as? [[String: Any]]).compactMap {
            $0["text"] as? String
        }
        #expect(texts.sorted() == ["the first entry", "the second entry"])
        try store.succeed(["new", "--text", "written after the repair"], environment: passphrase)
    }
}
