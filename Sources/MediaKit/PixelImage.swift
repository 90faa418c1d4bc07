/// A small picture as 8-bit RGB rows, for drawing where a file format is not wanted (a
/// terminal): a stored thumbnail decoded, a waveform drawn, or several side by side.
public struct PixelImage: Sendable, Hashable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// `width * height * 3` bytes, red, green, blue, row after row from the top.
    public let rgb: [UInt8]

    /// Wraps RGB rows; nil unless `rgb` holds exactly `width * height` pixels of a non-empty picture.
    public init?(width: Int, height: Int, rgb: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height * 3) == (rgb.count, false) else {
            return nil
        }
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// The picture of `picture` without alpha (composited on white).
    init(_ picture: Picture) {
        let flat = picture.flattenedOnWhite()
        width = flat.width
        height = flat.height
        rgb = flat.bytes
    }

    /// `images` side by side, each scaled to `height` pixels high (never enlarged past its own
    /// height: a smaller one is centred), `gap` pixels of `background` between them; nil when
    /// `images` is empty.
    public static func strip(
        _ images: [PixelImage], height: Int, gap: Int = 4,
        background: (UInt8, UInt8, UInt8) = (0, 0, 0)
    ) -> PixelImage? {
        let height = max(1, height)
        let scaled = images.map { $0.scaled(toFitHeight: height) }
        guard !scaled.isEmpty else { return nil }
        let width = scaled.map(\.width).reduce(0, +) + gap * (scaled.count - 1)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: rgb.count, by: 3) {
            (rgb[index], rgb[index + 1], rgb[index + 2]) = background
        }
        var left = 0
        for image in scaled {
            let top = (height - image.height) / 2
            for y in 0..<image.height {
                let source = y * image.width * 3
                let target = ((top + y) * width + left) * 3
                rgb.replaceSubrange(
                    target..<(target + image.width * 3),
                    with: image.rgb[source..<(source + image.width * 3)])
            }
            left += image.width + gap
        }
        return PixelImage(width: width, height: height, rgb: rgb) ?? scaled[0]
    }

    /// The picture averaged down to `height` pixels high, aspect kept; itself when not taller.
    func scaled(toFitHeight height: Int) -> PixelImage {
        guard self.height > height else { return self }
        let width = max(1, (self.width * height + self.height / 2) / self.height)
        var averager = AreaAverager(
            sourceWidth: self.width, sourceHeight: self.height,
            width: width, height: height, hasAlpha: false)
        rgb.withUnsafeBufferPointer { rows in
            guard let base = rows.baseAddress else { return }
            for y in 0..<self.height {
                averager.add(row: base + y * self.width * 3, y: y, channels: 3)
            }
        }
        return PixelImage(averager.picture())
    }
}
