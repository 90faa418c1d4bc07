import Foundation
import TestSupport
import Testing

@testable import MediaKit

/// Progressive JPEGs at 1/8 scale keep only DC values and nonzero masks of their
/// coefficients (CMediaShim's compact store): the pixels must be libjpeg's own, and an intact
/// file must decode without warnings (a wrong mask misreads the AC refinement scans, which
/// libjpeg reports as corrupt data even though the 1/8 pixels come from DC values alone).
@Suite struct ProgressiveJPEGTests {
    /// Every byte of a 1/8-scale decode, with the compact store or libjpeg's full arrays.
    static func eighthScaleRows(
        _ name: String, fullCoefficients: Bool
    ) throws -> (width: Int, height: Int, bytes: [UInt8]) {
        let file = try MediaFile(url: Fixture.url(name), limits: MediaLimits())
        let decoder = try JPEGDecoder(file: file)
        let header = try decoder.readHeader()
        #expect(header.progressive != 0)
        if fullCoefficients { decoder.keepFullCoefficients() }
        let output = try decoder.start(scaleDenominator: 8)
        let stride = output.width * output.channels
        var bytes = [UInt8](repeating: 0, count: stride * output.height)
        var y = 0
        while y < output.height {
            let rows = try bytes.withUnsafeMutableBufferPointer { buffer throws(MediaError) in
                try decoder.readRows(
                    into: buffer.baseAddress! + y * stride, stride: stride,
                    maxRows: min(16, output.height - y))
            }
            guard rows > 0 else { break }
            y += rows
        }
        try decoder.finish()
        try decoder.throwIfWarned()
        #expect(y == output.height)
        return (output.width, output.height, bytes)
    }

    @Test(arguments: ["jpeg-progressive.jpg", "jpeg-progressive-detail-444.jpg", "jpeg-progressive-detail-420.jpg"])
    func compactCoefficientsDecodeTheSamePixels(_ name: String) throws {
        let compact = try Self.eighthScaleRows(name, fullCoefficients: false)
        let full = try Self.eighthScaleRows(name, fullCoefficients: true)
        #expect(compact.width == full.width && compact.height == full.height)
        // Not a flat picture: the comparison below means something.
        #expect(Set(full.bytes).count > 16, "\(name)")
        #expect(compact.bytes == full.bytes, "\(name)")
    }

    @Test func eighthScaleProgressiveThumbnailMatchesReference() throws {
        // 64 x 48 to longest side 8 takes the 1/8 path.
        #expect(ImageReader.scaleDenominator(width: 64, height: 48, maxSide: 8) == 8)
        let progressive = try pictureOf(Fixture.url("jpeg-progressive.jpg"), maxSide: 8)
        let baseline = try pictureOf(Fixture.url("jpeg-baseline.jpg"), maxSide: 8)
        #expect(progressive.width == 8 && progressive.height == 6)
        #expect(meanDifference(progressive, baseline) < 6)
        #expect(meanDifference(progressive, try pictureOf(Fixture.url("reference.png"), maxSide: 8)) < 6)
    }

    @Test func truncatedProgressiveFileIsDamage() throws {
        let data = try Data(contentsOf: Fixture.url("jpeg-progressive-detail-444.jpg"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mediakit-test-\(UUID().uuidString).jpg")
        try data.prefix(data.count / 2).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: MediaError.self) { try pictureOf(url, maxSide: 8) }
    }
}
