import Foundation
import Testing

@testable import ObjectGraph

/// `Playlist.songs` (ordered, inverse to-one `Song.playlist`) and `Playlist.tags` (ordered many-to-many).
private func playlistModel(ordered: Bool) -> ManagedObjectModel {
    makeModel([
        EntityDescription(
            "Playlist", attributes: [AttributeDescription("name", .string)],
            relationships: [
                RelationshipDescription(
                    "songs", destination: "Song", inverse: "playlist", isToMany: true, isOrdered: ordered),
                RelationshipDescription(
                    "tags", destination: "Tag", inverse: "playlists", isToMany: true, isOrdered: ordered)
            ]),
        EntityDescription(
            "Song", attributes: [AttributeDescription("title", .string)],
            relationships: [
                RelationshipDescription("playlist", destination: "Playlist", inverse: "songs")
            ]),
        EntityDescription(
            "Tag", attributes: [AttributeDescription("label", .string)],
            relationships: [
                RelationshipDescription("playlists", destination: "Playlist", inverse: "tags", isToMany: true)
            ])
    ])
}

private func titles(_ relationship: OrderedRelationship, _ key: String = "title") -> [String] {
    relationship.compactMap { $0.value(forKey: key) as? String }
}

@Suite("Ordered to-many relationships")
struct OrderedRelationshipTests {
    @Test("insert at, move and remove at an index are stored and fetched back in order", arguments: allStoreTypes)
    func orderRoundTrips(type: PersistentStoreType) throws {
        let stack = try TestStack(model: playlistModel(ordered: true), type: type)
        let context = stack.context
        let playlist = try context.insertObject(entityName: "Playlist")
        var songs: [ManagedObject] = []
        for title in ["c", "a", "b", "d"] {
            let song = try context.insertObject(entityName: "Song")
            song["title"] = title
            songs.append(song)
        }
        for (index, song) in songs.enumerated() { playlist.insertObject(song, at: index, forKey: "songs") }
        for label in ["z", "y"] {
            let tag = try context.insertObject(entityName: "Tag")
            tag["label"] = label
            playlist.insertObject(tag, at: 0, forKey: "tags")
        }
        #expect(titles(playlist.orderedValue(forKey: "songs")) == ["c", "a", "b", "d"])
        #expect(songs[0].value(forKey: "playlist") as? ManagedObject === playlist)
        try context.save()

        try stack.reopen()
        var stored = try #require(try fetchAll("Playlist", in: stack.context).first)
        #expect(titles(stored.orderedValue(forKey: "songs")) == ["c", "a", "b", "d"])
        #expect(titles(stored.orderedValue(forKey: "tags"), "label") == ["y", "z"])
        stored.moveObject(at: 0, to: 3, forKey: "songs")
        stored.removeObject(at: 0, forKey: "songs")
        let song = try stack.context.insertObject(entityName: "Song")
        song["title"] = "e"
        stored.insertObject(song, at: 1, forKey: "songs")
        #expect(stored.hasChanges)
        let ordered = stored.orderedValue(forKey: "songs")
        #expect(titles(ordered) == ["b", "e", "d", "c"])
        #expect(ordered.index(of: song) == 1 && ordered.contains(song))
        try stack.context.save()

        try stack.reopen()
        stored = try #require(try fetchAll("Playlist", in: stack.context).first)
        #expect(titles(stored.orderedValue(forKey: "songs")) == ["b", "e", "d", "c"])
        // The removed song left the relationship (its inverse is nil), it was not deleted.
        let orphan = try #require(
            try fetchAll("Song", in: stack.context).first { $0.value(forKey: "title") as? String == "a" })
        #expect(orphan.value(forKey: "playlist") == nil)
        // A member linked from the other side comes last.
        let late = try stack.context.insertObject(entityName: "Song")
        late["title"] = "f"
        late["playlist"] = stored
        try stack.context.save()
        try stack.reopen()
        stored = try #require(try fetchAll("Playlist", in: stack.context).first)
        #expect(titles(stored.orderedValue(forKey: "songs")) == ["b", "e", "d", "c", "f"])
    }

    @Test("a move alone marks the object changed and saves", arguments: allStoreTypes)
    func moveAloneSaves(type: PersistentStoreType) throws {
        let stack = try TestStack(model: playlistModel(ordered: true), type: type)
        let playlist = try stack.context.insertObject(entityName: "Playlist")
        for title in ["a", "b"] {
            let song = try stack.context.insertObject(entityName: "Song")
            song["title"] = title
            playlist.insertObject(song, at: 9, forKey: "songs")
        }
        try stack.context.save()
        #expect(!stack.context.hasChanges)
        playlist.moveObject(at: 1, to: 0, forKey: "songs")
        #expect(stack.context.hasChanges)
        try stack.context.save()
        try stack.reopen()
        let stored = try #require(try fetchAll("Playlist", in: stack.context).first)
        #expect(titles(stored.orderedValue(forKey: "songs")) == ["b", "a"])
    }

    @Test(
        "a store migrates from unordered to ordered, existing members in key order (the order first saved)",
        arguments: [PersistentStoreType.sqlite, .binary])
    func migrationFromUnordered(type: PersistentStoreType) throws {
        let stack = try TestStack(model: playlistModel(ordered: false), type: type)
        let playlist = try stack.context.insertObject(entityName: "Playlist")
        var songs: [ManagedObject] = []
        for title in ["first", "second", "third"] {
            let song = try stack.context.insertObject(entityName: "Song")
            song["title"] = title
            songs.append(song)
            try stack.context.save()
        }
        playlist.setValue(Set(songs), forKey: "songs")
        try stack.context.save()

        let coordinator = PersistentStoreCoordinator(model: playlistModel(ordered: true))
        try coordinator.addPersistentStore(type: type, at: stack.storeURL)
        let context = ManagedObjectContext(coordinator: coordinator)
        let stored = try #require(try fetchAll("Playlist", in: context).first)
        #expect(titles(stored.orderedValue(forKey: "songs")) == ["first", "second", "third"])
        if type == .sqlite, let url = stack.storeURL {
            #expect(
                try sqliteRows("SELECT \"position\" FROM \"Z_ORDER_Playlist_songs\" ORDER BY \"destination\"", at: url)
                    == [["0"], ["1"], ["2"]])
        }
        stored.moveObject(at: 2, to: 0, forKey: "songs")
        try context.save()
        let again = ManagedObjectContext(coordinator: coordinator)
        #expect(
            titles(try #require(try fetchAll("Playlist", in: again).first).orderedValue(forKey: "songs"))
                == ["third", "first", "second"])
    }

    @Test("a model without ordered relationships keeps its version hash")
    func hashUnchanged() {
        #expect(playlistModel(ordered: false).versionHash != playlistModel(ordered: true).versionHash)
        #expect(
            ManagedObjectModel.canonicalDescription(of: playlistModel(ordered: false).entities[0]).contains("ordered")
                == false)
    }
}
