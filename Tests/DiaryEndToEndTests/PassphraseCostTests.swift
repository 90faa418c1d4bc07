import DiaryKit
import Foundation
import TestSupport
import Testing

/// `diary passphrase` seals the data key again at the Argon2id cost the key file records, not
/// at the standard one: a diary made cheaper (a slow machine) or dearer stays so.
@Suite struct PassphraseCostTests {
    /// The Argon2id passes and memory `Diary.key` records (bytes 16..<24 and 24..<32, little-endian).
    static func recordedCost(_ store: TestStore) throws -> (operations: UInt64, memoryBytes: UInt64) {
        let bytes = try Data(contentsOf: store.url.appendingPathComponent("Diary.key"))
        func integer(at offset: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
        }
        return (integer(at: 16), integer(at: 24))
    }

    @Test func changingThePassphraseKeepsTheKeyFilesCost() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "kept at its cost"])
        let cost = PassphraseCost(operations: 2, memoryBytes: 32 << 20)
        _ = try Diary.encrypt(directory: store.url, passphrase: Passphrase(bytes: Array("old pass".utf8)), cost: cost)
        #expect(try Self.recordedCost(store) == (2, 32 << 20))
        try store.succeed(
            ["passphrase"],
            environment: EncryptedStoreCommandTests.passphrase("old pass")
                .merging(["DIARY_NEW_PASSPHRASE_COMMAND": "echo new pass"]) { $1 })
        #expect(try Self.recordedCost(store) == (2, 32 << 20))
        #expect(
            try store.succeed(["list"], environment: EncryptedStoreCommandTests.passphrase("new pass"))
                .stdout.contains("kept at its cost"))
    }
}
