import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// Key memory stays out of swap and core dumps: the page cipher's derived keys (in the VFS's
/// registry and in every open encrypted database), the data key, and every other secret the
/// framework holds, each in pages of its own that are locked and marked not to be dumped; the
/// registry's copy is zeroed when its key is removed.
@Suite(.enabled(if: MemoryMapping.canLockMemory, "this process may not lock memory (RLIMIT_MEMLOCK)"))
struct KeyMemoryTests {
    /// Whether `memory` lies in a mapping that is locked and left out of core dumps.
    static func isProtected(_ memory: UnsafeRawPointer) -> Bool {
        guard let mapping = MemoryMapping.containing(memory) else { return false }
        return mapping.isLocked && mapping.isLeftOutOfDumps && mapping.lockedKilobytes > 0
    }

    @Test func theRegistrysCopyOfAKeyIsLockedOutOfDumpsAndZeroedWhenRemoved() throws {
        let key = try StoreEncryptionKey.random()
        var handle: StoreCipher.KeyHandle? = try StoreCipher.KeyHandle(key)
        let memory = try #require(handle?.registeredKeyMemory)
        let base = try #require(memory.baseAddress)
        #expect(memory.count >= 32)
        #expect(memory.contains { $0 != 0 }, "the derived keys are there")
        #expect(Self.isProtected(base))
        handle = nil
        #expect(memory.allSatisfy { $0 == 0 }, "removing the key zeroes its copy")
    }

    @Test func anOpenEncryptedDatabasesKeysAreLockedAndOutOfDumps() throws {
        let directory = try TemporaryDirectory(prefix: "keymemory")
        let key = try StoreEncryptionKey.random()
        let handle = try StoreCipher.KeyHandle(key)
        let connection = try SQLiteConnection(
            path: directory.appending("Test.sqlite").path,
            busyTimeoutMilliseconds: 1000, key: handle)
        _ = try connection.statement("PRAGMA schema_version").step()
        let memory = try #require(StoreCipher.fileKeyMemory(of: connection))
        let base = try #require(memory.baseAddress)
        #expect(memory.contains { $0 != 0 })
        #expect(Self.isProtected(base))
        let plain = try SQLiteConnection(path: directory.appending("Plain.sqlite").path, busyTimeoutMilliseconds: 1000)
        #expect(StoreCipher.fileKeyMemory(of: plain) == nil)
    }

    @Test func theDataKeyAndSecretBytesHavePagesOfTheirOwnLockedAndOutOfDumps() throws {
        let key = try StoreEncryptionKey.random()
        let other = try StoreEncryptionKey.random()
        let first = try #require(key.withUnsafeBytes { $0.baseAddress })
        let second = try #require(other.withUnsafeBytes { $0.baseAddress })
        #expect(Self.isProtected(first) && Self.isProtected(second))
        // Pages of their own: unlocking one never unlocks the other.
        #expect(UInt(bitPattern: first) >> 12 != UInt(bitPattern: second) >> 12)
        let secret = SecretBytes(count: 100)
        #expect(secret.isGuarded && Self.isProtected(secret.pointer))
        let cipher = BlobCipher(dataKey: key)
        #expect(Self.isProtected(cipher.nameKey.pointer) && Self.isProtected(cipher.fileKeyKey.pointer))
    }
}
