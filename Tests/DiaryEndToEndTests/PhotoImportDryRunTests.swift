import Foundation
import TestSupport
import Testing

/// `import --from photos --dry-run` says what a real run would do: a file the import would
/// refuse (a truncated photo, a video) is checked as the import checks it, named, and counted
/// as refused, not as an entry to create.
@Suite struct PhotoImportDryRunTests {
    @Test func aDryRunRefusesWhatTheImportRefusesAndCountsTheSame() throws {
        let store = try TestStore()
        let roll = try PhotoFolderImportCommandTests.cameraRoll(in: store)
        for (fixture, name) in [("broken-truncated.jpg", "broken.jpg"), ("broken-video.mp4", "clip.mp4")] {
            try FileManager.default.copyItem(
                atPath: Fixture.path(fixture), toPath: roll.appendingPathComponent(name).path)
        }
        let before = try store.snapshot()
        let dry = try store.succeed(["import", "--from", "photos", "--dry-run", roll.path])
        #expect(
            dry.stdout.contains(
                "would create 3 entries from 5 media files; 2 would be refused, 2 hidden and "
                    + "1 non-media skipped; nothing was changed"), "\(dry)")
        // Only the three days of the good files: the refused ones are dated by no day.
        #expect(
            dry.stdout.split(separator: "\n").filter { $0.contains(": ") && $0.contains("media file") }.count == 3,
            "\(dry)")
        let refusals = dry.stderr.split(separator: "\n").filter { $0.hasPrefix("diary: would refuse: ") }
        #expect(refusals.count == 2, "\(dry)")
        #expect(refusals.contains { $0.contains("broken.jpg") && $0.contains("truncated") }, "\(dry)")
        #expect(refusals.contains { $0.contains("clip.mp4") && $0.contains("video") }, "\(dry)")
        #expect(try store.snapshot() == before)

        let real = try store.succeed(["import", "--from", "photos", roll.path])
        #expect(real.stdout.contains("imported 3 entries with 5 media files"), "\(real)")
        #expect(real.stdout.contains("2 refused"), "\(real)")
    }
}
