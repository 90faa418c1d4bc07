import Foundation
import TestSupport
import Testing

/// `import --from photos` of a file the diary holds but whose stored copy is damaged or gone:
/// the import heals the stored copy from the file (as `new --image` of it does) and says so,
/// instead of calling it "already present" and leaving it broken.
@Suite struct PhotoImportHealingTests {
    @Test func aRerunHealsADamagedAndAMissingStoredCopyAndSaysSo() throws {
        let store = try TestStore()
        let roll = store.scratch.appendingPathComponent("roll", isDirectory: true)
        try FileManager.default.createDirectory(at: roll, withIntermediateDirectories: true)
        for name in ["exif-tokyo.jpg", "exif-new-york.jpg", "png-rgb-8.png"] {
            try FileManager.default.copyItem(atPath: Fixture.path(name), toPath: roll.appendingPathComponent(name).path)
        }
        try store.succeed(["import", "--from", "photos", roll.path])
        let entries = try store.succeed(["list", "--all", "--json"]).stdout
        let sha = { (name: String) throws -> String in
            EncryptedStoreCommandTests.sha256(try Data(contentsOf: roll.appendingPathComponent(name)))
        }
        let blobs = try store.blobFiles()
        // Tokyo's copy damaged (one byte flipped), New York's removed; the PNG's left alone.
        let tokyo = try #require(blobs.first { $0.hasSuffix(try sha("exif-tokyo.jpg")) })
        var bytes = try Data(contentsOf: URL(fileURLWithPath: store.url.path + tokyo))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: store.url.path + tokyo))
        let newYork = try #require(blobs.first { $0.hasSuffix(try sha("exif-new-york.jpg")) })
        try FileManager.default.removeItem(atPath: store.url.path + newYork)
        #expect(try store.run(["check"]).status == 65)

        let dry = try store.succeed(["import", "--from", "photos", "--dry-run", roll.path])
        #expect(
            dry.stdout.contains(
                "would create 0 entries from 0 media files (3 files already in the diary, "
                    + "2 of whose stored copies are damaged or missing and would be healed from them)"), "\(dry)")

        let run = try store.succeed(["import", "--from", "photos", roll.path])
        #expect(
            run.stdout.contains(
                "imported 0 entries with 0 media files (0 bytes), 3 already present "
                    + "(2 healed: their stored copies were damaged or missing)"), "\(run)")
        for name in ["exif-tokyo.jpg", "exif-new-york.jpg"] {
            #expect(
                run.stderr.contains(
                    "diary: healed: \(roll.appendingPathComponent(name).path): the diary's copy of it was "),
                "\(name): \(run)")
        }
        #expect(!run.stderr.contains("png-rgb-8.png"), "\(run)")
        #expect(try store.succeed(["check"]).stdout.hasSuffix("OK\n"))
        #expect(try store.succeed(["list", "--all", "--json"]).stdout == entries)
        // Nothing is left to heal.
        let again = try store.succeed(["import", "--from", "photos", roll.path])
        #expect(again.stdout.contains("3 already present,"), "\(again)")
        #expect(!again.stderr.contains("healed"), "\(again)")
    }
}
