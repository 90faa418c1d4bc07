import Testing
@testable import DiaryKit

@Suite struct DiaryKitSmokeTests {
    @Test func moduleLoads() {
        #expect(Bool(true))
    }
}
