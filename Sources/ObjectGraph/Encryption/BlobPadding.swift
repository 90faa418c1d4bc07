/// The bucket an encrypted blob's content is padded to (layout 3, see `BlobCipher`), so that a
/// file's length tells only the bucket, never the exact size of the photo or recording.
///
/// Content of *L* bytes is padded with zeros up to the next multiple of a step: 4 KiB, or for
/// *L* ≥ 128 KiB the power of two 1/32 of the largest power of two not above *L*
/// (2^(⌊log2 L⌋ − 5)). That keeps the five leading bits of the length and rounds the rest up,
/// like Padmé (Nikitin et al., "Reducing Metadata Leakage from Encrypted Files and
/// Communication with PURBs", 2019) with a fixed five-bit mantissa and a 4 KiB floor; padding
/// costs under 1/32 (3.1 %) of the content from 128 KiB on, and at most 4 KiB below. Empty
/// content pads to one step like any other small content.
enum BlobPadding {
    /// The smallest step, and the smallest padded size.
    static let minimumStep: Int64 = 4096
    /// How many leading bits of the length a bucket keeps.
    static let significantBits = 5
    /// The largest content length a file may record (2^60 bytes), so that its padded size and
    /// file length are far from overflowing.
    static let largestContentSize: Int64 = 1 << 60

    /// The length content of `byteCount` bytes (at least 0) is padded to.
    static func paddedSize(ofContentSize byteCount: Int64) -> Int64 {
        let step = self.step(forContentSize: byteCount)
        guard byteCount > 0 else { return step }
        return ((byteCount - 1) / step + 1) * step
    }

    /// The multiple that content of `byteCount` bytes is padded to.
    static func step(forContentSize byteCount: Int64) -> Int64 {
        let highestBit = Int64.bitWidth - 1 - byteCount.leadingZeroBitCount
        let shift = highestBit - significantBits
        return shift > minimumStep.trailingZeroBitCount ? Int64(1) << shift : minimumStep
    }
}
