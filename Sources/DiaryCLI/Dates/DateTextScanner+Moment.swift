import DiaryKit
import Foundation

extension DateTextScanner {
    /// A moment as typed: the wall-clock reading, and what it names (exactly one instant
    /// when an offset was given).
    struct TypedMoment {
        /// The reading as typed, without its offset.
        let clock: WallClockTime
        /// The instants it names in the zone it is read in.
        let resolution: LocalTimeResolution
        /// The natural words it was written as (`yesterday 02:30`), nil for an ISO form.
        let spelling: String?

        /// How messages name the reading: `2026-10-25 02:30`, or for natural words
        /// `yesterday 02:30 is 2026-10-25 02:30, which`.
        var subject: String {
            spelling.map { "\($0) is \(clock), which" } ?? "\(clock)"
        }
    }
}
