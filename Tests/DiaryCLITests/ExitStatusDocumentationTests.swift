import Foundation
import Testing

@testable import DiaryCLI

/// Every exit status is documented from one list (``ExitCode/documented``): the root help and
/// the manual page are made from it, and the README's table and the scripting document are
/// checked against it here.
@Suite struct ExitStatusDocumentationTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let codes = ExitCode.documented.map(\.code.description)

    @Test func theRootHelpAndTheManualPageNameEveryStatus() {
        let help = DiaryCommand.program.discussion
        #expect(help.hasSuffix(ExitCode.helpSentence))
        for code in Self.codes { #expect(help.contains(" \(code) "), "root help lacks \(code)") }
        #expect(help.contains("77 no permission (or a wrong passphrase)"))
        let manual = ManualPage(program: DiaryCommand.program).roff
        let section = manual.components(separatedBy: ".SH EXIT STATUS").last ?? ""
        for code in Self.codes { #expect(section.contains(".TP\n\(code)\n"), "manual page lacks \(code)") }
    }

    @Test func theReadmeTableHasARowForEachStatusAndNoOther() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n").compactMap { line -> String? in
            guard let match = line.firstMatch(of: /^\| (\d+) \|/) else { return nil }
            return String(match.output.1)
        }
        #expect(rows == Self.codes)
        let scripting = try String(
            contentsOf: Self.root.appendingPathComponent("docs/scripting-interface.md"), encoding: .utf8)
        let sentence = scripting.components(separatedBy: "The statuses are listed in the README's table:").last ?? ""
        for code in Self.codes {
            #expect(sentence.prefix(260).contains("\(code) "), "scripting interface lacks \(code)")
        }
    }
}
