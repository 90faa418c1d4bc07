/// What an imported entry held that the diary has no place for, counted so the import says so
/// instead of dropping it without a word: Day One's videos, PDF attachments, place and weather.
public struct LeftOutContent: Sendable, Hashable {
    /// Videos (the diary keeps photos and recordings).
    public var videos = 0
    /// PDF attachments.
    public var documents = 0
    /// An entry's place (the diary keeps the places photos were taken, not an entry's own).
    public var places = 0
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
        lhs.places += rhs.places
        lhs.weather += rhs.weather
    }
}
