import Foundation
import Testing

@testable import DiaryKit

/// How ``PhotoImportPlan`` groups files into entries.
@Suite struct PhotoImportPlanTests {
    private func item(_ name: String, _ seconds: Double) -> (PhotoImportPlan.Item, DiaryDay) {
        let instant = Date(timeIntervalSince1970: seconds)
        return (
            .init(
                url: URL(fileURLWithPath: "/roll/" + name), instant: instant, isCaptureTime: true, byteCount: 10,
                zone: "UTC"),
            DiaryDay(instant, in: TimeZone(secondsFromGMT: 0)!)
        )
    }

    @Test func aDayBeyondTheMediaLimitIsSplitInCaptureOrder() {
        let count = EntryLimits.maximumMediaCount + 5
        // Given in reverse order: the plan sorts by the moment taken.
        let items = (0..<count).reversed().map { item(String(format: "p%05d.jpg", $0), 1_000_000 + Double($0)) }
        let entries = PhotoImportPlan.group(items, by: .day)
        #expect(entries.map(\.fileCount) == [EntryLimits.maximumMediaCount, 5])
        #expect(entries[0].items.first?.url.lastPathComponent == "p00000.jpg")
        #expect(
            entries[1].items.first?.url.lastPathComponent == String(format: "p%05d.jpg", EntryLimits.maximumMediaCount))
        #expect(entries[0].date == Date(timeIntervalSince1970: 1_000_000))
    }

    @Test func equalTimesAreOrderedByPathSoRunsAgree() {
        let entries = PhotoImportPlan.group([item("b.jpg", 5), item("a.jpg", 5), item("c.jpg", 86_400 * 3)], by: .day)
        #expect(entries.map { $0.items.map(\.url.lastPathComponent) } == [["a.jpg", "b.jpg"], ["c.jpg"]])
        let each = PhotoImportPlan.group([item("b.jpg", 5), item("a.jpg", 5)], by: .photo)
        #expect(each.map { $0.items.map(\.url.lastPathComponent) } == [["a.jpg"], ["b.jpg"]])
    }

    @Test func aMissingPathIsATypedError() {
        #expect(throws: DiaryError.missingFile(URL(fileURLWithPath: "/nonexistent/roll"))) {
            try PhotoImportPlan.scan([URL(fileURLWithPath: "/nonexistent/roll")])
        }
    }
}
