import Foundation
import TestSupport
import Testing

@testable import DiaryKit

/// A passphrase's bytes live in memory of their own, locked against swapping and left out of
/// core dumps, like the keys derived from it.
@Suite(.enabled(if: MemoryMapping.canLockMemory, "this process may not lock memory (RLIMIT_MEMLOCK)"))
struct PassphraseMemoryTests {
    @Test func aPassphrasesBytesAreLockedAndLeftOutOfDumps() throws {
        let passphrase = Passphrase(bytes: Array("correct horse battery staple".utf8))
        let other = Passphrase(bytes: Array("another one".utf8))
        let first = try #require(passphrase.withUnsafeBytes { $0.baseAddress })
        let second = try #require(other.withUnsafeBytes { $0.baseAddress })
        for address in [first, second] {
            let mapping = try #require(MemoryMapping.containing(address))
            #expect(mapping.isLocked && mapping.isLeftOutOfDumps, "\(mapping.flags.sorted())")
        }
        // Pages of their own: freeing one never unlocks the other.
        #expect(UInt(bitPattern: first) >> 12 != UInt(bitPattern: second) >> 12)
        #expect(passphrase.withUnsafeBytes { Array($0) } == Array("correct horse battery staple".utf8))
        #expect(passphrase.matches(Passphrase(bytes: Array("correct horse battery staple".utf8))))
        #expect(!passphrase.matches(other))
        #expect(Passphrase(bytes: []).isEmpty)
    }
}
