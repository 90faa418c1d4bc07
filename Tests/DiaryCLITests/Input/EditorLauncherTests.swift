import Foundation
import TestSupport
import Testing

@testable import DiaryCLI

@Suite struct EditorLauncherTests {
    let scratch: TemporaryDirectory

    init() throws {
        scratch = try TemporaryDirectory(prefix: "diary-editor")
    }

    /// An `EDITOR` value running a script; `$file` is the script's last argument.
    func editorScript(_ body: String) throws -> String {
        "/bin/sh " + (try makeScript(in: scratch.url, "for file; do :; done\n" + body).path)
    }

    func launcher(_ environment: [String: String]) -> EditorLauncher {
        EditorLauncher(environment: environment, temporaryDirectory: scratch.url)
    }

    @Test func whatTheEditorSavesComesBack() throws {
        let editor = try editorScript(#"printf 'Hello from the editor\n\n' > "$file""#)
        #expect(try launcher(["EDITOR": editor]).edit(initialText: "") == .text("Hello from the editor"))
    }

    @Test func theEditorStartsFromTheInitialText() throws {
        let editor = try editorScript(#"printf ' and the sunset' >> "$file""#)
        #expect(try launcher(["EDITOR": editor]).edit(initialText: "Beach day") == .text("Beach day and the sunset"))
    }

    @Test func emptyOrBlankTextCancels() throws {
        let emptying = try editorScript(#": > "$file""#)
        #expect(try launcher(["EDITOR": emptying]).edit(initialText: "draft") == .cancelled)
        let blank = try editorScript(#"printf '  \n\t\n' > "$file""#)
        #expect(try launcher(["EDITOR": blank]).edit(initialText: "") == .cancelled)
    }

    @Test func argumentsAreSplitOnWhitespaceAndNeverGoThroughAShell() throws {
        let log = scratch.url.appendingPathComponent("arguments.log")
        let editor = try editorScript(#"printf '%s\n' "$@" > "$ARGUMENT_LOG"; echo text > "$file""#)
        let marker = scratch.url.appendingPathComponent("pwned").path
        let value = "\(editor)  --wait ;touch\t$(touch \(marker))"
        #expect(try launcher(["EDITOR": value, "ARGUMENT_LOG": log.path]).edit(initialText: "") == .text("text"))
        let arguments = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Array(arguments.dropLast()) == ["--wait", ";touch", "$(touch", "\(marker))"])
        #expect(arguments.last?.hasSuffix("/diary-entry.md") == true)
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    @Test func theTemporaryFileIsRemovedAfterwards() throws {
        let log = scratch.url.appendingPathComponent("path.log")
        let editor = try editorScript(#"echo "$file" > "\#(log.path)"; echo text > "$file""#)
        _ = try launcher(["EDITOR": editor]).edit(initialText: "")
        let path = try String(contentsOf: log, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(path.hasPrefix(scratch.url.path))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path))
    }

    @Test func visualWinsOverEditorAndViIsTheFallback() {
        #expect(launcher(["VISUAL": "code -w", "EDITOR": "nano"]).commandWords == ["code", "-w"])
        #expect(launcher(["VISUAL": "  ", "EDITOR": "nano"]).commandWords == ["nano"])
        #expect(launcher([:]).commandWords == ["vi"])
    }

    @Test func aFailingEditorIsAnErrorThatSavesNothing() throws {
        let editor = try editorScript(#"echo text > "$file"; exit 3"#)
        #expect(throws: TextInputError.editorFailed(command: editor, status: 3)) {
            try launcher(["EDITOR": editor]).edit(initialText: "")
        }
        #expect(TextInputError.editorFailed(command: editor, status: 3).exitCode == .unavailable)
    }

    @Test func aMissingEditorIsReportedAsUnavailable() {
        do {
            _ = try launcher(["EDITOR": "/nonexistent/editor -w"]).edit(initialText: "")
            Issue.record("the missing editor ran")
        } catch {
            guard case .editorNotStarted(let command, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(command == "/nonexistent/editor -w")
            #expect(error.exitCode == .unavailable)
            #expect(error.message.hasPrefix("cannot start the editor '/nonexistent/editor -w': "))
        }
    }

    @Test func pipedStdinIsReadInsteadOfTheEditor() throws {
        let console = TestConsole(stdin: "Piped text\nsecond line\n\n")
        #expect(try console.context.readText() == .text("Piped text\nsecond line"))
        #expect(try TestConsole(stdin: " \n").context.readText() == .cancelled)
    }

    @Test func theEditorIsUsedWhenStdinIsATerminal() throws {
        var console = TestConsole(stdin: "ignored")
        console.context.terminal.isStandardInputTerminal = true
        console.context.environment["EDITOR"] = try editorScript(#"echo edited > "$file""#)
        console.context.temporaryDirectory = scratch.url
        #expect(try console.context.readText(initialText: "old") == .text("edited"))
    }

    @Test func stdinThatIsNotUTF8IsADataError() {
        let input = StandardInput { () throws(TextInputError) in [0x66, 0xFF, 0xFE] }
        #expect(throws: TextInputError.notUTF8(source: "standard input")) { try input.readText() }
        #expect(TextInputError.notUTF8(source: "standard input").exitCode == .dataError)
    }
}
