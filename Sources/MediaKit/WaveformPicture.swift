/// Draws waveform peaks as a small picture: one vertical bar per column on white.
enum WaveformPicture {
    /// A `width` x `height` RGB picture of `peaks` (min/max pairs in -1...1).
    static func render(peaks: [Float], width: Int, height: Int) -> Picture {
        let width = max(1, width), height = max(1, height)
        var bytes = [UInt8](repeating: 255, count: width * height * 3)
        let pairs = peaks.count / 2
        let middle = height / 2
        for x in 0..<width {
            var low: Float = 0, high: Float = 0
            if pairs > 0 {
                let first = x * pairs / width
                let last = max(first, (x + 1) * pairs / width - 1)
                low = (first...last).map { peaks[$0 * 2] }.min() ?? 0
                high = (first...last).map { peaks[$0 * 2 + 1] }.max() ?? 0
            }
            func row(_ value: Float) -> Int {
                let clamped = max(-1, min(1, value.isFinite ? value : 0))
                return max(0, min(height - 1, Int((Float(height - 1) * (1 - clamped) / 2).rounded())))
            }
            let top = min(row(high), middle), bottom = max(row(low), middle)
            for y in top...bottom {
                let index = (y * width + x) * 3
                bytes[index] = 0x33
                bytes[index + 1] = 0x66
                bytes[index + 2] = 0xCC
            }
        }
        return Picture(width: width, height: height, channels: 3, bytes: bytes)
    }
}
