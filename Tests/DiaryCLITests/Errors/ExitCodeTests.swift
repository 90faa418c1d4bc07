import Foundation
import Testing

@testable import DiaryCLI

/// Stands in for a DiaryKit error type, mapped the way DiaryCLI will map the real ones.
private enum SampleKitError: Error {
    case entryNotFound(Int)
    case storeBusy
}

extension SampleKitError: CLIReportableError {
    var exitCode: ExitCode {
        switch self {
        case .entryNotFound: .noInput
        case .storeBusy: .temporaryFailure
        }
    }

    var message: String {
        switch self {
        case .entryNotFound(let id): "no entry #\(id)"
        case .storeBusy: "the store is busy; try again"
        }
    }
}

private enum UnmappedError: Error {
    case somethingBroke
}

private struct DescribedError: LocalizedError {
    var errorDescription: String? { "the disk said no\nsecond line" }
}

@Suite struct ExitCodeTests {
    func report(_ error: any Error) -> (ExitCode, String) {
        let errors = MemoryOutputWriter()
        let reporter = ErrorReporter(
            programName: "diary",
            terminal: Terminal(standardOutput: MemoryOutputWriter(), standardError: errors))
        let status = reporter.report(error, usage: .init(usageLine: "diary x", helpCommand: "diary x --help"))
        return (status, errors.text)
    }

    @Test func exitCodesAreTheSysexitsValues() {
        let codes: [(ExitCode, Int32)] = [
            (.success, 0), (.usage, 64), (.dataError, 65), (.noInput, 66),
            (.unavailable, 69), (.software, 70), (.ioError, 74),
            (.temporaryFailure, 75)
        ]
        for (code, value) in codes {
            #expect(code.rawValue == value)
        }
    }

    @Test func reportableErrorsSayTheirMessageAndCode() {
        #expect(report(SampleKitError.entryNotFound(42)) == (.noInput, "diary: no entry #42\n"))
        #expect(report(SampleKitError.storeBusy) == (.temporaryFailure, "diary: the store is busy; try again\n"))
        #expect(report(CommandFailure("bad bundle", exitCode: .dataError)) == (.dataError, "diary: bad bundle\n"))
    }

    @Test func unexpectedErrorsAreOneLineAndExit70() {
        #expect(report(UnmappedError.somethingBroke) == (.software, "diary: somethingBroke\n"))
        #expect(report(DescribedError()) == (.software, "diary: the disk said no second line\n"))
        let (status, text) = report(CocoaError(.fileNoSuchFile))
        #expect(status == .software)
        #expect(text.hasPrefix("diary: "))
        #expect(text.filter { $0 == "\n" }.count == 1)
    }

    @Test func usageErrorsExit64WithUsageAndHelpLines() {
        #expect(
            report(UsageError.missingArgument("<id>")) == (
                .usage,
                """
                Error: Missing expected argument '<id>'
                Usage: diary x
                  See 'diary x --help' for more information.

                """
            ))
    }

    @Test func usageErrorsAreRedOnlyOnATerminal() {
        let errors = MemoryOutputWriter()
        let reporter = ErrorReporter(
            programName: "diary",
            terminal: Terminal(
                standardOutput: MemoryOutputWriter(), standardError: errors,
                isStandardErrorTerminal: true))
        _ = reporter.report(UsageError.missingArgument("<id>"), usage: .init(usageLine: "diary x", helpCommand: "h"))
        #expect(errors.text.hasPrefix("\u{1B}[1;31mError:\u{1B}[0m Missing expected argument '<id>'\n"))
    }

    @Test func aFailingCommandExitsWithItsErrorsCode() async {
        let run = await TestConsole().run(exampleProgram, ["stamp", "0"])
        #expect(run.status == .noInput)
        #expect(run.stdout == "")
        #expect(run.stderr == "diary: no entry #0\n")
    }
}
