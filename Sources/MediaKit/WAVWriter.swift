import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes decoded audio as a 16-bit PCM WAV file, chunk by chunk: memory stays the same
/// whatever the length. The header's sizes are filled in once the data is written.
struct WAVWriter {
    /// The largest data chunk a RIFF header can state.
    static let maximumDataBytes = Int64(UInt32.max) - 36

    /// Calls `read` (interleaved floats, 0 frames at the end) to the end and writes what it
    /// gives to a new file at `destination` (replacing one there); returns the frames written.
    /// Throws `encodingFailed` when the file cannot be written or would exceed 4 GiB, and what
    /// `read` throws.
    static func write(
        to destination: URL, sampleRate: Int, channels: Int,
        read: (UnsafeMutablePointer<Float>, Int) throws(MediaError) -> Int
    ) throws(MediaError) -> Int64 {
        guard sampleRate > 0, channels > 0, channels <= 64 else {
            throw .encodingFailed(detail: "cannot write a WAV of \(channels) channels at \(sampleRate) Hz")
        }
        guard let file = fopen(destination.path, "wb") else {
            throw .encodingFailed(detail: "cannot create \(destination.path): " + String(cString: strerror(errno)))
        }
        var closed = false
        defer { if !closed { fclose(file) } }
        func put(_ bytes: [UInt8]) throws(MediaError) {
            let done = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
            guard done else {
                throw .encodingFailed(detail: "cannot write \(destination.path): " + String(cString: strerror(errno)))
            }
        }
        try put(Self.header(sampleRate: sampleRate, channels: channels, dataBytes: 0))

        let chunkFrames = max(1, 16_384 / channels)
        let samples = UnsafeMutablePointer<Float>.allocate(capacity: chunkFrames * channels)
        defer { samples.deallocate() }
        var pcm = [Int16](repeating: 0, count: chunkFrames * channels)
        var frames: Int64 = 0
        while true {
            let got = try read(samples, chunkFrames)
            if got == 0 { break }
            for index in 0..<(got * channels) {
                let value = samples[index]
                let clamped = value.isFinite ? max(-1, min(1, value)) : 0
                pcm[index] = Int16((clamped * 32767).rounded()).littleEndian
            }
            frames += Int64(got)
            guard frames * Int64(channels) * 2 <= maximumDataBytes else {
                throw .encodingFailed(detail: "\(destination.path) would exceed the 4 GiB a WAV file can hold")
            }
            let done = pcm.withUnsafeBytes { fwrite($0.baseAddress, 2, got * channels, file) == got * channels }
            guard done else {
                throw .encodingFailed(detail: "cannot write \(destination.path): " + String(cString: strerror(errno)))
            }
        }
        let header = Self.header(
            sampleRate: sampleRate, channels: channels, dataBytes: UInt32(frames * Int64(channels) * 2))
        guard fseek(file, 0, SEEK_SET) == 0 else {
            throw .encodingFailed(detail: "cannot rewind \(destination.path): " + String(cString: strerror(errno)))
        }
        try put(header)
        closed = true
        guard fclose(file) == 0 else {
            throw .encodingFailed(detail: "cannot write \(destination.path): " + String(cString: strerror(errno)))
        }
        return frames
    }

    /// The 44-byte RIFF/WAVE header of 16-bit PCM with `dataBytes` of samples.
    static func header(sampleRate: Int, channels: Int, dataBytes: UInt32) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44)
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        bytes += Array("RIFF".utf8)
        append32(36 &+ dataBytes)
        bytes += Array("WAVEfmt ".utf8)
        append32(16)
        append16(1)  // PCM
        append16(UInt16(channels))
        append32(UInt32(sampleRate))
        append32(UInt32(sampleRate * channels * 2))  // bytes per second
        append16(UInt16(channels * 2))  // bytes per frame
        append16(16)  // bits per sample
        bytes += Array("data".utf8)
        append32(dataBytes)
        return bytes
    }
}
