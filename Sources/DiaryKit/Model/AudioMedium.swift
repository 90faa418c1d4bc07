import Foundation
import ObjectGraph

/// A recording: its measured duration, sample rate, channels and waveform peaks.
final class AudioMedium: Medium {
    @Attribute(minValue: 0) var duration: Double
    @Attribute(minValue: 1) var sampleRate: Int32
    @Attribute(minValue: 1) var channels: Int16
    /// Min/max peak pairs as little-endian `Float32`s.
    @Attribute var waveform: Data?
}
