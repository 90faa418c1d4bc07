import Foundation

/// A tag and how many entries carry it: a line of `diary tags`.
public struct TagCount: Sendable, Hashable {
    /// The tag's name as first written.
    public var name: String
    /// How many entries carry it.
    public var count: Int

    /// Makes a count.
    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}
