import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DiaryKit

/// Manifests made by hand to mislead or exhaust the reader: each is refused as bad data
/// naming the bundle and the field, before any medium is hashed.
@Suite struct BundleHostileManifestTests {
    /// A directory bundle of the beach-day entry whose `entry.json` is replaced by `text`.
    private func bundle(manifest text: String, in folder: TemporaryDirectory) throws -> URL {
        let bundle = try BundleWriter(timeZone: testTimeZone)
            .write(try TestEntries.beachDay(in: folder), to: try folder.folder("out"))
        try Data(text.utf8).write(to: bundle.appendingPathComponent("entry.json"))
        return bundle
    }

    /// The bundle's own `entry.json` text, edited by `edit` on its parsed form.
    private func bundle(in folder: TemporaryDirectory, editing edit: (inout [String: Any]) -> Void) throws -> URL {
        let bundle = try BundleWriter(timeZone: testTimeZone)
            .write(try TestEntries.beachDay(in: folder), to: try folder.folder("out"))
        let manifest = bundle.appendingPathComponent("entry.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: manifest)) as? [String: Any])
        edit(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: manifest)
        return bundle
    }

    private func manifestText(of bundle: URL) throws -> String {
        try String(decoding: Data(contentsOf: bundle.appendingPathComponent("entry.json")), as: UTF8.self)
    }

    @Test func aBlankTagIsBadDataNamingTheBundle() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder) { $0["tags"] = ["travel", "  "] }

        let error = readError(bundle)

        guard case .invalidField(_, "tags", _) = error else {
            Issue.record("expected invalidField tags, got \(String(describing: error))"); return
        }
        #expect(error?.category == .dataError)
        #expect(error?.description.contains(bundle.lastPathComponent) == true)
    }

    @Test(arguments: [
        ("tags", "\"travel\"", "tags must be an array"),
        ("media", "{}", "media must be an array"),
        ("text", "[1]", "text must be a string")
    ])
    func aValueOfTheWrongTypeNamesTheFieldAndTheType(field: String, json: String, message: String) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let bundle = try bundle(in: folder) { $0[field] = value }

        let error = readError(bundle)

        #expect(error?.description.hasSuffix(message) == true, "\(String(describing: error))")
    }

    @Test(arguments: ["\"text\": \"one\"", "\"uuid\": \"0F0D2E6A-9B1F-4E27-8A53-1F2E3D4C5B6A\""])
    func aKeyGivenTwiceIsRefused(duplicate: String) throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let original = try bundle(in: folder) { _ in }
        var text = try manifestText(of: original)
        let brace = try #require(text.firstIndex(of: "{"))
        text.insert(contentsOf: " \(duplicate),", at: text.index(after: brace))
        try Data(text.utf8).write(to: original.appendingPathComponent("entry.json"))

        let error = readError(original)

        guard case .manifestUnreadable(_, let reason) = error else {
            Issue.record("expected manifestUnreadable, got \(String(describing: error))"); return
        }
        let key = String(duplicate.split(separator: "\"")[0])
        #expect(reason.contains("\"\(key)\" appears twice"))
        #expect(error?.category == .dataError)
    }

    @Test func aNumberTooLargeForItsFieldIsOutOfRangeNotInvalidJSON() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let original = try bundle(in: folder) { _ in }
        let text = try manifestText(of: original)
        let changed = text.replacingOccurrences(
            of: "\"formatVersion\":1", with: "\"formatVersion\":100000000000000000000")
        try #require(changed != text)
        try Data(changed.utf8).write(to: original.appendingPathComponent("entry.json"))
        guard case .manifestUnreadable(_, let reason)? = readError(original) else {
            Issue.record("expected manifestUnreadable"); return
        }
        #expect(reason == "a number in it is out of range for its field")
    }

    @Test func oneFileListedUnderTwoSpellingsIsRefused() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder) { json in
            var media = json["media"] as? [[String: Any]] ?? []
            var copy = media[0]
            copy["index"] = 3
            copy["path"] = "media/./" + String((copy["path"] as? String ?? "").dropFirst("media/".count))
            media.append(copy)
            json["media"] = media
        }
        let checked = Counter()
        let reader = BundleReader { _, _ in checked.increment() }

        let error = readError(bundle, reader: reader)

        guard case .invalidField(_, "media", let problem) = error else {
            Issue.record("expected invalidField media, got \(String(describing: error))"); return
        }
        #expect(problem.contains("one path"))
        #expect(checked.value == 0)
    }

    @Test func moreMediaThanTheLimitAreRefusedBeforeAnyIsChecked() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder) { _ in }
        let checked = Counter()
        let reader = BundleReader(limits: .init(maximumMediaCount: 1)) { _, _ in checked.increment() }

        let error = readError(bundle, reader: reader)

        guard case .overLimit(_, let detail) = error else {
            Issue.record("expected overLimit, got \(String(describing: error))"); return
        }
        #expect(detail.contains("2 media") && detail.contains("limit of 1"))
        #expect(error?.category == .dataError)
        #expect(checked.value == 0)
    }

    @Test func aMediumLargerThanTheLimitIsRefusedBeforeItIsHashed() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(in: folder) { _ in }
        let checked = Counter()
        let reader = BundleReader(limits: .init(maximumFileSize: 1000)) { _, _ in checked.increment() }

        let error = readError(bundle, reader: reader)

        guard case .overLimit(_, let detail) = error else {
            Issue.record("expected overLimit, got \(String(describing: error))"); return
        }
        #expect(detail.contains("media/") && detail.contains("limit of 1000 bytes"))
        #expect(checked.value == 0)
    }

    @Test func aTextLongerThanTheLimitIsRefused() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let long = String(repeating: "a", count: EntryLimits.maximumTextByteCount + 1)
        let bundle = try bundle(in: folder) { $0["text"] = long }

        let error = readError(bundle)

        // Refused while the string is read, before the manifest is decoded.
        #expect(error?.category == .dataError)
        #expect(
            error?.description.contains("4 MiB (\(EntryLimits.maximumTextByteCount) bytes)") == true,
            "\(String(describing: error))")
    }

    @Test func aHugeSparseManifestIsRefusedFromItsSizeWithoutReadingIt() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try bundle(manifest: "{}", in: folder)
        let manifest = bundle.appendingPathComponent("entry.json")
        #expect(truncate(manifest.path, 20 << 30) == 0)
        let started = ContinuousClock.now

        let error = readError(bundle)

        guard case .manifestUnreadable(_, let reason) = error else {
            Issue.record("expected manifestUnreadable, got \(String(describing: error))"); return
        }
        #expect(reason.contains("MiB"))
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}

/// A thread-safe count of calls.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
