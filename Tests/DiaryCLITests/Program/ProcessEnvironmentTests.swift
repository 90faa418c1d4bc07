import Foundation
import Testing

@testable import DiaryCLI

/// The environment a command reads is the one Foundation reports (serialized: two tests set
/// variables, and no other suite does).
@Suite(.serialized) struct ProcessEnvironmentTests {
    @Test func theVariablesAreThoseProcessInfoHas() {
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    @Test func aValueKeepsTheEqualsSignsAfterTheFirst() {
        setenv("DIARY_TEST_ENVIRONMENT_VALUE", "a=b==c", 1)
        defer { unsetenv("DIARY_TEST_ENVIRONMENT_VALUE") }
        #expect(ProcessEnvironment.current()["DIARY_TEST_ENVIRONMENT_VALUE"] == "a=b==c")
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    @Test func anEmptyValueIsKept() {
        setenv("DIARY_TEST_ENVIRONMENT_EMPTY", "", 1)
        defer { unsetenv("DIARY_TEST_ENVIRONMENT_EMPTY") }
        #expect(ProcessEnvironment.current()["DIARY_TEST_ENVIRONMENT_EMPTY"] == "")
    }
}
