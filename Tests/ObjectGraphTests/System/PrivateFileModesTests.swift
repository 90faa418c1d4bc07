import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// A store's folders are made 0700 and its files 0600 exactly; a loose store's own entries
/// are tightened, nothing else is.
@Suite struct PrivateFileModesTests {
    let scratch: TemporaryDirectory

    init() throws {
        scratch = try TemporaryDirectory(prefix: "private-modes")
        #expect(chmod(scratch.url.path, 0o755) == 0)
    }

    func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func missingFoldersAreMade0700AndExistingOnesAreLeftAsTheyAre() throws {
        let nested = scratch.appending("a/b/c")
        try PrivateFileModes.createDirectories(atPath: nested.path)
        for folder in [scratch.appending("a"), scratch.appending("a/b"), nested] {
            #expect(try mode(folder) == 0o700, "\(folder.path)")
        }
        #expect(try mode(scratch.url) == 0o755)
    }

    @Test func aFileInTheWayOfAFolderIsRefusedByName() throws {
        let file = scratch.appending("plain")
        try Data("x".utf8).write(to: file)
        #expect {
            try PrivateFileModes.createDirectories(atPath: file.appending(component: "inner").path)
        } throws: { error in
            (error as? PrivateFileModesError)?.path == file.path
        }
    }

    @Test func aNewSQLiteStoreIsPrivate() throws {
        let stack = try TestStack(model: vocabularyModel, type: .sqlite)
        let url = try #require(stack.storeURL)
        #expect(try mode(url) == 0o600)
        let blobs = url.deletingPathExtension().appendingPathExtension("blobs")
        #expect(try mode(blobs) == 0o700)
        #expect(try mode(blobs.appending(component: ".staging")) == 0o700)
    }

    @Test func aPrivateStoreIsLeftAloneAndALooseOneHasOnlyItsOwnEntriesTightened() throws {
        let store = scratch.appending("store")
        try PrivateFileModes.createDirectories(atPath: store.appending(component: "Data.blobs/ab").path)
        let database = store.appending(component: "Data.sqlite")
        let blob = store.appending(component: "Data.blobs/ab/blob")
        let other = store.appending(component: "notes.txt")
        let outside = scratch.appending("outside.txt")
        for file in [database, blob, other, outside] { try Data("x".utf8).write(to: file) }
        #expect(chmod(database.path, 0o600) == 0 && chmod(blob.path, 0o400) == 0)
        #expect(chmod(other.path, 0o644) == 0 && chmod(outside.path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            at: store.appending(component: "Data.blobs/ab/link"),
            withDestinationURL: outside)
        let entries = ["Data.sqlite", "Data.sqlite-wal", "Data.blobs"]
        #expect(try PrivateFileModes.tighten(folderAt: store.path, entries: entries).isEmpty)

        #expect(chmod(store.path, 0o755) == 0 && chmod(blob.path, 0o444) == 0)
        let changed = try PrivateFileModes.tighten(folderAt: store.path, entries: entries)
        #expect(Set(changed) == [store.path, blob.path])
        #expect(try mode(store) == 0o700)
        #expect(try mode(blob) == 0o400)
        #expect(try mode(other) == 0o644, "not the store's")
        #expect(try mode(outside) == 0o644, "a link is not followed")
    }
}
