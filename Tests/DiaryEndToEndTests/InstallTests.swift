import Foundation
import TestSupport
import Testing

@testable import DiaryCLI

/// `make install`: the program, diary(1) and the bash, zsh and fish completions, all made
/// from the same declarations as `--help`, under `DESTDIR`/`PREFIX`; `make uninstall`.
@Suite(.serialized) struct InstallTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where `make install-files` puts each kind of file, relative to `DESTDIR`.
    private static let installed = [
        "usr/bin/diary", "usr/share/man/man1/diary.1", "usr/share/bash-completion/completions/diary",
        "usr/share/zsh/site-functions/_diary", "usr/share/fish/vendor_completions.d/diary.fish",
        "usr/lib/systemd/user/diary-sync.service", "usr/lib/systemd/user/diary-sync.timer"
    ]

    /// Runs `tool` with `arguments` (a path, or a name looked up in /usr/bin and /bin).
    private func run(
        _ tool: String, _ arguments: [String], environment: [String: String] = [:],
        store: StoreChoice = .fresh
    ) throws -> ProcessRun {
        let path =
            tool.hasPrefix("/")
            ? tool
            : ["/usr/bin/", "/bin/"].map { $0 + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
                ?? tool
        return try runDiary(
            arguments, environment: environment, store: store, timeout: 120,
            executable: URL(fileURLWithPath: path))
    }

    /// `make install-files` of the built `diary` and `diary-docs` into a fresh DESTDIR.
    private func install(into destination: URL) throws -> ProcessRun {
        let built = try diaryBinary().deletingLastPathComponent()
        return try run(
            "make",
            [
                "-C", Self.root.path, "--no-print-directory", "install-files",
                "BUILT=\(built.path)", "DESTDIR=\(destination.path)", "PREFIX=/usr"
            ])
    }

    @Test func installPutsTheProgramItsManualPageAndThreeCompletionsUnderDestdirAndUninstallRemovesThem() throws {
        let destination = try TemporaryDirectory(prefix: "diary-install")
        let result = try install(into: destination.url)
        #expect(result.status == 0, "\(result)")
        for file in Self.installed {
            #expect(
                FileManager.default.fileExists(atPath: destination.url.appendingPathComponent(file).path),
                "\(file) was not installed")
        }
        let program = destination.url.appendingPathComponent("usr/bin/diary")
        #expect(FileManager.default.isExecutableFile(atPath: program.path))
        let service = try String(
            contentsOf: destination.url.appendingPathComponent("usr/lib/systemd/user/diary-sync.service"),
            encoding: .utf8)
        #expect(service.contains("ExecStart=/usr/bin/diary sync\n"), "\(service)")
        let version = try run(program.path, ["--version"])
        #expect(version.status == 0 && version.stdout == "diary \(DiaryCommand.version)\n", "\(version)")

        let built = try diaryBinary().deletingLastPathComponent()
        let removal = try run(
            "make",
            [
                "-C", Self.root.path, "--no-print-directory", "uninstall",
                "BUILT=\(built.path)", "DESTDIR=\(destination.url.path)", "PREFIX=/usr"
            ])
        #expect(removal.status == 0, "\(removal)")
        for file in Self.installed {
            #expect(
                !FileManager.default.fileExists(atPath: destination.url.appendingPathComponent(file).path),
                "\(file) is still there after uninstall")
        }
    }

    @Test func theInstalledManualPageRendersWithManAndDocumentsEveryCommandAndOption() throws {
        let destination = try TemporaryDirectory(prefix: "diary-install")
        #expect(try install(into: destination.url).status == 0)
        let page = destination.url.appendingPathComponent("usr/share/man/man1/diary.1")
        let rendered = try run("man", ["-l", page.path], environment: ["MANWIDTH": "100", "MAN_KEEP_FORMATTING": ""])
        #expect(rendered.status == 0, "\(rendered)")
        let text = rendered.stdout.replacingOccurrences(of: "\u{2010}", with: "-")
        #expect(text.contains("DIARY(1)"))
        #expect(text.contains("EXIT STATUS"))
        for command in DiaryCommand.subcommands.map({ $0.declaration }) {
            #expect(text.contains("diary \(command.name)"), "no section for \(command.name)")
            for option in command.parameters where !option.isPositional {
                #expect(text.contains(option.longName), "diary \(command.name): \(option.longName) is not documented")
            }
        }
    }

    @Test func theManualPageHasNoRoffWarnings() throws {
        let page = try TemporaryDirectory(prefix: "diary-man")
        let file = page.url.appendingPathComponent("diary.1")
        try Data(ManualPage(program: DiaryCommand.program).roff.utf8).write(to: file)
        let check = try run("groff", ["-man", "-ww", "-z", file.path])
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check)")
    }

    @Test func roffEscapingKeepsBackslashesHyphensAndLeadingDotsAsText() {
        #expect(ManualPage.escaped("a\\b") == "a\\eb")
        #expect(ManualPage.escaped("--json") == "\\-\\-json")
        #expect(ManualPage.escaped(".SH not a macro") == "\\&.SH not a macro")
        #expect(ManualPage.escaped("'tis") == "\\&'tis")
        #expect(ManualPage.escaped("WAV, …") == "WAV, \\[u2026]")
    }

    @Test func theInstalledBashCompletionRegistersForDiary() throws {
        let destination = try TemporaryDirectory(prefix: "diary-install")
        #expect(try install(into: destination.url).status == 0)
        let script = destination.url.appendingPathComponent("usr/share/bash-completion/completions/diary")
        let result = try run("bash", ["-c", "source '\(script.path)'; complete -p diary"])
        #expect(result.status == 0 && result.stdout == "complete -F _diary diary\n", "\(result)")
    }

    /// What bash's completion of `words` (the last one being completed) offers.
    private func bashCompletions(_ words: [String], store: URL) throws -> [String] {
        let script = CompletionScript(program: DiaryCommand.program).script(for: .bash)
        let scratch = try TemporaryDirectory(prefix: "diary-completion")
        let file = scratch.url.appendingPathComponent("diary.bash")
        try Data(script.utf8).write(to: file)
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let program = """
            PATH='\(try diaryBinary().deletingLastPathComponent().path)':$PATH
            source '\(file.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _diary
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try run("bash", ["-c", program], store: .at(store))
        #expect(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsEntryNumbersAndTagNamesFromTheStore() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "One", "--tag", "travel"])
        try store.succeed(["new", "--text", "Two", "--tag", "work"])
        #expect(try bashCompletions(["diary", "li"], store: store.url) == ["list"])
        #expect(try bashCompletions(["diary", "list", "--ol"], store: store.url) == ["--oldest-first"])
        #expect(try bashCompletions(["diary", "show", ""], store: store.url).sorted() == ["1", "2"])
        #expect(
            try bashCompletions(["diary", "edit", "1", "--untag", ""], store: store.url).sorted() == ["travel", "work"])
        #expect(
            try bashCompletions(
                ["diary", "--store", store.url.path, "list", "--tag", "w"],
                store: .init(fileURLWithPath: "/nonexistent")) == ["work"])
        #expect(try bashCompletions(["diary", "import", "--from", "j"], store: store.url).sorted() == ["jrnl", "json"])
    }

    @Test(arguments: [CompletionScript.Shell.zsh, .fish])
    func theZshAndFishScriptsParse(shell: CompletionScript.Shell) throws {
        let scratch = try TemporaryDirectory(prefix: "diary-completion")
        let file = scratch.url.appendingPathComponent("diary.\(shell.rawValue)")
        try Data(CompletionScript(program: DiaryCommand.program).script(for: shell).utf8).write(to: file)
        let result = try run(shell.rawValue, ["-n", file.path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    }

    @Test func fishCompletesTagNamesFromTheStoreNamedByStore() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "One", "--tag", "travel"])
        let scratch = try TemporaryDirectory(prefix: "diary-completion")
        let file = scratch.url.appendingPathComponent("diary.fish")
        try Data(CompletionScript(program: DiaryCommand.program).script(for: .fish).utf8).write(to: file)
        let binaries = try diaryBinary().deletingLastPathComponent().path
        let result = try run(
            "fish",
            [
                "-c",
                "set PATH '\(binaries)' $PATH; source '\(file.path)'; "
                    + "complete -C 'diary --store \(store.url.path) list --tag '"
            ])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("travel\t"), "\(result)")
    }
}
