import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// A context that defers binary values leaves them in the SQLite store until one is read,
/// and never writes one it did not read.
@Suite struct DeferredBinaryValueTests {
    private let bytes = Data((0..<5_000).map { UInt8($0 % 251) })

    /// An entry with one photo of `bytes` (kept inline: below the external-storage threshold),
    /// saved and read back by a context that defers binary values.
    private func storedPhoto(type: PersistentStoreType) throws -> (TestStack, ManagedObject) {
        let stack = try TestStack(model: photoDiaryModel, type: type)
        let entry = try stack.context.insert(DiaryEntry.self)
        entry.text = "with a photo"
        let medium = try stack.context.insert(ImageMedium.self)
        medium.fileName = "a.jpg"
        medium.setValue(bytes, forKey: "data")
        medium.diaryEntry = entry
        try stack.context.save()
        try stack.reopen()
        stack.context.defersBinaryValues = true
        return (stack, try #require(try fetchAll("ImageMedium", in: stack.context).first))
    }

    private func isDeferred(_ object: ManagedObject, _ key: String) -> Bool {
        guard let index = object.entity.attributeIndex(key), index < object.values.count,
            case .deferred = object.values[index]
        else { return false }
        return true
    }

    @Test(arguments: allStoreTypes)
    func aDeferredValueIsReadWhenAskedFor(type: PersistentStoreType) throws {
        let (stack, medium) = try storedPhoto(type: type)
        defer { withExtendedLifetime(stack) {} }
        // Only the SQLite store can read a value later; the others hold it in memory anyway.
        #expect(isDeferred(medium, "data") == (type == .sqlite))
        #expect(medium["fileName", as: String.self] == "a.jpg")
        #expect(isDeferred(medium, "data") == (type == .sqlite))
        #expect(medium.binaryByteCount(forKey: "data") == Int64(bytes.count))
        #expect(medium["data", as: Data.self] == bytes)
        #expect(!isDeferred(medium, "data"))
        #expect(medium.committedValues(forKeys: ["data"])["data"] as? Data == bytes)
        #expect(!medium.hasChanges)
    }

    @Test(arguments: allStoreTypes)
    func savingAnotherChangeKeepsTheBytesItNeverRead(type: PersistentStoreType) throws {
        let (stack, medium) = try storedPhoto(type: type)
        (medium as? ImageMedium)?.fileName = "b.jpg"
        #expect(isDeferred(medium, "data") == (type == .sqlite))
        try stack.context.save()
        try stack.reopen()
        let reread = try #require(try fetchAll("ImageMedium", in: stack.context).first)
        #expect(reread["fileName", as: String.self] == "b.jpg")
        #expect(reread["data", as: Data.self] == bytes)
    }

    @Test func changingADeferredValueWritesTheNewOne() throws {
        let (stack, medium) = try storedPhoto(type: .sqlite)
        medium.setValue(Data([1, 2, 3]), forKey: "data")
        try stack.context.save()
        try stack.reopen()
        #expect(try fetchAll("ImageMedium", in: stack.context).first?["data", as: Data.self] == Data([1, 2, 3]))
    }

    @Test func prefetchedDestinationsDeferTheirValuesToo() throws {
        let (stack, _) = try storedPhoto(type: .sqlite)
        try stack.reopen()
        stack.context.defersBinaryValues = true
        let entries = try fetchAll("DiaryEntry", in: stack.context)
        try stack.context.prefetch("media", of: entries)
        let medium = try #require(entries.first?.objects(forKey: "media", as: ManagedObject.self).first)
        #expect(!medium.isFault)
        #expect(isDeferred(medium, "data"))
        #expect(medium["data", as: Data.self] == bytes)
    }

    @Test func aValueWhoseRowIsGoneReadsAsNil() throws {
        let (stack, medium) = try storedPhoto(type: .sqlite)
        let url = try #require(stack.storeURL)
        let other = PersistentStoreCoordinator(model: photoDiaryModel)
        try other.addPersistentStore(type: .sqlite, at: url)
        let context = ManagedObjectContext(coordinator: other)
        context.delete(try #require(try fetchAll("ImageMedium", in: context).first))
        try context.save()
        #expect(medium["data", as: Data.self] == nil)
    }

    @Test func aStoreRefusesToWriteAValueItNeverRead() throws {
        let directory = try TemporaryDirectory(prefix: "objectgraph-test")
        let connection = try SQLiteConnection(
            path: directory.url.appendingPathComponent("refuse.sqlite").path,
            busyTimeoutMilliseconds: 1_000)
        let statement = try connection.statement("SELECT ?")
        #expect(throws: SQLiteError.self) { try statement.bind(StoredValue.deferred, at: 1) }
    }
}
