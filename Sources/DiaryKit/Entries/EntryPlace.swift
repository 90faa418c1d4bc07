import Foundation

/// Where an entry was written, as Day One records it: a name a person reads ("Brooklyn Bridge
/// Park, Brooklyn, New York, United States"), the point on Earth, or both; never neither.
///
/// The name is user-controlled text: kept as given (one line, at most
/// ``maximumNameLength`` characters) and escaped where a terminal shows it.
public struct EntryPlace: Sendable, Hashable {
    /// The most characters a place name may have (the store's bound on `placeName`).
    public static let maximumNameLength = 256

    /// The name, one line without white space at its ends; nil when only the point is known.
    public let name: String?
    /// The point; nil when only the name is known.
    public let coordinates: Coordinates?

    /// The place of what a store holds, unchecked (the model bounds every value when it is
    /// saved); nil when it holds neither a name nor both degrees.
    init?(storedName name: String?, latitude: Double?, longitude: Double?) {
        let coordinates = latitude.flatMap { latitude in
            longitude.flatMap { Coordinates(latitude: latitude, longitude: $0) }
        }
        guard name != nil || coordinates != nil else { return nil }
        self.name = name
        self.coordinates = coordinates
    }

    /// The place of `name` and the degrees, checked; nil when none of them is given (a blank name
    /// counts as none). The name's runs of white space and line breaks become one space.
    /// - Throws: ``Problem`` for a name longer than ``maximumNameLength`` characters, a degree
    ///   that is not finite or out of its range, or a latitude without a longitude (or the reverse).
    public init?(name: String?, latitude: Double?, longitude: Double?) throws(Problem) {
        let name = name.map(Self.oneLine).flatMap { $0.isEmpty ? nil : $0 }
        if let name, name.count > Self.maximumNameLength {
            throw .nameTooLong(characters: name.count)
        }
        if let latitude, !Coordinates.isLatitude(latitude) { throw .latitudeOutOfRange(latitude) }
        if let longitude, !Coordinates.isLongitude(longitude) { throw .longitudeOutOfRange(longitude) }
        var coordinates: Coordinates?
        switch (latitude, longitude) {
        case (let latitude?, let longitude?): coordinates = Coordinates(latitude: latitude, longitude: longitude)
        case (nil, nil): coordinates = nil
        case (nil, _?): throw .missingDegree(field: "latitude")
        case (_?, nil): throw .missingDegree(field: "longitude")
        }
        guard name != nil || coordinates != nil else { return nil }
        self.name = name
        self.coordinates = coordinates
    }

    /// `Brooklyn Bridge Park, Brooklyn (40.702820, -73.996680)`, the name alone, or the
    /// point alone.
    public var text: String {
        switch (name, coordinates) {
        case (let name?, let point?): "\(name) (\(point.text))"
        case (let name?, nil): name
        case (nil, let point?): point.text
        case (nil, nil): ""
        }
    }

    /// `text` with every run of white space (line breaks too) made one space, trimmed.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Why a place cannot be kept.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The name has this many characters, more than ``EntryPlace/maximumNameLength``.
        case nameTooLong(characters: Int)
        /// A latitude that is not a finite number within ±90 degrees.
        case latitudeOutOfRange(Double)
        /// A longitude that is not a finite number within ±180 degrees.
        case longitudeOutOfRange(Double)
        /// One degree without the other: `field` names the missing one.
        case missingDegree(field: String)

        /// The member of a place object the problem is about: `name`, `latitude` or `longitude`.
        public var field: String {
            switch self {
            case .nameTooLong: "name"
            case .latitudeOutOfRange: "latitude"
            case .longitudeOutOfRange: "longitude"
            case .missingDegree(let field): field
            }
        }

        /// `must be within ±90 degrees (found 123.0)`, worded to follow the member's name.
        public var description: String {
            switch self {
            case .nameTooLong(let characters):
                "must have at most \(EntryPlace.maximumNameLength) characters (found \(characters))"
            case .latitudeOutOfRange(let value): "must be within ±90 degrees (found \(value))"
            case .longitudeOutOfRange(let value): "must be within ±180 degrees (found \(value))"
            case .missingDegree: "is missing (a place has both degrees or neither)"
            }
        }
    }
}
