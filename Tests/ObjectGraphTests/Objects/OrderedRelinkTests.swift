import Foundation
import Testing

@testable import ObjectGraph

/// `Playlist.<songs>` (ordered) and `Song.playlist`, its inverse to-one.
private let relinkModel = makeModel([
    EntityDescription(
        "Playlist", attributes: [AttributeDescription("name", .string)],
        relationships: [
            RelationshipDescription("songs", destination: "Song", inverse: "playlist", isToMany: true, isOrdered: true)
        ]),
    EntityDescription(
        "Song", attributes: [AttributeDescription("title", .string)],
        relationships: [
            RelationshipDescription("playlist", destination: "Playlist", inverse: "songs")
        ])
])

/// A member unlinked and linked again from its to-one side goes to the end, as Core Data puts it,
/// whether or not the ordered side is loaded.
@Suite("Ordered to-many: relinking from the to-one side")
struct OrderedRelinkTests {
    private func titles(_ playlist: ManagedObject) -> [String] {
        playlist.orderedValue(forKey: "songs").compactMap { $0.value(forKey: "title") as? String }
    }

    @Test("unlinked and linked again while the playlist's songs are not loaded: at the end", arguments: allStoreTypes)
    func relinkGoesToTheEnd(type: PersistentStoreType) throws {
        let stack = try TestStack(model: relinkModel, type: type)
        let playlist = try stack.context.insertObject(entityName: "Playlist")
        for title in ["a", "b", "c"] {
            let song = try stack.context.insertObject(entityName: "Song")
            song["title"] = title
            playlist.insertObject(song, at: playlist.orderedValue(forKey: "songs").count, forKey: "songs")
        }
        try stack.context.save()

        for loaded in [false, true] {
            let context = stack.newContext()
            let list = try context.existingObject(with: playlist.objectID)
            if loaded { #expect(titles(list) == ["a", "b", "c"]) }
            let songs = try fetchAll("Song", in: context)
            let b = try #require(songs.first { $0.value(forKey: "title") as? String == "b" })
            b["playlist"] = ManagedObject?.none
            b["playlist"] = list
            #expect(titles(list) == ["a", "c", "b"], "loaded \(loaded)")
            #expect(context.updatedObjects.contains(list), "loaded \(loaded)")
            try context.save()
            let reader = stack.newContext()
            #expect(titles(try reader.existingObject(with: playlist.objectID)) == ["a", "c", "b"], "loaded \(loaded)")
            // Put it back for the next round.
            list.moveObject(at: 2, to: 1, forKey: "songs")
            try context.save()
        }
    }
}
