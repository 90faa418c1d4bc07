import Foundation

/// What a local wall-clock reading names in a time zone.
package enum LocalTimeResolution: Sendable, Hashable {
    /// The reading occurs once.
    case unique(Date)
    /// Clocks skipped the reading (put forward for summer time).
    case skipped(LocalTimeGap)
    /// Clocks showed the reading twice (put back): the first and the second instant.
    case repeated(first: Date, second: Date)

    /// The importers' rule for zone-less times: a skipped reading moves forward by the gap,
    /// a repeated one is its first occurrence.
    package var importedInstant: Date {
        switch self {
        case .unique(let date): date
        case .skipped(let gap): gap.movedForward
        case .repeated(let first, _): first
        }
    }

    /// What ``importedInstant`` had to do to the reading, nil when it was unique.
    package var importAdjustment: LocalTimeAdjustment? {
        switch self {
        case .unique: nil
        case .skipped: .movedForwardOverGap
        case .repeated: .tookFirstOfRepeated
        }
    }
}

/// A stretch of local readings that a zone's clocks jumped over.
package struct LocalTimeGap: Sendable, Hashable {
    /// The instant the clocks were put forward.
    package let transition: Date
    /// The offset from UTC before the change, in seconds.
    package let offsetBefore: Int
    /// The offset from UTC after it.
    package let offsetAfter: Int
    /// The instant the skipped reading names when moved forward by the gap.
    package let movedForward: Date

    /// The first reading the clocks skipped (`02:00`).
    package var firstSkipped: WallClockTime {
        WallClockTime(secondsAsUTC: transition.timeIntervalSince1970 + Double(offsetBefore))
    }

    /// The reading the clocks jumped to (`03:00`).
    package var resumedAt: WallClockTime {
        WallClockTime(secondsAsUTC: transition.timeIntervalSince1970 + Double(offsetAfter))
    }
}

extension TimeZoneRules {
    /// What the local reading `localSeconds` (seconds from 1970-01-01 00:00 of the local
    /// clock, as if it were UTC) names here.
    ///
    /// Each offset the zone has within a day of the reading is tried; an offset is right
    /// when the instant it gives has that offset. One right offset: a unique instant; two:
    /// a repeated reading; none: a skipped one, whose change is found by bisection.
    package func resolve(localSeconds: Double) -> LocalTimeResolution {
        let offsets = Set([-86_400.0, 0, 86_400].map { offset(at: localSeconds + $0) })
        let instants = offsets.map { (offset: $0, instant: localSeconds - Double($0)) }
            .filter { offset(at: $0.instant) == $0.offset }
            .map(\.instant).sorted()
        if instants.count >= 2, let first = instants.first, let second = instants.last {
            return .repeated(first: Date(timeIntervalSince1970: first), second: Date(timeIntervalSince1970: second))
        }
        if let only = instants.first { return .unique(Date(timeIntervalSince1970: only)) }
        let before = offset(at: localSeconds - 86_400)
        let after = offset(at: localSeconds + 86_400)
        guard after > before else {
            // Two changes within a day of each other: take the offset of the reading's instant.
            return .unique(Date(timeIntervalSince1970: localSeconds - Double(offset(at: localSeconds))))
        }
        // The change lies in (localSeconds - after, localSeconds - before]: bisect to the second.
        var low = Int((localSeconds - Double(after)).rounded(.down))
        var high = Int((localSeconds - Double(before)).rounded(.up))
        let lowOffset = offset(at: Double(low))
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if offset(at: Double(middle)) == lowOffset { low = middle } else { high = middle }
        }
        let offsetAfter = offset(at: Double(high))
        return .skipped(
            LocalTimeGap(
                transition: Date(timeIntervalSince1970: Double(high)),
                offsetBefore: lowOffset, offsetAfter: offsetAfter,
                movedForward: Date(timeIntervalSince1970: localSeconds - Double(lowOffset))))
    }

    /// The first instant of the local day `daysSince1970`: its midnight, or when clocks
    /// skipped midnight, the moment they resumed.
    package func startOfDay(daysSince1970 days: Int) -> Date {
        switch resolve(localSeconds: Double(days) * 86_400) {
        case .unique(let date): date
        case .repeated(let first, _): first
        case .skipped(let gap): gap.transition
        }
    }

    private func offset(at seconds: Double) -> Int {
        secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
    }
}
