import Foundation

/// What an importer found where an entry's place belongs: nothing, a place, or one it could
/// not read. An unreadable place never fails the import: the entry comes in without it and
/// the summary counts it (``LeftOutContent/unreadablePlaces``).
enum PlaceReading: Equatable {
    /// No place (the member is absent or null, or holds neither a name nor degrees).
    case none
    /// A place that passed every check.
    case place(EntryPlace)
    /// A place with a member of the wrong type, a degree out of range or half a point, or a
    /// name too long.
    case unreadable

    /// Reads the place object `node`: its name joined from the string members `nameKeys`, in
    /// order (see ``name(joining:)``), its point from the numbers `latitude` and `longitude`.
    /// A member that is absent or null counts as not given.
    init(_ node: JSONNode?, nameKeys: [String]) {
        guard let node, node != .null else { self = .none; return }
        guard case .object = node else { self = .unreadable; return }
        var parts: [String] = []
        for key in nameKeys {
            switch node[key] {
            case nil, .null?: continue
            case .string(let part)?: parts.append(part)
            default: self = .unreadable; return
            }
        }
        var degrees: [Double?] = []
        for key in ["latitude", "longitude"] {
            switch node[key] {
            case nil, .null?: degrees.append(nil)
            case .number(let value)?: degrees.append(value)
            default: self = .unreadable; return
            }
        }
        do {
            if let place = try EntryPlace(name: Self.name(joining: parts), latitude: degrees[0], longitude: degrees[1])
            {
                self = .place(place)
            } else {
                self = .none
            }
        } catch {
            self = .unreadable
        }
    }

    /// `Brooklyn Bridge Park, Brooklyn, New York, United States`: the parts, each on one line
    /// and trimmed, joined by commas; a blank part, or one already said (case-insensitively,
    /// as a whole part or as a comma-separated piece of an earlier one), is left out. Nil when
    /// nothing is left.
    static func name(joining parts: [String]) -> String? {
        var kept: [String] = []
        var said: [String] = []
        for part in parts {
            let line = EntryPlace.oneLine(part)
            guard !line.isEmpty, !said.contains(where: { $0.caseInsensitiveCompare(line) == .orderedSame }) else {
                continue
            }
            kept.append(line)
            said.append(line)
            said += line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return kept.isEmpty ? nil : kept.joined(separator: ", ")
    }

    /// Gives `entry` the place, or counts it among what was left out when unreadable.
    func apply(to entry: inout ImportedEntry) {
        switch self {
        case .none: break
        case .place(let place): entry.place = place
        case .unreadable: entry.leftOut.unreadablePlaces += 1
        }
    }
}
