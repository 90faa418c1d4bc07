import Foundation
import TestSupport
import Testing

@testable import MediaKit

@Suite struct ContentSniffingTests {
    let inspector = MediaInspector()

    @Test(arguments: [
        ("jpeg-baseline.jpg", MediaKind.image), ("png-rgb-8.png", .image), ("png-named.jpg", .image),
        ("audio-tone.wav", .audio), ("audio-tone.flac", .audio), ("audio-tone.ogg", .audio),
        ("audio-tone.aiff", .audio), ("audio-tone.opus", .audio), ("audio-tone.mp3", .audio)
    ])
    func sniffRecognisesByContent(_ name: String, _ kind: MediaKind) throws {
        #expect(try inspector.sniff(fileAt: Fixture.url(name)) == kind)
    }

    @Test(arguments: ["broken-text.jpg", "broken-text.wav", "broken-zero-bytes.jpg", "broken-random.bin"])
    func sniffRejectsWhatIsNotMedia(_ name: String) throws {
        #expect(try inspector.sniff(fileAt: Fixture.url(name)) == nil)
    }

    @Test func aPNGNamedJPGIsProbedAsPNG() throws {
        #expect(try inspector.probe(fileAt: Fixture.url("png-named.jpg")).mimeType == "image/png")
    }

    @Test func aTextFileNamedWAVIsNotRecognisedAudio() {
        #expect(throws: MediaError.unrecognisedFormat(path: Fixture.url("broken-text.wav").path)) {
            try inspector.importAudio(fileAt: Fixture.url("broken-text.wav"))
        }
    }

    @Test func aDirectoryIsUnreadable() {
        #expect(throws: MediaError.unreadable(path: Fixture.folder.path, reason: "not a regular file")) {
            try inspector.sniff(fileAt: Fixture.folder)
        }
    }
}
