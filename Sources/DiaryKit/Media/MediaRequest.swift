import Foundation

/// A file to bring into the diary: where it is, what it must be, and the name to record.
public struct MediaRequest: Sendable, Hashable {
    /// The file.
    public var url: URL
    /// When given, the file must be of this kind (`--image`, `--audio`); otherwise its content decides.
    public var expected: MediumKind?
    /// The name recorded for it; the file's own name when nil.
    public var fileName: String?

    /// A request for the file at `url`.
    public init(_ url: URL, expected: MediumKind? = nil, fileName: String? = nil) {
        self.url = url
        self.expected = expected
        self.fileName = fileName
    }
}
