import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// An album whose pictures go with it; both keep a UUID (and the album its title) in the
/// history when deleted, as a sync mirror needs to name what went.
private let tombstoneModel = makeModel([
    EntityDescription(
        "Album",
        attributes: [
            AttributeDescription("uuid", .uuid, preservesValueInHistoryOnDeletion: true),
            AttributeDescription("title", .string, preservesValueInHistoryOnDeletion: true),
            AttributeDescription("stars", .integer32, defaultValue: Int32(0), preservesValueInHistoryOnDeletion: true),
            AttributeDescription("notes", .string)
        ],
        relationships: [
            RelationshipDescription(
                "pictures", destination: "Picture", inverse: "album", isToMany: true, deleteRule: .cascade)
        ]),
    EntityDescription(
        "Picture",
        attributes: [
            AttributeDescription("uuid", .uuid, preservesValueInHistoryOnDeletion: true),
            AttributeDescription("taken", .date, preservesValueInHistoryOnDeletion: true)
        ], relationships: [RelationshipDescription("album", destination: "Album", inverse: "pictures")]),
    EntityDescription("Label", attributes: [AttributeDescription("name", .string)])
])

private var recording: PersistentStoreOptions {
    var options = PersistentStoreOptions()
    options.recordsPersistentHistory = true
    return options
}

@Suite("Persistent history tombstones, filters and expired tokens")
struct PersistentHistoryTombstoneTests {
    /// An album "Summer" with two pictures, and a label, saved.
    private func album(
        in context: ManagedObjectContext
    ) throws -> (album: ManagedObject, pictures: [ManagedObject], ids: [UUID]) {
        let ids = [UUID(), UUID(), UUID()]
        let album = try context.insertObject(entityName: "Album")
        album["uuid"] = ids[0]
        album["title"] = "Summer"
        album["stars"] = Int32(4)
        album["notes"] = "not kept"
        var pictures: [ManagedObject] = []
        for (index, id) in ids.dropFirst().enumerated() {
            let picture = try context.insertObject(entityName: "Picture")
            picture["uuid"] = id
            picture["taken"] = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
            picture["album"] = album
            pictures.append(picture)
        }
        let label = try context.insertObject(entityName: "Label")
        label["name"] = "travel"
        try context.save()
        return (album, pictures, ids)
    }

    @Test("a deleted object's change keeps the values its entity marks, cascaded deletes too", arguments: allStoreTypes)
    func deleteKeepsTombstone(type: PersistentStoreType) throws {
        let stack = try TestStack(model: tombstoneModel, type: type, options: recording)
        let (album, _, ids) = try album(in: stack.context)
        let before = try stack.context.currentHistoryToken()
        // Deleted while a fault in a fresh context: the values come from the store's row.
        let other = stack.newContext()
        try other.delete(other.existingObject(with: album.objectID))
        try other.save()
        let history = try stack.newContext().fetchHistory(after: before)
        try #require(history.count == 1)
        let deletes = history[0].changes.filter { $0.kind == .delete }
        #expect(deletes.count == 3)
        let albumChange = try #require(deletes.first { $0.objectID.entityName == "Album" })
        let tombstone = try #require(albumChange.tombstone)
        #expect(tombstone.keys == ["stars", "title", "uuid"])
        #expect(tombstone["uuid"] as? UUID == ids[0])
        #expect(tombstone["title"] as? String == "Summer")
        #expect(tombstone["stars"] as? Int64 == 4)
        #expect(tombstone["notes"] == nil)
        let pictureIDs = Set(
            deletes.filter { $0.objectID.entityName == "Picture" }.compactMap { $0.tombstone?["uuid"] as? UUID })
        #expect(pictureIDs == Set(ids.dropFirst()))
        #expect(deletes.compactMap { $0.tombstone?["taken"] as? Date }.count == 2)
        // Inserts and updates carry none.
        #expect(try stack.context.fetchHistory(after: nil)[0].changes.allSatisfy { $0.tombstone == nil })
    }

    @Test("a batch delete keeps the same tombstones as a save", arguments: allStoreTypes)
    func batchDeleteKeepsTombstone(type: PersistentStoreType) throws {
        let stack = try TestStack(model: tombstoneModel, type: type, options: recording)
        let (_, _, ids) = try album(in: stack.context)
        let before = try stack.context.currentHistoryToken()
        _ = try stack.context.execute(BatchDeleteRequest(entityName: "Album"))
        _ = try stack.context.execute(BatchDeleteRequest(entityName: "Label"))
        let history = try stack.newContext().fetchHistory(after: before)
        try #require(history.count == 2)
        let kept = history[0].changes.compactMap { $0.tombstone?["uuid"] as? UUID }
        #expect(Set(kept) == Set(ids))
        #expect(
            history[0].changes.first { $0.objectID.entityName == "Album" }?.tombstone?["title"] as? String == "Summer")
        // An entity that keeps nothing has no tombstone.
        #expect(history[1].changes.count == 1 && history[1].changes[0].tombstone == nil)
    }

    @Test("history recorded before tombstones existed still reads, and new deletes get them")
    func historyBeforeTombstones() throws {
        let stack = try TestStack(model: tombstoneModel, type: .sqlite, options: recording)
        let (album, _, _) = try album(in: stack.context)
        let url = try #require(stack.storeURL)
        // The change table as this version's predecessor made it: no tombstone column.
        _ = try sqliteRows("ALTER TABLE \"Z_HISTORY_CHANGE\" DROP COLUMN \"tombstones\"", at: url)
        // Read as it is by a store that does not record (and so leaves the table alone)…
        let reader = PersistentStoreCoordinator(model: tombstoneModel)
        try reader.addPersistentStore(type: .sqlite, at: url, options: PersistentStoreOptions())
        #expect(try ManagedObjectContext(coordinator: reader).fetchHistory(after: nil).count == 1)
        // …and brought up to date by one that records.
        try stack.reopen()
        #expect(try stack.context.fetchHistory(after: nil).count == 1)
        let context = stack.context
        try context.delete(context.existingObject(with: album.objectID))
        try context.save()
        let last = try #require(try context.fetchHistory(after: nil).last)
        #expect(last.changes.contains { $0.tombstone?["title"] as? String == "Summer" })
    }

    @Test("history fetches keep only the authors and entities asked for", arguments: allStoreTypes)
    func filters(type: PersistentStoreType) throws {
        let stack = try TestStack(model: tombstoneModel, type: type, options: recording)
        stack.context.transactionAuthor = "device"
        let (album, pictures, _) = try album(in: stack.context)
        stack.context.transactionAuthor = "sync"
        album["notes"] = "merged"
        try stack.context.save()
        stack.context.transactionAuthor = nil
        pictures[0]["taken"] = Date(timeIntervalSince1970: 0)
        try stack.context.save()

        let mine = try stack.context.fetchHistory(
            after: nil, matching: PersistentHistoryFilter(excludedAuthors: ["sync"]))
        #expect(mine.map(\.author) == ["device", nil])
        let synced = try stack.context.fetchHistory(after: nil, matching: PersistentHistoryFilter(authors: ["sync"]))
        #expect(synced.map(\.author) == ["sync"])
        let albums = try stack.context.fetchHistory(
            after: nil, matching: PersistentHistoryFilter(entityNames: ["Album"]))
        // The third save changed only a picture: left out; the first keeps only its album.
        #expect(albums.count == 2)
        #expect(albums[0].changes.map(\.objectID) == [album.objectID])
        #expect(try stack.context.fetchHistory(after: nil, matching: PersistentHistoryFilter()).count == 3)
    }

    @Test(
        "a token whose successors were pruned is expired; the last one kept and the current one are not",
        arguments: allStoreTypes)
    func expiredToken(type: PersistentStoreType) throws {
        let stack = try TestStack(model: tombstoneModel, type: type, options: recording)
        for name in ["a", "b", "c", "d"] {
            let label = try stack.context.insertObject(entityName: "Label")
            label["name"] = name
            try stack.context.save()
        }
        let all = try stack.context.fetchHistory(after: nil)
        try #require(all.count == 4)
        try stack.context.deleteHistory(through: all[1].token)
        #expect(throws: PersistentHistoryError.expiredToken(token: all[0].token)) {
            try stack.context.fetchHistory(after: all[0].token)
        }
        // Right before what is kept: nothing missing.
        #expect(try stack.context.fetchHistory(after: all[1].token) == Array(all[2...]))
        try stack.context.deleteHistory(through: all[3].token)
        #expect(throws: PersistentHistoryError.expiredToken(token: all[2].token)) {
            try stack.context.fetchHistory(after: all[2].token)
        }
        #expect(try stack.context.fetchHistory(after: all[3].token).isEmpty)
    }

    @Test("a binary attribute cannot be kept in a tombstone")
    func binaryRefused() {
        #expect(throws: ModelError.self) {
            try ManagedObjectModel(entities: [
                EntityDescription(
                    "Thing",
                    attributes: [
                        AttributeDescription("data", .binary, preservesValueInHistoryOnDeletion: true)
                    ])
            ])
        }
    }
}
