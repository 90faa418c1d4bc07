import Foundation
import ObjectGraph
import TestSupport
import Testing

@testable import DiaryKit

@Suite struct EntryCreationTests {
    @Test func twoPhotosAndARecordingKeepTheirFactsAndBlobFiles() throws {
        let store = try TestDiary()
        let record = try store.add { editor in
            editor.text = "Beach day"
            try editor.addMedia([Fixture.url("jpeg-orientation-6.jpg"), Fixture.url("png-rgb-8.png")], expected: .image)
            try editor.addMedia([Fixture.url("audio-tone.wav")], expected: .audio)
            try editor.addTag("travel")
        }
        #expect(record.id > 0)
        #expect(record.text == "Beach day")
        #expect(record.tags == ["travel"])
        #expect(record.media.map(\.index) == [1, 2, 3])
        #expect(record.media.map(\.kind) == [.image, .image, .audio])
        let (rotated, png, tone) = (record.media[0], record.media[1], record.media[2])
        #expect(rotated.width == 48 && rotated.height == 64 && rotated.orientation == 6)
        #expect(rotated.mimeType == "image/jpeg" && rotated.fileName == "jpeg-orientation-6.jpg")
        #expect(png.width == 32 && png.height == 24 && png.orientation == 1)
        #expect(tone.duration == 0.25 && tone.sampleRate == 8000 && tone.channels == 1)
        #expect(tone.width == nil && rotated.duration == nil)
        #expect(rotated.sha256 == (try Fixture.sha256("jpeg-orientation-6.jpg")))
        #expect(tone.sha256 == (try Fixture.sha256("audio-tone.wav")))
        // Even these small files live in the blob directory, byte for byte.
        #expect(try store.blobFiles() == Set(record.media.map(\.sha256)))
        for medium in record.media {
            #expect(medium.fileURL.path.hasPrefix(store.diary.blobDirectory.path))
            #expect(SHA256Hasher.hex(of: try Data(contentsOf: medium.fileURL)) == medium.sha256)
            #expect(Int64(try Data(contentsOf: medium.fileURL).count) == medium.byteCount)
        }
        // Read back through a second diary on the same folder, as another process would.
        let reopened = try Diary(directory: store.directory)
        #expect(try reopened.entry(id: record.id) == record)
    }

    @Test func progressIsReportedPerFile() throws {
        let store = try TestDiary()
        let files = [Fixture.url("png-rgb-8.png"), Fixture.url("audio-tone.wav")]
        let editor = try store.diary.newEntry()
        var checked: [String] = []
        try editor.addMedia(files) { done, total, file in checked.append("\(done)/\(total) \(file.lastPathComponent)") }
        #expect(editor.media.map(\.fileURL) == files)
        var copied: [String] = []
        let record = try editor.save { done, total, file in copied.append("\(done)/\(total) \(file.lastPathComponent)")
        }
        #expect(checked == ["1/2 png-rgb-8.png", "2/2 audio-tone.wav"])
        #expect(copied == checked)
        #expect(editor.entryID == record.id)
        #expect(editor.media.map(\.fileURL) == record.media.map(\.fileURL))
    }

    @Test func theFirstPhotosThumbnailBecomesTheIcon() throws {
        let store = try TestDiary()
        let record = try store.add { editor in
            try editor.addMedia([
                Fixture.url("audio-tone.wav"), Fixture.url("jpeg-baseline.jpg"),
                Fixture.url("png-rgb-8.png")
            ])
        }
        let context = store.diary.makeContext()
        let entry = try store.diary.fetchEntry(record.id, in: context)
        let image = try #require(entry.orderedMedia[1] as? ImageMedium)
        let icon = try #require(entry.icon)
        #expect(icon == image.thumbnail)
        #expect(icon.starts(with: [0xFF, 0xD8]))  // a JPEG
        let waveform = try #require((entry.orderedMedia[0] as? AudioMedium)?.waveform)
        #expect(waveform.count == PreparedMedium.peakCount * 2 * 4)
        // Removing the photo moves the icon to the next one.
        let editor = try store.diary.editEntry(id: record.id)
        try editor.removeMedium(at: 2)
        try editor.save()
        context.reset()
        let after = try store.diary.fetchEntry(record.id, in: context)
        #expect(after.icon == (after.orderedMedia[1] as? ImageMedium)?.thumbnail)
        #expect(after.icon != icon)
    }

    @Test func contentDecidesTheKindNotTheName() throws {
        let store = try TestDiary()
        let record = try store.add { try $0.addMedia([Fixture.url("png-named.jpg")]) }
        #expect(record.media[0].mimeType == "image/png")
        #expect(record.media[0].fileName == "png-named.jpg")
    }

    @Test func aRecordingGivenAsAPhotoIsRefused() throws {
        let store = try TestDiary()
        let editor = try store.diary.newEntry()
        let url = Fixture.url("audio-tone.wav")
        #expect(throws: DiaryError.wrongMediaKind(url, expected: .image, found: .audio)) {
            try editor.addMedia([url], expected: .image)
        }
        #expect(editor.media.isEmpty)
    }
}
