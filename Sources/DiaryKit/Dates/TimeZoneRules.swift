import Foundation

/// A time zone as the diary needs one: the offset from UTC at each instant, and a name.
///
/// Foundation's `TimeZone` is one (an IANA zone). The command line adds one backed by the
/// C library for a `TZ` that names no IANA zone, such as the rule string
/// `CET-1CEST,M3.5.0,M10.5.0/3`. Every local day and wall-clock time of the diary is
/// computed from ``secondsFromGMT(for:)`` and the proleptic Gregorian calendar, never from
/// `Calendar`, so both kinds of zone give the same answers in every layer.
///
/// ## Topics
/// - Local times to instants: ``resolve(_:)`` (in `TimeZoneRules+Resolution.swift`)
public protocol TimeZoneRules: Sendable {
    /// How the zone is named in messages: `Europe/Berlin`, or the rule string it was made from.
    var identifier: String { get }
    /// The IANA name recorded with an entry written in this zone; nil when it has none.
    var ianaIdentifier: String? { get }
    /// Seconds east of UTC at `date`.
    func secondsFromGMT(for date: Date) -> Int
}

extension TimeZone: TimeZoneRules {
    /// Its identifier: every Foundation zone is an IANA zone (or a fixed offset named like one).
    public var ianaIdentifier: String? { identifier }
}
