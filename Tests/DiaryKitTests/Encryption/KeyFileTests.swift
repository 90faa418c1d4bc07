import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

/// `Diary.key`: the data key sealed under an Argon2id-derived key, at the cheap test cost.
@Suite struct KeyFileTests {
    static func passphrase(_ text: String) -> Passphrase { Passphrase(bytes: Array(text.utf8)) }

    @Test func aSealedKeyOpensWithItsPassphraseOnly() throws {
        let folder = try TemporaryDirectory()
        let key = try Diary.writeNewKeyFile(
            into: folder.url, passphrase: Self.passphrase("correct horse"), cost: .testing)
        let unlocked = try Diary.unlock(directory: folder.url, passphrase: Self.passphrase("correct horse"))
        #expect(unlocked.dataKey == key.dataKey)
        #expect(unlocked.identifier == key.identifier)
        #expect(throws: DiaryError.encryption(.wrongPassphrase(folder.url.standardizedFileURL))) {
            try Diary.unlock(directory: folder.url, passphrase: Self.passphrase("correct horsf"))
        }
        #expect(Diary.isEncrypted(directory: folder.url))
    }

    @Test func theFileIsPrivateAndRecordsItsCost() throws {
        let folder = try TemporaryDirectory()
        let old = umask(0)
        defer { umask(old) }
        _ = try Diary.writeNewKeyFile(into: folder.url, passphrase: Self.passphrase("pw"), cost: .testing)
        let url = DiaryKeyFile.url(in: folder.url)
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect((attributes[.size] as? Int) == DiaryKeyFile.length)
        let file = try DiaryKeyFile.read(at: url)
        #expect(file.cost == .testing)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [DiaryKeyFile.fileName])
    }

    @Test func changingThePassphraseKeepsTheDataKeyAndChangesTheSalt() throws {
        let folder = try TemporaryDirectory()
        let key = try Diary.writeNewKeyFile(into: folder.url, passphrase: Self.passphrase("old"), cost: .testing)
        let before = try DiaryKeyFile.read(at: DiaryKeyFile.url(in: folder.url))
        try Diary.changePassphrase(directory: folder.url, unlockedWith: key, to: Self.passphrase("new"), cost: .testing)
        let after = try DiaryKeyFile.read(at: DiaryKeyFile.url(in: folder.url))
        #expect(after.salt != before.salt)
        #expect(after.keyIdentifier == before.keyIdentifier)
        #expect(try Diary.unlock(directory: folder.url, passphrase: Self.passphrase("new")).dataKey == key.dataKey)
        #expect(throws: DiaryError.self) { try Diary.unlock(directory: folder.url, passphrase: Self.passphrase("old")) }
    }

    @Test func aKeyOfAnotherStoreCannotChangeThePassphrase() throws {
        let folder = try TemporaryDirectory()
        let other = try TemporaryDirectory()
        _ = try Diary.writeNewKeyFile(into: folder.url, passphrase: Self.passphrase("a"), cost: .testing)
        let foreign = try Diary.writeNewKeyFile(into: other.url, passphrase: Self.passphrase("a"), cost: .testing)
        let bytes = try Data(contentsOf: DiaryKeyFile.url(in: folder.url))
        #expect(throws: DiaryError.encryption(.wrongPassphrase(folder.url.standardizedFileURL))) {
            try Diary.changePassphrase(
                directory: folder.url, unlockedWith: foreign, to: Self.passphrase("b"), cost: .testing)
        }
        #expect(try Data(contentsOf: DiaryKeyFile.url(in: folder.url)) == bytes)
    }

    @Test(arguments: [16, 24, 40, 60, 100])
    func aChangedHeaderOrSealIsAWrongPassphrase(offset: Int) throws {
        let folder = try TemporaryDirectory()
        _ = try Diary.writeNewKeyFile(into: folder.url, passphrase: Self.passphrase("pw"), cost: .testing)
        let url = DiaryKeyFile.url(in: folder.url)
        var bytes = try Data(contentsOf: url)
        // Offsets 16 and 24 change the cost (to one still acceptable), the rest salt, identifier, seal.
        bytes[offset] ^= offset == 16 ? 0x02 : 0x01
        try bytes.write(to: url)
        #expect(throws: DiaryError.encryption(.wrongPassphrase(folder.url.standardizedFileURL))) {
            try Diary.unlock(directory: folder.url, passphrase: Self.passphrase("pw"))
        }
    }

    static let costsBeyondTheBound: [(UInt64, UInt64)] = [
        (11, 8 << 10), (1024, 8 << 10), (1, (1 << 30) + 1), (1, 4 << 30),
        (0, 8 << 10)
    ]

    @Test(arguments: costsBeyondTheBound)
    func aCostBeyondTheBoundIsDamagedWithoutDerivingAnything(operations: UInt64, memoryBytes: UInt64) throws {
        let folder = try TemporaryDirectory()
        _ = try Diary.writeNewKeyFile(into: folder.url, passphrase: Self.passphrase("pw"), cost: .testing)
        let url = DiaryKeyFile.url(in: folder.url)
        var bytes = try Data(contentsOf: url)
        for index in 0..<8 {
            bytes[16 + index] = UInt8(truncatingIfNeeded: operations >> (8 * UInt64(index)))
            bytes[24 + index] = UInt8(truncatingIfNeeded: memoryBytes >> (8 * UInt64(index)))
        }
        try bytes.write(to: url)
        // Damaged, not a wrong passphrase: refused from the header, before any derivation (one at
        // 11 passes over 8 KiB would have run, and its seal then failed as a wrong passphrase).
        #expect {
            try Diary.unlock(directory: folder.url, passphrase: Self.passphrase("pw"))
        } throws: { error in
            guard case .encryption(.damagedKeyFile(_, let detail)) = error as? DiaryError else { return false }
            return detail.contains("Argon2id cost (\(operations) passes, \(memoryBytes) bytes)")
        }
    }

    @Test func aTruncatedOrForeignFileIsDamaged() throws {
        let folder = try TemporaryDirectory()
        _ = try Diary.writeNewKeyFile(into: folder.url, passphrase: Self.passphrase("pw"), cost: .testing)
        let url = DiaryKeyFile.url(in: folder.url)
        let bytes = try Data(contentsOf: url)
        for damaged in [bytes.prefix(100), Data("hello, world".utf8), bytes + Data([0])] {
            try damaged.write(to: url)
            #expect {
                try Diary.unlock(directory: folder.url, passphrase: Self.passphrase("pw"))
            } throws: { error in
                if case .encryption(.damagedKeyFile) = error as? DiaryError { return true }
                return false
            }
        }
    }

    @Test func aPlainStoreIsNotEncrypted() throws {
        let folder = try TemporaryDirectory()
        let diary = try Diary(directory: folder.url)
        #expect(!Diary.isEncrypted(directory: diary.directory))
        #expect(throws: DiaryError.encryption(.notEncrypted(diary.directory))) {
            try Diary.requireEncrypted(directory: diary.directory)
        }
    }

    @Test func anEncryptedStoreOpenedWithoutItsKeyIsLocked() throws {
        let folder = try TemporaryDirectory()
        _ = try Diary.writeNewKeyFile(into: folder.url, passphrase: Self.passphrase("pw"), cost: .testing)
        #expect(throws: DiaryError.encryption(.locked(folder.url.standardizedFileURL))) {
            try Diary(directory: folder.url)
        }
    }

    @Test func thePassphraseAndKeyAreNeverPrinted() throws {
        let folder = try TemporaryDirectory()
        let key = try Diary.writeNewKeyFile(into: folder.url, passphrase: Self.passphrase("secret"), cost: .testing)
        #expect(String(describing: key) == "DiaryKey(<hidden>)")
        #expect(String(describing: Self.passphrase("secret")) == "Passphrase(<hidden>)")
    }
}

/// The kernel keyring cache (skipped where this sandbox has no usable keyring).
@Suite struct KeyCacheTests {
    static var keyringWorks: Bool {
        if case .unavailable = KeyCache.find(UUID()) { return false }
        return true
    }

    @Test(.enabled(if: keyringWorks, "the kernel keyring is unavailable here"))
    func aKeptKeyIsFoundUntilItIsForgotten() throws {
        let folder = try TemporaryDirectory()
        let key = try Diary.writeNewKeyFile(
            into: folder.url, passphrase: Passphrase(bytes: Array("pw".utf8)), cost: .testing)
        guard case .notFound = try Diary.cachedKey(directory: folder.url) else {
            Issue.record("a new key is already cached")
            return
        }
        try Diary.keepUnlocked(key, seconds: 60)
        guard case .found(let found) = try Diary.cachedKey(directory: folder.url) else {
            Issue.record("the kept key was not found")
            return
        }
        #expect(found.dataKey == key.dataKey)
        #expect(try Diary.lock(directory: folder.url))
        guard case .notFound = try Diary.cachedKey(directory: folder.url) else {
            Issue.record("the key was still found after lock")
            return
        }
        #expect(try !Diary.lock(directory: folder.url))
    }

    @Test(.enabled(if: keyringWorks, "the kernel keyring is unavailable here"))
    func aKeptKeyTimesOut() async throws {
        let folder = try TemporaryDirectory()
        let key = try Diary.writeNewKeyFile(
            into: folder.url, passphrase: Passphrase(bytes: Array("pw".utf8)), cost: .testing)
        try Diary.keepUnlocked(key, seconds: 1)
        try await Task.sleep(for: .milliseconds(2200))
        guard case .notFound = try Diary.cachedKey(directory: folder.url) else {
            Issue.record("the key outlived its timeout")
            _ = try? Diary.lock(directory: folder.url)
            return
        }
    }
}
