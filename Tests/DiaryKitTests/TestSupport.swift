import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

/// Small, real media files made in memory: browsers and decoders accept them.
enum TestMedia {
    /// An RGB PNG of `width` × `height` pixels in a colour gradient (stored, not
    /// compressed, deflate blocks).
    static func png(width: Int = 6, height: Int = 4) -> Data {
        var raw = Data()
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                raw.append(contentsOf: [
                    UInt8(x * 255 / max(width - 1, 1)),
                    UInt8(y * 255 / max(height - 1, 1)), 160
                ])
            }
        }
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8 bit, RGB, deflate, no filter, no interlace
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", zlibStored(raw))
        png.appendChunk("IEND", Data())
        return png
    }

    /// A 16-bit PCM WAV: a 440 Hz tone of `seconds` at `sampleRate`, one channel.
    static func wav(seconds: Double = 0.25, sampleRate: Int = 8000) -> Data {
        let frames = Int(seconds * Double(sampleRate))
        var samples = Data()
        for frame in 0..<frames {
            let value = sin(2 * Double.pi * 440 * Double(frame) / Double(sampleRate)) * 8000
            samples.appendLittleEndian(UInt16(bitPattern: Int16(value)))
        }
        var wav = Data("RIFF".utf8)
        wav.appendLittleEndian(UInt32(36 + samples.count))
        wav.append(contentsOf: Data("WAVEfmt ".utf8))
        wav.appendLittleEndian(UInt32(16))
        wav.appendLittleEndian(UInt16(1))  // PCM
        wav.appendLittleEndian(UInt16(1))  // mono
        wav.appendLittleEndian(UInt32(sampleRate))
        wav.appendLittleEndian(UInt32(sampleRate * 2))
        wav.appendLittleEndian(UInt16(2))
        wav.appendLittleEndian(UInt16(16))
        wav.append(contentsOf: Data("data".utf8))
        wav.appendLittleEndian(UInt32(samples.count))
        wav.append(samples)
        return wav
    }

    /// `data` as a zlib stream of stored deflate blocks.
    private static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let count = min(65_535, data.count - offset)
            out.append(offset + count == data.count ? 1 : 0)
            out.appendLittleEndian(UInt16(count))
            out.appendLittleEndian(~UInt16(count))
            out.append(data[data.startIndex + offset..<data.startIndex + offset + count])
            offset += count
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        out.appendBigEndian(b << 16 | a)
        return out
    }
}

/// Hand-made zips (stored members) for archives the writer would never produce.
enum TestZip {
    /// One member: its name, contents and Unix mode (type and permissions).
    struct Member {
        var name: String
        var contents: Data
        var mode: UInt32 = 0o100644
    }

    /// A zip holding `members` in order, with a central directory libarchive trusts.
    static func make(_ members: [Member]) -> Data {
        var body = Data()
        var directory = Data()
        for member in members {
            let name = Data(member.name.utf8)
            let crc = crc32(member.contents)
            let offset = UInt32(body.count)
            body.appendLittleEndian(UInt32(0x0403_4B50))
            body.appendLittleEndian(UInt16(20))  // version needed
            body.appendLittleEndian(UInt16(0x0800))  // UTF-8 names
            body.appendLittleEndian(UInt16(0))  // stored
            body.appendLittleEndian(UInt32(0))  // time, date
            body.appendLittleEndian(crc)
            body.appendLittleEndian(UInt32(member.contents.count))
            body.appendLittleEndian(UInt32(member.contents.count))
            body.appendLittleEndian(UInt16(name.count))
            body.appendLittleEndian(UInt16(0))
            body.append(name)
            body.append(member.contents)

            directory.appendLittleEndian(UInt32(0x0201_4B50))
            directory.appendLittleEndian(UInt16(3 << 8 | 20))  // made by Unix
            directory.appendLittleEndian(UInt16(20))
            directory.appendLittleEndian(UInt16(0x0800))
            directory.appendLittleEndian(UInt16(0))
            directory.appendLittleEndian(UInt32(0))
            directory.appendLittleEndian(crc)
            directory.appendLittleEndian(UInt32(member.contents.count))
            directory.appendLittleEndian(UInt32(member.contents.count))
            directory.appendLittleEndian(UInt16(name.count))
            directory.appendLittleEndian(UInt32(0))  // extra and comment lengths
            directory.appendLittleEndian(UInt32(0))  // disk number, internal attributes
            directory.appendLittleEndian(member.mode << 16)
            directory.appendLittleEndian(offset)
            directory.append(name)
        }
        var zip = body
        zip.append(directory)
        zip.appendLittleEndian(UInt32(0x0605_4B50))
        zip.appendLittleEndian(UInt32(0))
        zip.appendLittleEndian(UInt16(members.count))
        zip.appendLittleEndian(UInt16(members.count))
        zip.appendLittleEndian(UInt32(directory.count))
        zip.appendLittleEndian(UInt32(body.count))
        zip.appendLittleEndian(UInt16(0))
        return zip
    }
}

/// The CRC-32 of PNG chunks and zip members.
func crc32(_ data: Data) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
}

extension Data {
    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    mutating func appendBigEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    mutating func appendChunk(_ type: String, _ payload: Data) {
        appendBigEndian(UInt32(payload.count))
        let typed = Data(type.utf8) + payload
        append(typed)
        appendBigEndian(crc32(typed))
    }
}

/// Entries with real media files for the bundle tests.
enum TestEntries {
    /// A medium snapshot of `data` written to `name` in `folder`'s `sources/`.
    static func medium(
        _ kind: MediumKind, named name: String, data: Data,
        in folder: TemporaryDirectory
    ) throws -> MediumSnapshot {
        let url = try folder.file("sources/\(UUID().uuidString)-\(name)", data)
        return MediumSnapshot(
            kind: kind, mimeType: kind == .image ? "image/png" : "audio/x-wav",
            originalFileName: name, byteCount: Int64(data.count),
            sha256: SHA256Hasher.hex(of: data),
            width: kind == .image ? 6 : nil, height: kind == .image ? 4 : nil,
            orientation: kind == .image ? 1 : nil, duration: kind == .audio ? 0.25 : nil,
            sampleRate: kind == .audio ? 8000 : nil, channels: kind == .audio ? 1 : nil,
            sourceURL: url)
    }

    /// "Beach day" with a photo and a recording, times on whole milliseconds.
    static func beachDay(
        in folder: TemporaryDirectory, text: String? = "Beach day\n\nWaves & <sun>."
    )
        throws -> EntrySnapshot
    {
        EntrySnapshot(
            uuid: UUID(uuidString: "5C0D2E6A-9B1F-4E27-8A53-1F2E3D4C5B6A") ?? UUID(),
            creationTime: Date(timeIntervalSince1970: 1_795_960_205.25),
            updateTime: Date(timeIntervalSince1970: 1_795_962_131),
            text: text, tags: ["travel", "sea"], starred: true,
            media: [
                try medium(.image, named: "beach.png", data: TestMedia.png(), in: folder),
                try medium(.audio, named: "waves.wav", data: TestMedia.wav(), in: folder)
            ])
    }

    /// `entry` with every medium's `sourceURL` replaced, to compare bundles' contents.
    static func withoutSources(_ entry: EntrySnapshot) -> EntrySnapshot {
        var copy = entry
        for position in copy.media.indices {
            copy.media[position].sourceURL = URL(fileURLWithPath: "/")
        }
        return copy
    }
}

/// A reader that accepts every medium.
let acceptingReader = BundleReader { _, _ in }

/// The error reading `bundle` gives, nil when it reads.
func readError(_ bundle: URL, reader: BundleReader = acceptingReader) -> BundleError? {
    do {
        _ = try reader.read(bundle)
        return nil
    } catch {
        return error
    }
}

/// A fixed time zone one hour east of UTC, so dates and offsets are predictable.
let testTimeZone = TimeZone(secondsFromGMT: 3600) ?? .current

extension Fixture {
    /// The SHA-256 of fixture `name`.
    static func sha256(_ name: String) throws -> String {
        SHA256Hasher.hex(of: try Data(contentsOf: url(name)))
    }
}

/// A diary in a fresh temporary folder, removed with the folder.
final class TestDiary {
    let folder: TemporaryDirectory
    let diary: Diary
    var directory: URL { diary.directory }

    /// A new diary, encrypted with `key` when one is given.
    init(key: DiaryKey? = nil) throws {
        folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let directory = folder.url.appendingPathComponent("store")
        diary = try key.map { try Diary(directory: directory, key: $0) } ?? Diary(directory: directory)
    }

    /// Saves a new entry made by `configure`.
    @discardableResult
    func add(_ configure: (EntryEditor) throws -> Void) throws -> EntryRecord {
        let editor = try diary.newEntry()
        try configure(editor)
        return try editor.save()
    }

    /// Saves a new entry with `text` created at `time`, written in `zone` (the process's by default).
    @discardableResult
    func add(_ text: String, at time: Date, tags: [String] = [], writtenIn zone: TimeZone? = nil) throws -> EntryRecord
    {
        try add { editor in
            editor.text = text
            editor.entry.creationTime = time
            if let zone { editor.timeZoneIdentifier = zone.identifier }
            try editor.addTags(tags)
        }
    }

    /// The names of the blob files (hashes) in the store's blob directory.
    func blobFiles() throws -> Set<String> {
        try BlobStore(directory: diary.blobDirectory).allHashes()
    }
}

/// A time zone by identifier, for tests that need a fixed one.
func zone(_ identifier: String) throws -> TimeZone {
    try #require(TimeZone(identifier: identifier))
}

/// The instant of a local wall-clock time in `timeZone`.
func localTime(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0,
    in timeZone: TimeZone
) throws -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return try #require(
        calendar.date(
            from: DateComponents(
                year: year, month: month, day: day,
                hour: hour, minute: minute)))
}
