/// Downscales a picture streamed row by row by averaging the source pixels that fall in
/// each target pixel (a box filter: every source pixel counts once, nothing is skipped).
/// Memory is the target picture only. Colours are averaged premultiplied by alpha.
struct AreaAverager {
    let sourceWidth: Int
    let sourceHeight: Int
    let width: Int
    let height: Int
    let hasAlpha: Bool
    /// Target column of each source column.
    private let columnOf: [Int32]
    /// Source pixels per target column and per target row.
    private let columnSpan: [Int32]
    private let rowSpan: [Int32]
    /// Sums per target pixel: red, green, blue (premultiplied when `hasAlpha`), alpha.
    private var sums: [Float]

    /// An averager from `sourceWidth` x `sourceHeight` to `width` x `height` (each at least 1
    /// and at most the source size).
    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, hasAlpha: Bool) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.width = max(1, min(width, sourceWidth))
        self.height = max(1, min(height, sourceHeight))
        self.hasAlpha = hasAlpha
        let targetWidth = self.width, targetHeight = self.height
        columnOf = (0..<sourceWidth).map { Int32($0 * targetWidth / sourceWidth) }
        var columnSpan = [Int32](repeating: 0, count: targetWidth)
        for column in columnOf { columnSpan[Int(column)] += 1 }
        self.columnSpan = columnSpan
        var rowSpan = [Int32](repeating: 0, count: targetHeight)
        for row in 0..<sourceHeight { rowSpan[row * targetHeight / sourceHeight] += 1 }
        self.rowSpan = rowSpan
        sums = [Float](repeating: 0, count: targetWidth * targetHeight * 4)
    }

    /// An averager for `image` decoded at `decodedWidth` x `decodedHeight` (smaller than the
    /// image after DCT scaling), down to the image's size with longest side `maxSide`.
    init(image: ImageInfo, decodedWidth: Int, decodedHeight: Int, maxSide: Int, hasAlpha: Bool) {
        let target = Self.targetSize(width: image.width, height: image.height, maxSide: maxSide)
        self.init(
            sourceWidth: decodedWidth, sourceHeight: decodedHeight, width: target.width,
            height: target.height, hasAlpha: hasAlpha)
    }

    /// The target size for a source, longest side `maxSide` (never enlarged).
    static func targetSize(width: Int, height: Int, maxSide: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard longest > maxSide, maxSide > 0 else { return (width, height) }
        let scale = Double(maxSide) / Double(longest)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// Adds `count` pixels of source row `y` with `channels` (3: RGB, 4: RGBA) 8-bit samples,
    /// the i-th at source column `firstColumn + i * columnStep` (interlace passes are sparse).
    mutating func add(
        row: UnsafePointer<UInt8>, y: Int, channels: Int,
        firstColumn: Int = 0, columnStep: Int = 1, count: Int? = nil
    ) {
        let count = count ?? sourceWidth
        let rowBase = (y * height / sourceHeight) * width * 4
        let alpha = hasAlpha && channels == 4
        columnOf.withUnsafeBufferPointer { columnOf in
            sums.withUnsafeMutableBufferPointer { sums in
                var column = firstColumn
                var pixel = row
                for _ in 0..<count {
                    let base = rowBase + Int(columnOf[column]) * 4
                    if alpha {
                        let a = Float(pixel[3])
                        sums[base] += Float(pixel[0]) * a
                        sums[base + 1] += Float(pixel[1]) * a
                        sums[base + 2] += Float(pixel[2]) * a
                        sums[base + 3] += a
                    } else {
                        sums[base] += Float(pixel[0])
                        sums[base + 1] += Float(pixel[1])
                        sums[base + 2] += Float(pixel[2])
                    }
                    pixel += channels
                    column += columnStep
                }
            }
        }
    }

    /// The averaged picture (as stored, not yet oriented).
    func picture() -> Picture {
        let (channels, bytes) = pixels()
        return Picture(width: width, height: height, channels: channels, bytes: bytes)
    }

    /// The averaged picture as 8-bit rows: RGBA when the source has alpha, otherwise RGB.
    func pixels() -> (channels: Int, bytes: [UInt8]) {
        let channels = hasAlpha ? 4 : 3
        let width = width, hasAlpha = hasAlpha
        let columnWeights = columnSpan.map { 1 / Float($0) }
        var bytes = [UInt8](repeating: 0, count: width * height * channels)
        bytes.withUnsafeMutableBufferPointer { bytes in
            sums.withUnsafeBufferPointer { sums in
                for y in 0..<height {
                    let rowWeight = 1 / Float(rowSpan[y])
                    for x in 0..<width {
                        let source = (y * width + x) * 4
                        let target = (y * width + x) * channels
                        if hasAlpha {
                            let alphaSum = sums[source + 3]
                            let scale = alphaSum > 0 ? 1 / alphaSum : 0
                            for c in 0..<3 { bytes[target + c] = Self.byte(sums[source + c] * scale) }
                            bytes[target + 3] = Self.byte(alphaSum * columnWeights[x] * rowWeight)
                        } else {
                            let scale = columnWeights[x] * rowWeight
                            for c in 0..<3 { bytes[target + c] = Self.byte(sums[source + c] * scale) }
                        }
                    }
                }
            }
        }
        return (channels, bytes)
    }

    /// Rounds a 0...255 value to a byte (adding ½ and truncating, cheaper than `rounded()`).
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value)) + 0.5)
    }
}
