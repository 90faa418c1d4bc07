import Foundation
import TestSupport
import Testing

@testable import DiaryCLI

/// The manual page's EXAMPLES: a handful of real command lines, each one that `diary` parses and
/// accepts as it stands, shown in the page as written and rendered by `man`.
@Suite struct ManualPageExamplesTests {
    static let examples = DiaryCommand.program.examples

    @Test func thereIsAHandfulOfExamplesEachExplained() {
        #expect((5...12).contains(Self.examples.count), "\(Self.examples.count) examples")
        for example in Self.examples {
            #expect(example.words.first.map { $0 != "diary" } == true, "\(example.words)")
            #expect(!example.explanation.isEmpty && example.explanation.hasSuffix(":"), "\(example.explanation)")
        }
    }

    @Test(arguments: DiaryCommand.program.examples)
    func eachExampleIsARealCommandLine(example: ProgramExample) throws {
        let name = try #require(example.words.first)
        let command = try #require(
            DiaryCommand.subcommands.first { $0.configuration.name == name }, "no command '\(name)'")
        let parsed = try parse(Array(example.words.dropFirst()), for: command)
        try command.init(parsed: parsed).validate()
    }

    @Test func theManualPageShowsThemUnderExamplesAndManRendersThem() throws {
        let roff = ManualPage(program: DiaryCommand.program).roff
        let section = try #require(roff.components(separatedBy: ".SH EXAMPLES\n").dropFirst().first)
        for example in Self.examples {
            #expect(section.contains(ManualPage.escaped(example.commandLine)), "\(example.commandLine)")
        }
        let folder = try TemporaryDirectory(prefix: "diary-man-examples")
        let file = folder.url.appendingPathComponent("diary.1")
        try Data(roff.utf8).write(to: file)
        let rendered = try runProcess(
            URL(fileURLWithPath: "/usr/bin/man"), ["-l", file.path],
            environment: ProcessInfo.processInfo.environment
                .merging(["MANWIDTH": "120", "MAN_KEEP_FORMATTING": ""]) { $1 })
        #expect(rendered.status == 0, "\(rendered)")
        let text = rendered.stdout.replacingOccurrences(of: "\u{2010}", with: "-")
        let examples = try #require(text.components(separatedBy: "\nEXAMPLES\n").dropFirst().first, "\(text)")
        #expect(examples.contains("diary new --text \"Beach day\" --image IMG_0042.jpg --tag travel"), "\(examples)")
        for example in Self.examples {
            #expect(examples.contains(example.commandLine), "\(example.commandLine) in \(examples)")
        }
    }
}
