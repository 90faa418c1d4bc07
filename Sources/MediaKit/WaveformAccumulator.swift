/// Folds a stream of samples into `peakCount` (min, max) pairs over equal spans of frames.
struct WaveformAccumulator {
    private let peakCount: Int
    private let expectedFrames: Int64
    private var minima: [Float]
    private var maxima: [Float]
    private var frame: Int64 = 0

    /// Largest peak count and frame count used in the bucket arithmetic; their product stays
    /// far inside Int64 whatever a damaged header declares.
    static let maxPeakCount = 1 << 20
    private static let maxExpectedFrames: Int64 = 1 << 40

    /// An accumulator of `peakCount` pairs (clamped to 0...`maxPeakCount`) over the
    /// `expectedFrames` the header declares.
    init(peakCount: Int, expectedFrames: Int64) {
        self.peakCount = min(max(0, peakCount), Self.maxPeakCount)
        self.expectedFrames = min(max(1, expectedFrames), Self.maxExpectedFrames)
        minima = [Float](repeating: .infinity, count: self.peakCount)
        maxima = [Float](repeating: -.infinity, count: self.peakCount)
    }

    /// Adds interleaved samples of whole frames.
    mutating func add(_ samples: UnsafeBufferPointer<Float>, channels: Int) {
        guard peakCount > 0 else { return }
        let frames = samples.count / channels
        var index = 0
        while index < frames {
            // Frames up to the end of the current bucket share one min/max scan.
            let peaks = Int64(peakCount)
            let bucket = Int(min(peaks - 1, min(frame, Self.maxExpectedFrames) * peaks / expectedFrames))
            let bucketEnd = (Int64(bucket + 1) * expectedFrames + peaks - 1) / peaks
            let run =
                bucket == peakCount - 1
                ? frames - index : Int(min(Int64(frames - index), max(1, bucketEnd - frame)))
            let chunk = UnsafeBufferPointer(rebasing: samples[(index * channels)..<((index + run) * channels)])
            let (low, high) = Self.extremes(of: chunk, low: minima[bucket], high: maxima[bucket])
            minima[bucket] = low
            maxima[bucket] = high
            index += run
            frame += Int64(run)
        }
    }

    /// The smallest and largest of `samples`, `low` and `high`; 16 lanes at a time.
    private static func extremes(of samples: UnsafeBufferPointer<Float>, low: Float, high: Float) -> (Float, Float) {
        var low = low, high = high
        var index = 0
        if let base = samples.baseAddress, samples.count >= 16 {
            let raw = UnsafeRawPointer(base)
            var lows = SIMD16<Float>(repeating: low), highs = SIMD16<Float>(repeating: high)
            while index + 16 <= samples.count {
                let lanes = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD16<Float>.self)
                // Mask-and-replace compiles to vector compares; pointwiseMin goes lane by lane.
                lows.replace(with: lanes, where: lanes .< lows)
                highs.replace(with: lanes, where: lanes .> highs)
                index += 16
            }
            low = lows.min()
            high = highs.max()
        }
        while index < samples.count {
            low = min(low, samples[index])
            high = max(high, samples[index])
            index += 1
        }
        return (low, high)
    }

    /// The pairs flattened: min0, max0, min1, max1, …; buckets no frame reached are 0, 0.
    var peaks: [Float] {
        var result = [Float]()
        result.reserveCapacity(peakCount * 2)
        for bucket in 0..<peakCount {
            let empty = minima[bucket] > maxima[bucket]
            result.append(empty ? 0 : max(-1, minima[bucket]))
            result.append(empty ? 0 : min(1, maxima[bucket]))
        }
        return result
    }
}
