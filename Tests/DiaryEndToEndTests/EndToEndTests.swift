import Foundation
import TestSupport
import Testing

/// Runs the built `diary` binary (see `runDiary` in Tests/TestSupport/DiaryRun.swift).
@Suite struct EndToEndTests {
    @Test func versionHelpAndAnUnknownOption() throws {
        let version = try runDiary(["--version"])
        #expect(version.status == 0, "\(version)")
        #expect(version.stdout == "diary 0.1.0\n")
        #expect(version.stderr == "")

        let help = try runDiary(["--help"])
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.hasPrefix("OVERVIEW: A photo diary for the command line.\n"))
        #expect(help.stdout.contains("\nUSAGE: diary [--store <dir>] <subcommand>\n"))
        #expect(help.stdout.contains("\nSUBCOMMANDS:\n"))
        #expect(help.stderr == "")
        #expect(try runDiary(["-h"]).stdout == help.stdout)

        let unknown = try runDiary(["--colour"], environment: ["NO_COLOR": "1"])
        #expect(unknown.status == 64, "\(unknown)")
        #expect(unknown.stdout == "")
        #expect(
            unknown.stderr == """
                Error: Unknown option '--colour'
                Usage: diary [--store <dir>] <subcommand>
                  See 'diary --help' for more information.

                """)
    }
}
