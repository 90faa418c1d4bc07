import Foundation
import Testing

/// The README is the user's manual: every file it links to must be in the repository.
@Suite struct ReadmeLinkTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The relative targets of the Markdown links `[text](target)` in `text`.
    private static func relativeLinkTargets(in text: String) -> [String] {
        let pattern = /\]\(([^)\s#]+)(?:#[^)]*)?\)/
        return text.matches(of: pattern).map { String($0.output.1) }
            .filter { !$0.contains("://") && !$0.hasPrefix("mailto:") }
    }

    @Test func everyRelativeLinkInTheReadmeNamesAFileThatExists() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let targets = Self.relativeLinkTargets(in: readme)
        #expect(targets.contains("docs/scripting-interface.md"))
        #expect(targets.contains("docs/bundle-format.md"))
        for target in targets {
            #expect(
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(target).path),
                "README links to \(target), which is not in the repository")
        }
    }

    @Test func theReadmeSendsNoReaderToADesignFileOutsideTheRepository() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(!readme.contains("DESIGN.md"))
    }
}
