import Foundation
import TestSupport
import Testing

/// An export made in one zone and imported in another keeps the moment a photo was taken,
/// also when its camera wrote no UTC offset: read again from the file in the importing zone,
/// an offset-less EXIF time would move by the difference of the zones.
@Suite struct ExportImportZoneTests {
    private static let newYork = ["TZ": "America/New_York"]

    private func captureTime(_ store: TestStore) throws -> String? {
        let entry = try #require(try store.json(["show", "1"]) as? [String: Any])
        return ((entry["media"] as? [[String: Any]])?.first)?["captureTime"] as? String
    }

    @Test func aBundleImportedInAnotherZoneKeepsTheCaptureMoment() throws {
        let berlin = try TestStore()
        try berlin.succeed(["new", "--text", "Night shot", "--image", Fixture.path("exif-no-offset.jpg")])
        let exported = try #require(try captureTime(berlin))
        #expect(exported == "2009-01-02T03:04:05.000+01:00")
        let bundle = try berlin.succeed(["export", "1", "-o", berlin.scratch.appendingPathComponent("out").path])
            .stdout.trimmingCharacters(in: .newlines)
        let newYork = try TestStore()
        try newYork.succeed(["import", bundle], environment: Self.newYork)
        #expect(try captureTime(newYork) == exported)
    }

    @Test func aWholeJSONExportImportedInAnotherZoneKeepsTheCaptureMoment() throws {
        let berlin = try TestStore()
        try berlin.succeed(["new", "--text", "Night shot", "--image", Fixture.path("exif-no-offset.jpg")])
        let exported = try #require(try captureTime(berlin))
        let folder = berlin.scratch.appendingPathComponent("whole")
        try berlin.succeed(["export", "--format", "json", "-o", folder.path])
        let newYork = try TestStore()
        try newYork.succeed(["import", "--from", "json", folder.path], environment: Self.newYork)
        #expect(try captureTime(newYork) == exported)
    }

    @Test func aCaptureOffsetThatIsNoOffsetIsRefusedAndNothingImported() throws {
        let berlin = try TestStore()
        try berlin.succeed(["new", "--text", "Night shot", "--image", Fixture.path("exif-no-offset.jpg")])
        let folder = berlin.scratch.appendingPathComponent("whole")
        try berlin.succeed(["export", "--format", "json", "-o", folder.path])
        let file = folder.appendingPathComponent("entries.json")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"captureTime\"", with: "\"captureUTCOffset\": 1e300, \"captureTime\"")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let other = try TestStore()
        let run = try other.run(["import", "--from", "json", folder.path])
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains("captureUTCOffset is not a UTC offset"), "\(run)")
        #expect(try other.run(["list"]).status == 66)
    }
}
