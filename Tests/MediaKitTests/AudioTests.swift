import CMediaShim
import Foundation
import TestSupport
import Testing

@testable import MediaKit

@Suite struct AudioTests {
    let inspector = MediaInspector()

    struct Expected: Sendable, CustomStringConvertible {
        let file: String
        let container: String
        let encoding: String
        let sampleRate: Int
        let channels: Int
        let mimeType: String
        var description: String { file }
    }

    static let expectations: [Expected] = [
        Expected(
            file: "audio-tone.wav", container: "WAV", encoding: "Signed 16 bit PCM", sampleRate: 8000, channels: 1,
            mimeType: "audio/x-wav"),
        Expected(
            file: "audio-tone.aiff", container: "AIFF", encoding: "Signed 16 bit PCM", sampleRate: 8000,
            channels: 2, mimeType: "audio/aiff"),
        // Every FLAC is read by FFmpeg, which names its codec.
        Expected(
            file: "audio-tone.flac", container: "FLAC", encoding: "FLAC", sampleRate: 8000,
            channels: 2, mimeType: "audio/flac"),
        Expected(
            file: "audio-tone.ogg", container: "OGG", encoding: "Vorbis", sampleRate: 16000, channels: 1,
            mimeType: "audio/ogg"),
        Expected(
            file: "audio-tone.opus", container: "OGG", encoding: "Opus", sampleRate: 48000, channels: 1,
            mimeType: "audio/ogg"),
        Expected(
            file: "audio-tone.mp3", container: "MPEG", encoding: "MPEG Layer III", sampleRate: 44100,
            channels: 1, mimeType: "audio/mpeg")
    ]

    @Test(arguments: expectations)
    func probeReportsFormatAndDuration(_ expected: Expected) throws {
        guard case .audio(let info) = try inspector.probe(fileAt: Fixture.url(expected.file)) else {
            Issue.record("\(expected.file) was not probed as audio")
            return
        }
        #expect(info.container == expected.container)
        #expect(info.encoding == expected.encoding)
        #expect(info.sampleRate == expected.sampleRate)
        #expect(info.channels == expected.channels)
        #expect(info.mimeType == expected.mimeType)
        #expect(abs(info.duration - 0.25) < 0.06, "\(info.duration)")
    }

    @Test(arguments: expectations)
    func validateDecodesEveryFrame(_ expected: Expected) throws {
        guard case .audio(let info) = try inspector.validate(fileAt: Fixture.url(expected.file)) else {
            Issue.record("not audio")
            return
        }
        #expect(info.frames > 0)
        #expect(abs(info.duration - 0.25) < 0.06, "\(info.duration)")
    }

    @Test func wavDurationIsExact() throws {
        guard case .audio(let info) = try inspector.validate(fileAt: Fixture.url("audio-tone.wav")) else {
            Issue.record("not audio")
            return
        }
        #expect(info.frames == 2000)
        #expect(info.duration == 0.25)
    }

    @Test func truncatedDataChunkIsDamage() {
        let url = Fixture.url("broken-truncated-data.wav")
        #expect(throws: MediaError.truncated(path: url.path, detail: "the data chunk is shorter than its header says"))
        {
            try inspector.validate(fileAt: url)
        }
        #expect(throws: MediaError.self) { try inspector.importAudio(fileAt: url) }
    }

    @Test func truncatedDataChunkStillProbesWithTheFramesPresent() throws {
        guard case .audio(let info) = try inspector.probe(fileAt: Fixture.url("broken-truncated-data.wav")) else {
            Issue.record("not audio")
            return
        }
        #expect(info.frames > 0 && info.frames < 2000)
    }

    @Test func waveformFollowsTheSignal() throws {
        // 2000 frames of a 0.5 square wave, then 2000 frames of silence.
        let (info, peaks) = try inspector.importAudio(fileAt: Fixture.url("audio-half-square.wav"), peakCount: 10)
        #expect(info.frames == 4000)
        #expect(peaks.count == 20)
        for pair in 0..<5 {
            #expect(abs(peaks[pair * 2] + 0.5) < 0.02 && abs(peaks[pair * 2 + 1] - 0.5) < 0.02, "\(peaks)")
        }
        for pair in 5..<10 {
            #expect(peaks[pair * 2] == 0 && peaks[pair * 2 + 1] == 0, "\(peaks)")
        }
    }

    @Test func waveformAccumulatorSplitsFramesEvenlyAcrossChunks() {
        var accumulator = WaveformAccumulator(peakCount: 4, expectedFrames: 8)
        let samples: [Float] = [0.1, -0.1, 0.2, -0.2, 0.3, -0.3, 0.4, -0.4]
        samples.withUnsafeBufferPointer { accumulator.add(UnsafeBufferPointer(rebasing: $0[0..<3]), channels: 1) }
        samples.withUnsafeBufferPointer { accumulator.add(UnsafeBufferPointer(rebasing: $0[3..<8]), channels: 1) }
        #expect(accumulator.peaks == [-0.1, 0.1, -0.2, 0.2, -0.3, 0.3, -0.4, 0.4])
    }

    @Test func waveformSurvivesAbsurdCounts() {
        // A damaged header may declare any frame count; the caller any peak count.
        var accumulator = WaveformAccumulator(peakCount: Int.max, expectedFrames: .max)
        let samples: [Float] = [0.5, -0.5, 0.25]
        samples.withUnsafeBufferPointer { accumulator.add($0, channels: 1) }
        let peaks = accumulator.peaks
        #expect(peaks.count == WaveformAccumulator.maxPeakCount * 2)
        #expect(Array(peaks.prefix(2)) == [-0.5, 0.5])
        var none = WaveformAccumulator(peakCount: -3, expectedFrames: 10)
        samples.withUnsafeBufferPointer { none.add($0, channels: 1) }
        #expect(none.peaks.isEmpty)
    }

    @Test func waveformImageIsAPNGOfTheRequestedSize() throws {
        let (_, peaks) = try inspector.importAudio(fileAt: Fixture.url("audio-half-square.wav"), peakCount: 100)
        let png = try inspector.waveformImage(peaks: peaks, width: 100, height: 40)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let picture = try decodedPicture(png)
        #expect(picture.width == 100 && picture.height == 40)
        #expect(picture.pixel(10, 12) != [255, 255, 255])  // the loud half is drawn tall
        #expect(picture.pixel(90, 12) == [255, 255, 255])  // the silent half is a flat line
        #expect(picture.pixel(90, 20) != [255, 255, 255])
    }

    @Test func importAudioRefusesImages() {
        #expect(
            throws: MediaError.unsupported(
                path: Fixture.url("jpeg-baseline.jpg").path,
                detail: "an image, not a recording")
        ) {
            try inspector.importAudio(fileAt: Fixture.url("jpeg-baseline.jpg"))
        }
    }
}

@Suite struct MP3SilenceTests {
    @Test func libmpg123HandlesAreCreatedQuiet() throws {
        let before = cms_mpg123_quiet_handle_count()
        _ = try MediaInspector().validate(fileAt: Fixture.url("audio-tone.mp3"))
        #expect(cms_mpg123_quiet_handle_count() > before)
    }
}
