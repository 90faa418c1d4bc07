import Foundation
import Testing

@testable import DiaryKit

@Suite struct WallClockTimeTests {
    @Test func aReadingToTheMinuteIsWhatSyncNoticesAndConflictLinesShow() {
        // 2026-11-29T14:30:05Z; what Foundation's "yyyy-MM-dd HH:mm" in UTC wrote before.
        let clock = WallClockTime(Date(timeIntervalSince1970: 1_795_962_605), in: FixedOffset(seconds: 0))
        #expect(clock.dayAndMinuteString == "2026-11-29 14:30")
        #expect(clock.description == "2026-11-29 14:30:05")
        #expect(
            WallClockTime(Date(timeIntervalSince1970: 1_795_962_605), in: FixedOffset(seconds: 3600))
                .dayAndMinuteString == "2026-11-29 15:30")
    }
}
