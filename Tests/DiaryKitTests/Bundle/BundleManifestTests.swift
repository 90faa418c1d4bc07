import Foundation
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct BundleManifestTests {
    /// Writes a bundle in `folder` and lets `edit` change its parsed `entry.json`.
    private func bundle(
        in folder: TemporaryDirectory,
        editing edit: (inout [String: Any]) -> Void
    ) throws -> URL {
        let bundle = try BundleWriter(timeZone: testTimeZone)
            .write(try TestEntries.beachDay(in: folder), to: try folder.folder("out"))
        let manifest = bundle.appendingPathComponent("entry.json")
        var json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifest))
                as? [String: Any])
        edit(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: manifest)
        return bundle
    }

    /// Writes a bundle, lets `edit` change its `entry.json`, and returns the read's error.
    private func readAfterEditing(_ edit: (inout [String: Any]) -> Void) throws -> BundleError? {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder, editing: edit)
        do {
            _ = try acceptingReader.read(bundle)
            return nil
        } catch {
            #expect(error.description.contains(bundle.lastPathComponent))
            return error
        }
    }

    private static func value(_ json: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
    }

    private func editMedium(
        _ json: inout [String: Any], _ position: Int,
        _ edit: (inout [String: Any]) -> Void
    ) {
        var media = json["media"] as? [[String: Any]] ?? []
        edit(&media[position])
        json["media"] = media
    }

    @Test func anotherFormatNameIsRefused() throws {
        let error = try readAfterEditing { $0["format"] = "something-else" }
        guard case .unsupportedFormat(_, let found) = error else {
            Issue.record("expected unsupportedFormat, got \(String(describing: error))"); return
        }
        #expect(found == "something-else")
        #expect(error?.category == .dataError)
    }

    @Test func aNewerFormatVersionIsRefusedWithAHint() throws {
        let error = try readAfterEditing { $0["formatVersion"] = 2 }
        guard case .unsupportedFormatVersion(_, 2) = error else {
            Issue.record("expected unsupportedFormatVersion, got \(String(describing: error))"); return
        }
        #expect(error?.description.contains("format version 2") == true)
    }

    @Test(arguments: ["uuid", "creationTime", "updateTime", "media", "format"])
    func aMissingTopLevelFieldIsNamed(field: String) throws {
        let error = try readAfterEditing { $0[field] = nil }
        guard case .missingField(_, let named) = error else {
            Issue.record("expected missingField, got \(String(describing: error))"); return
        }
        #expect(named == field)
    }

    @Test func aMissingMediumFieldIsNamedWithItsPosition() throws {
        let error = try readAfterEditing { json in editMedium(&json, 1) { $0["sha256"] = nil } }
        guard case .missingField(_, let named) = error else {
            Issue.record("expected missingField, got \(String(describing: error))"); return
        }
        #expect(named == "media[1].sha256")
        #expect(error?.description.contains("lacks the required field media[1].sha256") == true)
    }

    @Test(arguments: [
        ("uuid", "\"not-a-uuid\"", "uuid"),
        ("creationTime", "\"yesterday\"", "creationTime"),
        ("starred", "\"yes\"", "starred"),
        ("tags", "\"travel\"", "tags"),
        ("media", "[{}]", "media[0].index"),
        ("timeZone", "\"Europe/Berlin; rm -rf\"", "timeZone"),
        ("timeZone", "42", "timeZone")
    ])
    func anInvalidTopLevelValueIsNamed(field: String, json: String, named: String) throws {
        let value = try Self.value(json)
        let error = try readAfterEditing { $0[field] = value }
        if case .missingField(_, let reported) = error {
            #expect(reported == named)
            return
        }
        guard case .invalidField(_, let reported, _) = error else {
            Issue.record("expected invalidField, got \(String(describing: error))"); return
        }
        #expect(reported == named)
    }

    @Test(arguments: [
        ("kind", "\"video\""),
        ("sha256", "\"abc\""),
        ("byteCount", "-1"),
        ("orientation", "9"),
        ("index", "0"),
        ("width", "\"wide\"")
    ])
    func anInvalidMediumValueIsNamed(field: String, json: String) throws {
        let value = try Self.value(json)
        let error = try readAfterEditing { json in editMedium(&json, 0) { $0[field] = value } }
        guard case .invalidField(_, let reported, _) = error else {
            Issue.record("expected invalidField, got \(String(describing: error))"); return
        }
        #expect(reported == "media[0].\(field)")
    }

    @Test func twoMediaWithOneIndexAreRefused() throws {
        let error = try readAfterEditing { json in editMedium(&json, 1) { $0["index"] = 1 } }
        guard case .invalidField(_, "media", _) = error else {
            Issue.record("expected invalidField media, got \(String(describing: error))"); return
        }
    }

    @Test func textThatIsNotJSONIsReportedAsUnreadable() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try BundleWriter(timeZone: testTimeZone)
            .write(try TestEntries.beachDay(in: folder), to: try folder.folder("out"))
        try Data("{\"format\": ".utf8).write(to: bundle.appendingPathComponent("entry.json"))

        #expect {
            try acceptingReader.read(bundle)
        } throws: { error in
            guard case .manifestUnreadable = error as? BundleError else { return false }
            return (error as? BundleError)?.category == .dataError
        }
    }

    @Test func aBundleWithoutManifestIsRefused() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try folder.folder("empty.diaryentry")

        #expect {
            try acceptingReader.read(bundle)
        } throws: { error in
            guard case .manifestMissing = error as? BundleError else { return false }
            return true
        }
    }

    @Test func missingOptionalFieldsTakeTheirDefaults() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder) { json in
            for key in ["tags", "starred", "text"] { json[key] = nil }
        }

        let entry = try acceptingReader.read(bundle).entry

        #expect(entry.tags.isEmpty)
        #expect(entry.starred == false)
        #expect(entry.text == nil)
        #expect(entry.media.count == 2)
    }
}
