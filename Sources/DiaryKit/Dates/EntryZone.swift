import Foundation

/// The zone an entry was written in, and its wall-clock time there: what listings group,
/// filter and show entries by (as Day One does), so a photo taken in New York on Wednesday
/// evening stays on Wednesday for a reader in Berlin.
///
/// An entry records its zone by name (``DiaryEntry/timeZone``): an IANA zone
/// (`America/New_York`), or a fixed offset (`UTC-05:00`, ``FixedOffset/identifier``) where
/// only an offset is known, as for a camera's `OffsetTimeOriginal` or a `TZ` rule string.
/// Its local time is stored beside its creation time as a *floating* instant, the moment
/// whose UTC clock reads what the entry's own clock read (``floating(_:in:)``), so a day,
/// month or year of local time is one indexed range whatever zones the entries were written in
/// (a day's range is its start and end in UTC).
public enum EntryZone {
    /// The zone named `identifier` (an IANA name or `UTC±hh:mm`); nil for none or a name no
    /// zone has.
    public static func named(_ identifier: String?) -> (any TimeZoneRules)? {
        guard let identifier, !identifier.isEmpty else { return nil }
        if let offset = FixedOffset(identifier: identifier) { return offset }
        return TimeZone(identifier: identifier)
    }

    /// The name to record for an entry written at `date` in `zone`: its IANA name, or where it
    /// has none (a `TZ` rule string) the offset it has at that moment.
    public static func recordedName(of zone: any TimeZoneRules, at date: Date) -> String {
        zone.ianaIdentifier ?? FixedOffset(seconds: zone.secondsFromGMT(for: date)).identifier
    }

    /// The floating instant of `date` in `zone`: the moment at which a clock in UTC reads what
    /// a clock in `zone` reads at `date`.
    public static func floating(_ date: Date, in zone: any TimeZoneRules) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date)))
    }

    /// The local day of a floating instant.
    public static func day(ofFloating date: Date) -> DiaryDay {
        DiaryDay(date, in: FixedOffset(seconds: 0))
    }
}
