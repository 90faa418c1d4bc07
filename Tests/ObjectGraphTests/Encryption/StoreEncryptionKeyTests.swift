import Testing

@testable import ObjectGraph

@Suite struct StoreEncryptionKeyTests {
    @Test func aKeyHasExactlyThirtyTwoBytes() throws {
        #expect(throws: StoreEncryptionError.invalidKeyLength(31)) {
            try StoreEncryptionKey(bytes: [UInt8](repeating: 1, count: 31))
        }
        let key = try StoreEncryptionKey(bytes: [UInt8](repeating: 7, count: 32))
        let bytes = key.withUnsafeBytes { Array($0) }
        #expect(bytes == [UInt8](repeating: 7, count: 32))
    }

    @Test func randomKeysDifferAndCompareByValue() throws {
        let first = try StoreEncryptionKey.random()
        let second = try StoreEncryptionKey.random()
        #expect(first != second)
        let copy = try StoreEncryptionKey(bytes: first.withUnsafeBytes { Array($0) })
        #expect(copy == first)
        #expect(copy.hashValue == first.hashValue)
    }

    @Test func aKeyIsNeverPrinted() throws {
        let key = try StoreEncryptionKey(bytes: [UInt8](repeating: 0xAB, count: 32))
        #expect(String(describing: key) == "StoreEncryptionKey(<hidden>)")
        #expect(!String(reflecting: key).lowercased().contains("ab, "))
        var options = PersistentStoreOptions()
        options.encryptionKey = key
        #expect(!String(describing: options).contains("171"))
    }
}
