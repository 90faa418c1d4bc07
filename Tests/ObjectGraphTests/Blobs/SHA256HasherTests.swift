import Foundation
import Testing

@testable import ObjectGraph

@Suite struct SHA256HasherTests {
    @Test func knownDigests() {
        #expect(SHA256Hasher.hex(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256Hasher.hex(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        )
    }

    @Test func incrementalEqualsOneShot() {
        let hasher = SHA256Hasher()
        hasher.update(Data("a".utf8)); hasher.update(Data("bc".utf8))
        #expect(hasher.finalizeHex() == SHA256Hasher.hex(of: Data("abc".utf8)))
    }
}
