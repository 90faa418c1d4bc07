import Foundation

/// One bundle written by an export.
public struct ExportedBundle: Sendable, Hashable {
    /// The entry's short id.
    public var entryID: Int64
    /// Where the bundle was written (folder or zip).
    public var url: URL

    /// Makes a value.
    public init(entryID: Int64, url: URL) {
        self.entryID = entryID
        self.url = url
    }
}
