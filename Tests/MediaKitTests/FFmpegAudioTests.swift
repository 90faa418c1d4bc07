import Foundation
import TestSupport
import Testing

@testable import MediaKit

/// Recordings libsndfile refuses or misreads, read through FFmpeg: every FLAC the format allows,
/// M4A with AC-3, E-AC-3, FLAC and Opus, Ogg FLAC and Speex, MP3 inside a WAV. The duration is
/// always what was decoded; a recording with nothing to decode and a video are refused.
@Suite struct FFmpegAudioTests {
    let inspector = MediaInspector()

    struct Recording: Sendable, CustomStringConvertible {
        let file: String
        let container: String
        let mimeType: String
        let sampleRate: Int
        let channels: Int
        /// The frames decoded, when exact (nil: about 0.25 s, the codec's framing aside).
        var frames: Int64?
        var description: String { file }
    }

    static let recordings: [Recording] = [
        Recording(file: "audio-tone-ac3.m4a", container: "MP4", mimeType: "audio/mp4", sampleRate: 48000, channels: 1),
        Recording(file: "audio-tone-eac3.m4a", container: "MP4", mimeType: "audio/mp4", sampleRate: 48000, channels: 1),
        Recording(
            file: "audio-tone-flac.m4a", container: "MP4", mimeType: "audio/mp4", sampleRate: 48000, channels: 1,
            frames: 12000),
        Recording(file: "audio-tone-opus.m4a", container: "MP4", mimeType: "audio/mp4", sampleRate: 48000, channels: 1),
        // As FFmpeg decodes it (`ffmpeg -i F -f s16le -`): the encoder's delay and padding included.
        Recording(
            file: "audio-mp3-in.wav", container: "WAV", mimeType: "audio/x-wav", sampleRate: 8000, channels: 1,
            frames: 3456),
        Recording(
            file: "audio-flac.oga", container: "OGG", mimeType: "audio/ogg", sampleRate: 16000, channels: 1,
            frames: 4000),
        Recording(file: "audio-speex.spx", container: "OGG", mimeType: "audio/ogg", sampleRate: 16000, channels: 1),
        Recording(
            file: "audio-tone.flac", container: "FLAC", mimeType: "audio/flac", sampleRate: 8000, channels: 2,
            frames: 2000),
        // STREAMINFO's total is 0 (unknown, which the format allows): libsndfile said "decoded
        // 2000 of 9223372036854775807 frames".
        Recording(
            file: "flac-no-total.flac", container: "FLAC", mimeType: "audio/flac", sampleRate: 8000, channels: 2,
            frames: 2000),
        // STREAMINFO says 1000 frames; the file holds 2000, and the length is what it holds.
        Recording(
            file: "flac-short-total.flac", container: "FLAC", mimeType: "audio/flac", sampleRate: 8000,
            channels: 2, frames: 2000)
    ]

    @Test(arguments: recordings)
    func validateAndImportDecodeEveryFrameAndMeasureTheLengthFromTheData(_ recording: Recording) throws {
        guard case .audio(let info) = try inspector.validate(fileAt: Fixture.url(recording.file)) else {
            Issue.record("\(recording.file) was not read as a recording")
            return
        }
        #expect(info.container == recording.container)
        #expect(info.mimeType == recording.mimeType)
        #expect(info.sampleRate == recording.sampleRate && info.channels == recording.channels)
        if let frames = recording.frames {
            #expect(info.frames == frames)
        } else {
            #expect(abs(info.duration - 0.25) < 0.1, "\(info.duration)")
        }
        let (imported, peaks) = try inspector.importAudio(fileAt: Fixture.url(recording.file), peakCount: 10)
        #expect(imported == info)
        #expect(peaks.count == 20 && peaks.contains { $0 > 0.05 }, "\(peaks)")  // FFmpeg's sine is at 1/8
        #expect(try inspector.sniff(fileAt: Fixture.url(recording.file)) == .audio)
    }

    @Test func aFLACCutInItsFramesIsTruncated() {
        let url = Fixture.url("broken-truncated.flac")
        var caught: (any Error)?
        do { _ = try inspector.validate(fileAt: url) } catch { caught = error }
        #expect(caught.map(ImageDamageTests.kind(of:)) == .truncated, "\(String(describing: caught))")
    }

    @Test func aRecordingInWhichNothingDecodesIsRefusedAsAnEmptyPhotoIs() {
        let url = Fixture.url("broken-no-audio.wav")
        #expect(
            throws: MediaError.corrupt(
                path: url.path, detail: "no audio: nothing in the file decodes to a single sample")
        ) {
            try inspector.validate(fileAt: url)
        }
        #expect(throws: MediaError.self) { try inspector.importAudio(fileAt: url) }
    }

    @Test func aVideoIsNotASupportedFormatRatherThanDamaged() {
        let url = Fixture.url("broken-video.ogv")
        #expect(
            throws: MediaError.unsupported(
                path: url.path,
                detail: "not a supported format: a video (theora), not a photo or a recording")
        ) {
            try inspector.validate(fileAt: url)
        }
    }
}
