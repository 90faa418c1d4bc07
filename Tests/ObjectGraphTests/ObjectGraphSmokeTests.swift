import Testing
@testable import ObjectGraph

@Suite struct ObjectGraphSmokeTests {
    @Test func moduleLoads() {
        #expect(Bool(true))
    }
}
