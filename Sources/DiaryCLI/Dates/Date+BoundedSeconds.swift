import Foundation

extension Date {
    /// The widest span of time the output converts to whole numbers: ±10^13 seconds from
    /// 1970, about ±300,000 years, so every later `Int` step (milliseconds, days) fits.
    static let shownSecondsLimit: Double = 1e13

    /// Seconds since 1970 limited to ±``shownSecondsLimit``, NaN read as 0. A store whose
    /// file was damaged or edited can hold any double as a time; it is shown as a far date
    /// instead of trapping in `Int(_:)`.
    var boundedSecondsSince1970: Double {
        let seconds = timeIntervalSince1970
        guard !seconds.isNaN else { return 0 }
        return min(max(seconds, -Self.shownSecondsLimit), Self.shownSecondsLimit)
    }
}
