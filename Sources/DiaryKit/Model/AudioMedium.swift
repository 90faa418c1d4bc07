import Foundation
import ObjectGraph

/// A recording: its measured duration, sample rate, channels and waveform peaks.
final class AudioMedium: Medium {
    var duration: Double { get { self["duration"] ?? 0 } set { self["duration"] = newValue } }
    var sampleRate: Int32 { get { self["sampleRate"] ?? 0 } set { self["sampleRate"] = newValue } }
    var channels: Int16 { get { self["channels"] ?? 0 } set { self["channels"] = newValue } }
    /// Min/max peak pairs as little-endian `Float32`s.
    var waveform: Data? { get { self["waveform"] } set { self["waveform"] = newValue } }
}
