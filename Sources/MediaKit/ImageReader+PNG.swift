internal import CMediaShim

/// PNG through libpng: row by row (pass by pass when interlaced) into the thumbnail.
extension ImageReader {
    /// Adam7 pass geometry: first row, row step, first column, column step.
    private static let adam7: [(row: Int, rowStep: Int, column: Int, columnStep: Int)] = [
        (0, 8, 0, 8), (0, 8, 4, 8), (4, 8, 0, 4), (0, 4, 2, 4), (2, 4, 0, 2), (0, 2, 1, 2), (1, 2, 0, 1)
    ]

    func readPNG(_ file: MediaFile, depth: ImageReadDepth) throws(MediaError) -> (ImageInfo, Picture?) {
        let decoder = try PNGDecoder(file: file)
        let header = try decoder.readHeader()
        // eXIf, else the "Raw profile type exif" text chunk ImageMagick writes instead.
        let eXIf = decoder.exif(length: header.exif_length)
        let exif = ExifBlock(tiff: eXIf.isEmpty ? decoder.rawProfileExif() : eXIf)
        let info = ImageInfo(
            format: .png, width: Int(header.width), height: Int(header.height), bitDepth: Int(header.bit_depth),
            colorModel: Self.colorModel(png: header), isProgressiveOrInterlaced: header.interlaced != 0,
            orientation: exif.orientation, hasICCProfile: header.has_icc != 0, metadata: exif.metadata)
        try checkPixels(info, path: file.path)
        guard depth.decodesPixels else { return (info, nil) }
        let maxSide = depth.thumbnailMaxSide

        let layout = try decoder.start(rgb8: maxSide != nil)
        var averager = maxSide.map {
            AreaAverager(
                image: info, decodedWidth: info.width, decodedHeight: info.height, maxSide: $0,
                hasAlpha: layout.channels == 4)
        }
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, layout.rowBytes))
        defer { row.deallocate() }
        if header.interlaced != 0 {
            for pass in Self.adam7 {
                let columns = (info.width - pass.column + pass.columnStep - 1) / pass.columnStep
                let rows = (info.height - pass.row + pass.rowStep - 1) / pass.rowStep
                guard columns > 0, rows > 0 else { continue }
                for index in 0..<rows {
                    try decoder.readRow(into: row)
                    averager?.add(
                        row: row, y: pass.row + index * pass.rowStep, channels: layout.channels,
                        firstColumn: pass.column, columnStep: pass.columnStep, count: columns)
                }
            }
        } else {
            for y in 0..<info.height {
                try decoder.readRow(into: row)
                averager?.add(row: row, y: y, channels: layout.channels)
            }
        }
        return try complete(decoder, file: file, info: info, averager: averager)
    }

    private static func colorModel(png header: cms_png_header) -> ColorModel {
        switch header.color_type {
        case 0: .gray
        case 2: .rgb
        case 3: .palette
        case 4: .grayAlpha
        default: .rgba
        }
    }
}
