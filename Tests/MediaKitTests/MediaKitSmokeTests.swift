import Testing
@testable import MediaKit

@Suite struct MediaKitSmokeTests {
    @Test func moduleLoads() {
        #expect(Bool(true))
    }
}
