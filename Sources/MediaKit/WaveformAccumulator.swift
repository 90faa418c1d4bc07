/// Folds a stream of samples into `peakCount` (min, max) pairs over equal spans of frames.
struct WaveformAccumulator {
    private let peakCount: Int
    private let expectedFrames: Int64
    private var minima: [Float]
    private var maxima: [Float]
    private var frame: Int64 = 0

    init(peakCount: Int, expectedFrames: Int64) {
        self.peakCount = peakCount
        self.expectedFrames = max(1, expectedFrames)
        minima = [Float](repeating: .infinity, count: peakCount)
        maxima = [Float](repeating: -.infinity, count: peakCount)
    }

    /// Adds interleaved samples of whole frames.
    mutating func add(_ samples: UnsafeBufferPointer<Float>, channels: Int) {
        guard peakCount > 0 else { return }
        let frames = samples.count / channels
        var index = 0
        while index < frames {
            // Frames up to the end of the current bucket share one min/max scan.
            let bucket = Int(min(Int64(peakCount - 1), frame * Int64(peakCount) / expectedFrames))
            let bucketEnd = (Int64(bucket + 1) * expectedFrames + Int64(peakCount) - 1) / Int64(peakCount)
            let run = bucket == peakCount - 1 ? frames - index : Int(min(Int64(frames - index), max(1, bucketEnd - frame)))
            let (low, high) = Self.extremes(of: UnsafeBufferPointer(rebasing: samples[(index * channels)..<((index + run) * channels)]),
                                            low: minima[bucket], high: maxima[bucket])
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
