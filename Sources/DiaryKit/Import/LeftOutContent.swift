/// What an imported entry held that the diary has no place for, counted so the import says so
/// instead of dropping it without a word: Day One's videos, PDF attachments and weather, and an
/// entry place the import could not read.
public struct LeftOutContent: Sendable, Hashable {
    /// Videos (the diary keeps photos and recordings).
    public var videos = 0
    /// PDF attachments.
    public var documents = 0
    /// Entry places that could not be read (a degree out of range or not a number, a name too
    /// long or not text): the rest of the entry is imported without its place.
    public var unreadablePlaces = 0
    /// Weather records.
    public var weather = 0

    /// Nothing left out.
    public init() {}

    /// Whether nothing was left out.
    public var isEmpty: Bool { self == LeftOutContent() }

    /// Adds `other`'s counts to these.
    public static func += (lhs: inout LeftOutContent, rhs: LeftOutContent) {
        lhs.videos += rhs.videos
        lhs.documents += rhs.documents
        lhs.unreadablePlaces += rhs.unreadablePlaces
        lhs.weather += rhs.weather
    }
}
