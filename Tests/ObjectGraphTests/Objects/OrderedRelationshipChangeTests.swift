import Foundation
import Testing

@testable import ObjectGraph

// Positional changes of an ordered to-many relationship as the rest of the graph sees them:
// undone and redone, saved from a child context into its parent and on into the store, and
// carried through a lightweight migration that renames the relationship.

/// `Playlist.<songs>` (ordered, inverse to-one `Song.playlist`); `renamed` names it `tracks`,
/// with `songs` as its renaming identifier.
private func playlistModel(renamed: Bool = false) -> ManagedObjectModel {
    let name = renamed ? "tracks" : "songs"
    return makeModel([
        EntityDescription(
            "Playlist", attributes: [AttributeDescription("name", .string)],
            relationships: [
                RelationshipDescription(
                    name, destination: "Song", inverse: "playlist", isToMany: true,
                    renamingIdentifier: renamed ? "songs" : nil, isOrdered: true)
            ]),
        EntityDescription(
            "Song", attributes: [AttributeDescription("title", .string)],
            relationships: [
                RelationshipDescription("playlist", destination: "Playlist", inverse: name)
            ])
    ])
}

private func titles(of playlist: ManagedObject, _ key: String = "songs") -> [String] {
    playlist.orderedValue(forKey: key).compactMap { $0.value(forKey: "title") as? String }
}

/// A saved playlist whose songs are `titles`, in that order (not the order of their keys).
private func savedPlaylist(_ titles: [String], in context: ManagedObjectContext) throws -> ManagedObject {
    let playlist = try context.insertObject(entityName: "Playlist")
    for title in titles.reversed() {
        let song = try context.insertObject(entityName: "Song")
        song["title"] = title
        playlist.insertObject(song, at: 0, forKey: "songs")
    }
    try context.save()
    return playlist
}

@Suite("Ordered to-many changes: undo, child contexts, renaming migrations")
struct OrderedRelationshipChangeTests {
    @Test(
        "undo after an insert, a move and a removal at an index restores each order before it; redo replays them",
        arguments: allStoreTypes)
    func undoRestoresOrder(type: PersistentStoreType) throws {
        let stack = try TestStack(model: playlistModel(), type: type)
        let context = stack.context
        let playlist = try savedPlaylist(["a", "b", "c"], in: context)
        let extra = try context.insertObject(entityName: "Song")
        extra["title"] = "d"
        try context.save()
        context.undoManager = ObjectGraphUndoManager()

        playlist.insertObject(extra, at: 1, forKey: "songs")
        context.processPendingChanges()
        playlist.moveObject(at: 3, to: 0, forKey: "songs")
        context.processPendingChanges()
        playlist.removeObject(at: 1, forKey: "songs")
        context.processPendingChanges()
        #expect(titles(of: playlist) == ["c", "d", "b"])

        context.undo()
        #expect(titles(of: playlist) == ["c", "a", "d", "b"])
        context.undo()
        #expect(titles(of: playlist) == ["a", "d", "b", "c"])
        context.undo()
        #expect(titles(of: playlist) == ["a", "b", "c"])
        #expect(extra.value(forKey: "playlist") == nil)
        #expect(!context.hasChanges)

        context.redo()
        context.redo()
        context.redo()
        #expect(titles(of: playlist) == ["c", "d", "b"])
        try context.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Playlist", in: stack.context).first)
        #expect(titles(of: stored) == ["c", "d", "b"])
    }

    @Test(
        "undo of a positional change after a save restores the saved order, and saving that stores it",
        arguments: allStoreTypes)
    func undoAcrossSave(type: PersistentStoreType) throws {
        let stack = try TestStack(model: playlistModel(), type: type)
        let context = stack.context
        let playlist = try savedPlaylist(["a", "b", "c"], in: context)
        context.undoManager = ObjectGraphUndoManager()
        playlist.moveObject(at: 0, to: 2, forKey: "songs")
        context.processPendingChanges()
        try context.save()
        context.undo()
        #expect(titles(of: playlist) == ["a", "b", "c"])
        #expect(context.hasChanges)
        try context.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Playlist", in: stack.context).first)
        #expect(titles(of: stored) == ["a", "b", "c"])
    }

    @Test(
        "a child context's inserts, moves and removals at an index save into its parent, then the store, in order",
        arguments: allStoreTypes)
    func childContextKeepsOrder(type: PersistentStoreType) throws {
        let stack = try TestStack(model: playlistModel(), type: type)
        let parent = stack.context
        let playlist = try savedPlaylist(["a", "b", "c", "d"], in: parent)

        let child = ManagedObjectContext(parent: parent)
        let mine = try child.existingObject(with: playlist.objectID)
        mine.moveObject(at: 3, to: 0, forKey: "songs")  // d a b c
        let song = try child.insertObject(entityName: "Song")
        song["title"] = "e"
        mine.insertObject(song, at: 2, forKey: "songs")  // d a e b c
        mine.removeObject(at: 1, forKey: "songs")  // d e b c
        #expect(titles(of: mine) == ["d", "e", "b", "c"])
        #expect(titles(of: playlist) == ["a", "b", "c", "d"])  // the parent waits for the save
        try child.save()

        #expect(titles(of: playlist) == ["d", "e", "b", "c"])
        #expect(parent.hasChanges)
        try parent.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Playlist", in: stack.context).first)
        #expect(titles(of: stored) == ["d", "e", "b", "c"])
        // The removed song left the relationship; it was not deleted.
        let removed = try #require(
            try fetchAll("Song", in: stack.context).first { $0.value(forKey: "title") as? String == "a" })
        #expect(removed.value(forKey: "playlist") == nil)
    }

    @Test(
        "a child context's positional change of a playlist its parent has not saved yet keeps the order",
        arguments: allStoreTypes)
    func childContextOverUnsavedParent(type: PersistentStoreType) throws {
        let stack = try TestStack(model: playlistModel(), type: type)
        let parent = stack.context
        let playlist = try parent.insertObject(entityName: "Playlist")
        for title in ["a", "b", "c"] {
            let song = try parent.insertObject(entityName: "Song")
            song["title"] = title
            playlist.insertObject(song, at: 9, forKey: "songs")
        }
        let child = ManagedObjectContext(parent: parent)
        let mine = try child.existingObject(with: playlist.objectID)
        #expect(titles(of: mine) == ["a", "b", "c"])
        mine.moveObject(at: 0, to: 2, forKey: "songs")
        try child.save()
        #expect(titles(of: playlist) == ["b", "c", "a"])
        try parent.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Playlist", in: stack.context).first)
        #expect(titles(of: stored) == ["b", "c", "a"])
    }

    // In memory nothing outlives the coordinator, so there is no store to migrate.
    @Test(
        "a lightweight migration renaming an ordered relationship (renaming identifier) keeps the positions",
        arguments: [PersistentStoreType.sqlite, .binary])
    func renamingMigrationKeepsOrder(type: PersistentStoreType) throws {
        let stack = try TestStack(model: playlistModel(), type: type)
        _ = try savedPlaylist(["c", "a", "d", "b"], in: stack.context)

        let coordinator = PersistentStoreCoordinator(model: playlistModel(renamed: true))
        try coordinator.addPersistentStore(type: type, at: stack.storeURL)
        let context = ManagedObjectContext(coordinator: coordinator)
        let migrated = try #require(try fetchAll("Playlist", in: context).first)
        #expect(titles(of: migrated, "tracks") == ["c", "a", "d", "b"])
        let song = try #require(migrated.orderedValue(forKey: "tracks").first)
        #expect(song.value(forKey: "playlist") as? ManagedObject === migrated)

        migrated.moveObject(at: 0, to: 3, forKey: "tracks")
        try context.save()
        let reopened = PersistentStoreCoordinator(model: playlistModel(renamed: true))
        try reopened.addPersistentStore(type: type, at: stack.storeURL)
        let reader = ManagedObjectContext(coordinator: reopened)
        let again = try #require(try fetchAll("Playlist", in: reader).first)
        #expect(titles(of: again, "tracks") == ["a", "d", "b", "c"])
    }
}
