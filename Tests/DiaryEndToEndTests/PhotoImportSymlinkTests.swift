import Foundation
import TestSupport
import Testing

/// A camera roll holding symbolic links to folders: they are followed (a link to a folder is a
/// folder of photos, not a refused file), and a link back up the tree or to a folder walked
/// already is not walked again.
@Suite struct PhotoImportSymlinkTests {
    @Test func aLinkedFolderIsWalkedAndALoopIsNot() throws {
        let store = try TestStore()
        let manager = FileManager.default
        let roll = store.scratch.appendingPathComponent("roll", isDirectory: true)
        let elsewhere = store.scratch.appendingPathComponent("elsewhere", isDirectory: true)
        for folder in [roll, elsewhere, roll.appendingPathComponent("sub")] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try manager.copyItem(
            atPath: Fixture.path("exif-tokyo.jpg"), toPath: roll.appendingPathComponent("tokyo.jpg").path)
        try manager.copyItem(
            atPath: Fixture.path("png-rgb-8.png"), toPath: roll.appendingPathComponent("sub/plain.png").path)
        try manager.copyItem(
            atPath: Fixture.path("exif-new-york.jpg"), toPath: elsewhere.appendingPathComponent("ny.jpg").path)
        try manager.createSymbolicLink(
            atPath: roll.appendingPathComponent("linked").path, withDestinationPath: elsewhere.path)
        try manager.createSymbolicLink(
            atPath: roll.appendingPathComponent("linked-again").path, withDestinationPath: "../elsewhere")
        try manager.createSymbolicLink(atPath: roll.appendingPathComponent("sub/up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: roll.appendingPathComponent("sub-link").path, withDestinationPath: "sub")

        let dry = try store.succeed(["import", "--from", "photos", "--dry-run", roll.path])
        #expect(dry.stdout.contains("would create 3 entries from 3 media files"), "\(dry)")
        let run = try store.succeed(["import", "--from", "photos", "--per", "photo", roll.path])
        #expect(run.stdout.contains("imported 3 entries with 3 media files"), "\(run)")
        #expect(run.stdout.contains("0 already present, 0 refused"), "\(run)")
        #expect(!run.stderr.contains("refused"), "\(run)")
        let names = try #require(try store.json(["list", "--all"]) as? [[String: Any]])
            .flatMap { ($0["media"] as? [[String: Any]] ?? []).compactMap { $0["fileName"] as? String } }
        #expect(names.sorted() == ["ny.jpg", "plain.png", "tokyo.jpg"])
    }
}
