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
    }
}
