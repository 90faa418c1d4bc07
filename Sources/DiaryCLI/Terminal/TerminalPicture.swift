internal import CDeferredLibraries
import DiaryKit
import Foundation

/// Draws pictures for the terminal through libchafa: in the graphics protocol the terminal
/// speaks, else as block symbols in its colours.
///
/// Only libchafa's own output reaches the terminal: the picture's pixels go in, and nothing
/// stored in the diary (a file name, EXIF text) is part of what it writes.
package struct TerminalPicture: Sendable {
    /// How the terminal is shown pictures.
    package let mode: PictureMode
    /// The size of a character cell in pixels, when the terminal says (`TIOCGWINSZ`).
    package let cellPixels: (width: Int, height: Int)?

    /// A painter for `mode`.
    package init(mode: PictureMode, cellPixels: (width: Int, height: Int)? = nil) {
        self.mode = mode
        self.cellPixels = cellPixels
    }

    /// `image` within `columns` x `rows` cells, filling them with its aspect kept, as text
    /// ending in a newline; nil when libchafa cannot be loaded or the box is empty.
    package func draw(_ image: PreviewPicture, columns: Int, rows: Int) -> String? {
        guard columns > 0, rows > 0 else { return nil }
        var length = 0
        var usedColumns: Int32 = 0, usedRows: Int32 = 0
        let drawn = image.rgb.withUnsafeBufferPointer { pixels in
            cdl_picture_draw(
                pixels.baseAddress, Int32(clamping: image.width), Int32(clamping: image.height),
                Int32(Self.libraryMode(of: mode)), Int32(clamping: columns), Int32(clamping: rows),
                Int32(clamping: cellPixels?.width ?? 0), Int32(clamping: cellPixels?.height ?? 0),
                &length, &usedColumns, &usedRows)
        }
        guard let drawn else { return nil }
        defer { free(drawn) }
        let text = String(decoding: UnsafeRawBufferPointer(start: drawn, count: length), as: UTF8.self)
        return text + "\n"
    }

    /// Why pictures cannot be drawn (libchafa or GLib missing), nil when they can.
    package static var unavailableReason: String? {
        cdl_chafa_load_error().map { String(cString: $0) }
    }

    private static func libraryMode(of mode: PictureMode) -> Int {
        switch mode {
        case .kitty: Int(CDL_PICTURE_KITTY)
        case .iterm2: Int(CDL_PICTURE_ITERM2)
        case .sixel: Int(CDL_PICTURE_SIXEL)
        case .trueColor: Int(CDL_PICTURE_TRUECOLOR)
        case .colors256: Int(CDL_PICTURE_256)
        case .colors16: Int(CDL_PICTURE_16)
        }
    }
}
