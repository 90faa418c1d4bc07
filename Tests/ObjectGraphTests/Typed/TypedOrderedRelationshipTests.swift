import Foundation
import Testing

@testable import ObjectGraph

private final class Playlist: ManagedObject {
    @Attribute var name: String = ""
    /// The inverse is declared on `Track.playlist`.
    @Relationship(deleteRule: .cascade) var tracks: [Track]
}

private final class Track: ManagedObject {
    @Attribute var title: String = ""
    @Relationship(inverse: \Playlist.tracks) var playlist: Playlist?
}

/// An `[T]` relationship is an ordered to-many, as `NSOrderedSet` is in Core Data: the order
/// is kept through saves on every store, and either side changes both.
@Suite struct TypedOrderedRelationshipTests {
    private static func model() throws -> ManagedObjectModel {
        try ManagedObjectModel(types: [Playlist.self, Track.self])
    }

    @Test func anArrayPropertyDeclaresAnOrderedToMany() throws {
        let tracks = try #require(try Self.model().entity(for: Playlist.self)?.relationship(named: "tracks"))
        #expect(tracks.isToMany && tracks.isOrdered && tracks.inverse == "playlist" && tracks.deleteRule == .cascade)
        let playlist = try #require(try Self.model().entity(for: Track.self)?.relationship(named: "playlist"))
        #expect(!playlist.isToMany && !playlist.isOrdered)
    }

    @Test(arguments: allStoreTypes)
    func theOrderIsKeptAndEitherSideChangesBoth(type: PersistentStoreType) throws {
        let stack = try TestStack(model: Self.model(), type: type)
        let list = try stack.context.insert(Playlist.self)
        list.name = "Road trip"
        let titles = ["a", "b", "c"]
        var tracks: [Track] = []
        for title in titles {
            let track = try stack.context.insert(Track.self)
            track.title = title
            tracks.append(track)
        }
        list.tracks = [tracks[2], tracks[0], tracks[1], tracks[0]]
        #expect(list.tracks.map(\.title) == ["c", "a", "b"])
        #expect(tracks[1].playlist === list)
        try stack.context.save()
        try stack.reopen()

        func stored() throws -> Playlist { try #require(try stack.context.fetch(FetchRequest(Playlist.self)).first) }
        #expect(try stored().tracks.map(\.title) == ["c", "a", "b"])
        let reloaded = try stored()
        reloaded.tracks = reloaded.tracks.filter { $0.title != "a" }
        let extra = try stack.context.insert(Track.self)
        extra.title = "d"
        extra.playlist = reloaded  // from the to-one side: to the end
        try stack.context.save()
        try stack.reopen()
        #expect(try stored().tracks.map(\.title) == ["c", "b", "d"])
        let orphans = try stack.context.fetch(Track.self, where: \.playlist == nil)
        #expect(orphans.map(\.title) == ["a"])
    }
}
