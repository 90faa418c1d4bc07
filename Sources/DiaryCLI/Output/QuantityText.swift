import DiaryKit

/// Counts, sizes and durations in words for the human output.
enum QuantityText {
    /// `1 photo`, `2 photos`: the count and the noun, pluralised with `s` unless
    /// another plural is given (`1 entry`, `2 entries`).
    static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
    }

    /// `2 photos, 1 recording` for an entry's media; empty when it has none.
    static func mediaSummary(_ media: [MediumRecord]) -> String {
        let photos = media.filter { $0.kind == .image }.count
        let recordings = media.count - photos
        var parts: [String] = []
        if photos > 0 { parts.append(count(photos, "photo")) }
        if recordings > 0 { parts.append(count(recordings, "recording")) }
        return parts.joined(separator: ", ")
    }

    /// A file size in decimal units: `812 bytes`, `1 byte`, `45.3 KB`, `12.0 MB`, `1.5 GB`.
    static func byteCount(_ bytes: Int64) -> String {
        if bytes < 1000 { return count(Int(bytes), "byte") }
        var value = Double(bytes) / 1000
        for unit in ["KB", "MB", "GB"] {
            if value < 999.95 || unit == "GB" {
                return oneDecimal(value) + " " + unit
            }
            value /= 1000
        }
        return oneDecimal(value) + " TB"
    }

    /// `m:ss` (or `h:mm:ss` from an hour on), rounded to the nearest second; a clip
    /// shorter than 10 seconds keeps tenths (`0:00.3`) so it never reads as nothing.
    /// A duration that is not a number reads as 0; one beyond 10^12 s (a damaged store) as 10^12 s.
    static func duration(_ recorded: Double) -> String {
        let seconds = recorded.isNaN ? 0 : min(max(0, recorded), 1e12)
        if seconds < 9.95 {
            let tenths = Int((seconds * 10).rounded())
            return "0:0\(tenths / 10).\(tenths % 10)"
        }
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total % 3600 / 60, total % 60)
        return hours > 0
            ? "\(hours):\(minutes.zeroPadded(2)):\(rest.zeroPadded(2))" : "\(minutes):\(rest.zeroPadded(2))"
    }

    /// `44.1 kHz`, `8 kHz`.
    static func sampleRate(_ hertz: Int) -> String {
        hertz % 1000 == 0 ? "\(hertz / 1000) kHz" : oneDecimal(Double(hertz) / 1000) + " kHz"
    }

    /// `mono`, `stereo`, `6 channels`.
    static func channels(_ count: Int) -> String {
        switch count {
        case 1: "mono"
        case 2: "stereo"
        default: self.count(count, "channel")
        }
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
