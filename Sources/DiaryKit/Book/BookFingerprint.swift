import Foundation
import ObjectGraph

/// SHA-256 digests that decide what a rebuild rewrites: a page whose fingerprint is the one
/// the manifest recorded is linked from the previous book, byte for byte, without rendering.
struct BookFingerprint {
    private let hasher = SHA256Hasher()

    /// Starts a fingerprint with the render version and the time zone, so a change of
    /// either rewrites everything.
    init(kind: String, timeZone: any TimeZoneRules) {
        add(kind)
        add("render \(MarkdownRenderer.version) book \(BookManifest.version)")
        add(timeZone.identifier)
    }

    /// Adds `text`, delimited so that ("ab", "c") and ("a", "bc") differ.
    func add(_ text: String) {
        hasher.update(String(text.utf8.count))
        hasher.update(":")
        hasher.update(text)
    }

    /// Adds an entry, as ``entry(_:)`` gives it.
    func add(_ entry: Entry) {
        entry.bytes.withUnsafeBytes { hasher.update($0) }
    }

    /// What an entry's place on a page depends on, made once per entry for every page it is on.
    struct Entry {
        fileprivate let bytes: [UInt8]
    }

    /// What `record`'s place on a page depends on: identity, last change (text, time, star and
    /// media all refresh it), tags (a renamed tag does not) and media. The fixed-size parts are
    /// bytes (16 of the UUID, 8 of each time's bits, the local time's too, 1 of the star), the rest length-prefixed.
    static func entry(_ record: EntryRecord) -> Entry {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        withUnsafeBytes(of: record.uuid.uuid) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: record.updateTime.timeIntervalSinceReferenceDate.bitPattern.littleEndian) {
            bytes.append(contentsOf: $0)
        }
        withUnsafeBytes(of: record.creationTime.timeIntervalSinceReferenceDate.bitPattern.littleEndian) {
            bytes.append(contentsOf: $0)
        }
        withUnsafeBytes(of: record.localTime.timeIntervalSinceReferenceDate.bitPattern.littleEndian) {
            bytes.append(contentsOf: $0)
        }
        bytes.append(record.starred ? 1 : 0)
        for text in [record.tags.joined(separator: "\n"), record.snapshot.media.map(\.sha256).joined(separator: ",")] {
            withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: text.utf8)
        }
        return Entry(bytes: bytes)
    }

    /// The digest in hex; the fingerprint must not be added to afterwards.
    func finish() -> String { hasher.finalizeHex() }

    /// The SHA-256 of `text` in hex.
    static func hex(of text: String) -> String {
        let hasher = SHA256Hasher()
        hasher.update(text)
        return hasher.finalizeHex()
    }

    /// The SHA-256 of `data` in hex.
    static func hex(of data: Data) -> String { SHA256Hasher.hex(of: data) }
}
