import Testing
@testable import DiaryCLI

@Suite struct DiaryCLISmokeTests {
    @Test func moduleLoads() {
        #expect(Bool(true))
    }
}
