import Foundation
import Testing

@testable import ObjectGraph

/// Albums own their pictures (cascade); keywords refuse to go while pictures carry them (deny).
let albumModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Album", attributes: [AttributeDescription("title", .string)],
        relationships: [
            RelationshipDescription(
                "pictures", destination: "Picture", inverse: "album", isToMany: true, deleteRule: .cascade)
        ]),
    EntityDescription(
        "Picture",
        attributes: [
            AttributeDescription("caption", .string),
            AttributeDescription("image", .binary, allowsExternalStorage: true)
        ],
        relationships: [
            RelationshipDescription("album", destination: "Album", inverse: "pictures"),
            RelationshipDescription("keywords", destination: "Keyword", inverse: "pictures", isToMany: true)
        ]),
    EntityDescription(
        "Keyword", attributes: [AttributeDescription("word", .string)],
        relationships: [
            RelationshipDescription(
                "pictures", destination: "Picture", inverse: "keywords", isToMany: true, deleteRule: .deny)
        ])
])

@Suite struct BatchDeleteTests {
    private let options = PersistentStoreOptions(externalStorageThreshold: 1024)

    /// An album "trip" with pictures a, b, c (each with a 4 KB image, in a blob file), all keyed "sea".
    private func stackWithAlbum(_ type: PersistentStoreType) throws -> TestStack {
        let stack = try TestStack(model: albumModel, type: type, options: options)
        let album = try stack.context.insertObject(entityName: "Album")
        album.setValue("trip", forKey: "title")
        let keyword = try stack.context.insertObject(entityName: "Keyword")
        keyword.setValue("sea", forKey: "word")
        for caption in ["a", "b", "c"] {
            let picture = try stack.context.insertObject(entityName: "Picture")
            picture.setValue(caption, forKey: "caption")
            picture.setValue(randomData(4096), forKey: "image")
            picture.setValue(album, forKey: "album")
            picture.add(keyword, to: "keywords")
        }
        try stack.context.save()
        return stack
    }

    private func captions(_ objects: Set<ManagedObject>) -> [String] {
        objects.compactMap { $0["caption", as: String.self] }.sorted()
    }

    @Test(arguments: allStoreTypes)
    func deletesTheMatchedRowsAndTellsTheContexts(type: PersistentStoreType) throws {
        let stack = try stackWithAlbum(type)
        let album = try #require(try fetchAll("Album", in: stack.context).first)
        let keyword = try #require(try fetchAll("Keyword", in: stack.context).first)
        let pictures = try fetchAll("Picture", in: stack.context, sortedBy: "caption")
        #expect(captions(album.objects(forKey: "pictures")) == ["a", "b", "c"])
        let other = stack.newContext()
        other.automaticallyMergesChangesFromParent = true
        let theirs = try fetchAll("Picture", in: other)
        #expect(theirs.count == 3)
        var changed: [ManagedObject] = []
        let token = stack.context.addObserver { event in
            if case .objectsDidChange(let changes) = event { changed += changes.deleted }
        }
        defer { stack.context.removeObserver(token) }

        var request = BatchDeleteRequest(
            entityName: "Picture", predicate: try FetchPredicate(format: "caption != %@", "b"))
        request.resultType = .objectIDs
        let result = try stack.context.execute(request)
        #expect(result.count == 2)
        #expect(Set(result.objectIDs ?? []) == Set([pictures[0].objectID, pictures[2].objectID]))
        // This context let go of them, and its other objects no longer point at them.
        #expect(pictures[0].managedObjectContext == nil && pictures[2].managedObjectContext == nil)
        #expect(Set(changed) == [pictures[0], pictures[2]])
        #expect(captions(album.objects(forKey: "pictures")) == ["b"])
        #expect(captions(keyword.objects(forKey: "pictures")) == ["b"])
        #expect(!stack.context.hasChanges)
        // A context that merges automatically is told too.
        other.mergePendingChanges()
        #expect(theirs.filter { $0.managedObjectContext != nil }.count == 1)
        // The store: the rows, their links and their blob files are gone.
        try stack.reopen()
        #expect(try fetchAll("Picture", in: stack.context).compactMap { $0["caption", as: String.self] } == ["b"])
        let storedKeyword = try #require(try fetchAll("Keyword", in: stack.context).first)
        #expect(captions(storedKeyword.objects(forKey: "pictures")) == ["b"])
        if type != .inMemory { #expect(blobHashes(in: stack.blobDirectory).count == 1) }
    }

    /// A context that does not merge on its own learns of a batch delete and a batch update
    /// through `mergeChanges(fromRemoteContextSave:into:)` with summaries made from the results.
    @Test(arguments: allStoreTypes)
    func batchResultsReachContextsThatDoNotMergeOnTheirOwn(type: PersistentStoreType) throws {
        let stack = try stackWithAlbum(type)
        let other = stack.newContext()
        let theirs = try fetchAll("Picture", in: other, sortedBy: "caption")
        #expect(theirs.count == 3)
        var told: [ManagedObject] = []
        let token = other.addObserver { event in
            if case .objectsDidChange(let changes) = event { told += changes.deleted + changes.updated }
        }
        defer { other.removeObserver(token) }

        var delete = BatchDeleteRequest(entityName: "Picture", predicate: .equals("caption", .string("a")))
        delete.resultType = .objectIDs
        let deleted = try stack.context.execute(delete)
        var update = BatchUpdateRequest(
            entityName: "Picture", predicate: .equals("caption", .string("b")),
            propertiesToUpdate: ["caption": .string("B")])
        update.resultType = .objectIDs
        let updated = try stack.context.execute(update)
        // Nothing reached `other` yet: it still holds the old picture and the old caption.
        #expect(theirs[0].managedObjectContext === other)
        #expect(theirs[1]["caption", as: String.self] == "b")

        ManagedObjectContext.mergeChanges(fromRemoteContextSave: SaveSummary(deleted), into: [other])
        ManagedObjectContext.mergeChanges(fromRemoteContextSave: SaveSummary(updated), into: [other])
        #expect(theirs[0].managedObjectContext == nil)
        #expect(theirs[1]["caption", as: String.self] == "B")
        #expect(Set(told) == [theirs[0], theirs[1]])
        #expect(SaveSummary(inserted: [], updated: updated.objectIDs ?? [], deleted: []) == SaveSummary(updated))
    }

    @Test func runsInSQLWithoutLoadingTheObjects() throws {
        let stack = try stackWithAlbum(.sqlite)
        let (_, statements) = try stack.coordinator.recordingStatements {
            try stack.context.execute(
                BatchDeleteRequest(entityName: "Picture", predicate: .equals("caption", .string("a"))))
        }
        // One DELETE (no cascade from pictures), reading back the blob hashes it released; then
        // the blob's remaining references counted; then this context's other pictures re-read in one query.
        #expect(
            statements == [
                "BEGIN IMMEDIATE",
                #"DELETE FROM "Picture" AS t0 WHERE "t0"."caption" = ? RETURNING "Z_PK", "Z_ENT", "image_sha256""#,
                "COMMIT",
                "BEGIN IMMEDIATE",
                #"SELECT count(*) FROM "Picture" WHERE "image_sha256" = ?"#,
                "COMMIT",
                #"SELECT t0."Z_PK", t0."Z_OPT", t0."caption", t0."image", t0."image_sha256", t0."image_size", t0."album" "#
                    + #"FROM "Picture" AS t0 WHERE t0."Z_PK" IN (SELECT value FROM json_each(?))"#
            ])
    }

    @Test(arguments: allStoreTypes)
    func aCountOnlyRequestStillTellsThisContext(type: PersistentStoreType) throws {
        let stack = try stackWithAlbum(type)
        let keyword = try #require(try fetchAll("Keyword", in: stack.context).first)
        for picture in keyword.objects(forKey: "pictures") { keyword.remove(picture, from: "pictures") }
        try stack.context.save()
        let pictures = try fetchAll("Picture", in: stack.context, sortedBy: "caption")
        let result = try stack.context.execute(
            BatchDeleteRequest(entityName: "Picture", predicate: .equals("caption", .string("a"))))
        #expect(result.count == 1 && result.objectIDs == nil)
        #expect(pictures.map { $0.managedObjectContext == nil } == [true, false, false])
        #expect(try stack.context.count(for: FetchRequest(entityName: "Picture")) == 2)
    }

    @Test(arguments: allStoreTypes)
    func cascadesToTheDestinationsAndRemovesTheirBlobFiles(type: PersistentStoreType) throws {
        let stack = try stackWithAlbum(type)
        if type != .inMemory { #expect(blobHashes(in: stack.blobDirectory).count == 3) }
        // The keyword's deny rule would refuse the pictures' deletion: only the album's cascade is asked for.
        let keyword = try #require(try fetchAll("Keyword", in: stack.context).first)
        for picture in keyword.objects(forKey: "pictures") { keyword.remove(picture, from: "pictures") }
        try stack.context.save()
        var request = BatchDeleteRequest(entityName: "Album")
        request.resultType = .objectIDs
        let result = try stack.context.execute(request)
        #expect(result.count == 4)
        #expect(Set(result.objectIDs?.map(\.entityName) ?? []) == ["Album", "Picture"])
        try stack.reopen()
        #expect(try stack.context.count(for: FetchRequest(entityName: "Picture")) == 0)
        #expect(try stack.context.count(for: FetchRequest(entityName: "Keyword")) == 1)
        if type != .inMemory { #expect(blobHashes(in: stack.blobDirectory).isEmpty) }
    }

    @Test(arguments: allStoreTypes)
    func aDenyRuleRefusesTheWholeRequest(type: PersistentStoreType) throws {
        let stack = try stackWithAlbum(type)
        #expect {
            try stack.context.execute(BatchDeleteRequest(entityName: "Keyword"))
        } throws: { error in
            guard case ObjectGraphError.validationFailed(let problems) = error else { return false }
            return problems.map(\.key) == ["pictures"]
        }
        try stack.reopen()
        #expect(try stack.context.count(for: FetchRequest(entityName: "Keyword")) == 1)
        #expect(try stack.context.count(for: FetchRequest(entityName: "Picture")) == 3)
    }
}
