import Foundation
import TestSupport
import Testing

@testable import DiaryCLI

/// Shell completion over a store whose tag names are hostile (a bundle can bring any name):
/// in bash, zsh and fish the names are offered as data and nothing in them runs; and the
/// helpers never ask for a passphrase or derive a key, so Tab on a locked diary offers nothing.
@Suite struct CompletionSafetyTests {
    /// Names that are code, quoting, separators or patterns to a shell that evaluates them.
    static let hostileNames = [
        "travel$(touch${IFS}PWNED1)", "`touch PWNED2`", "a;touch PWNED3", "it's \"quoted\"", "two\nlines",
        "with space", "*glob?[x]", "back\\slash", "$HOME"
    ]

    /// A store whose entry carries every hostile name as a tag.
    static func hostileStore() throws -> TestStore {
        let store = try TestStore()
        try store.succeed(["new", "--text", "x"] + hostileNames.flatMap { ["--tag", $0] })
        return store
    }

    /// Runs `shell` with `program` in a scratch folder of its own, the built diary first on PATH;
    /// gives the run and the files left in the folder (none but `script` may be there).
    static func runShell(
        _ shell: String, _ program: String, script: CompletionScript.Shell,
        environment: [String: String] = [:]
    ) throws -> (ProcessRun, [String]) {
        let scratch = try TemporaryDirectory(prefix: "diary-completion")
        let file = scratch.url.appendingPathComponent("script")
        try Data(CompletionScript(program: DiaryCommand.program).script(for: script).utf8).write(to: file)
        let binaries = try diaryBinary().deletingLastPathComponent().path
        var variables = ProcessInfo.processInfo.environment
        variables["PATH"] = binaries + ":/usr/bin:/bin"
        variables["DIARY_HOME"] = "/nonexistent"
        variables.merge(environment) { _, new in new }
        let path = ["/usr/bin/", "/bin/"].map { $0 + shell }.first { FileManager.default.isExecutableFile(atPath: $0) }
        let run = try runProcess(
            URL(fileURLWithPath: try #require(path)),
            [
                "-c",
                program.replacingOccurrences(
                    of: "SCRIPT", with: file.path)
            ], environment: variables, currentDirectory: scratch.url, timeout: 60)
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0 != "script" }
        return (run, left)
    }

    @Test func bashOffersHostileTagNamesQuotedAndRunsNothingInThem() throws {
        let store = try Self.hostileStore()
        // Each offered word is read back as the shell reads a completed line: `declare -a` expands
        // it exactly once, as typing it would; a name that were code would run here.
        let (run, left) = try Self.runShell(
            "bash",
            """
            source SCRIPT
            COMP_WORDS=(diary --store '\(store.url.path)' list --tag ''); COMP_CWORD=5; _diary
            for word in "${COMPREPLY[@]}"; do declare -a read="($word)"; printf '%s\\0' "${read[@]}"; done
            """, script: .bash)
        #expect(run.status == 0, "\(run)")
        #expect(left.isEmpty, "the completion ran code from a tag name: \(left)")
        #expect(
            Set(run.stdout.split(separator: "\0", omittingEmptySubsequences: true).map(String.init))
                == Set(Self.hostileNames), "\(run.stdout.debugDescription)")
    }

    @Test func zshOffersHostileTagNamesThroughCompaddAndHonoursStore() throws {
        let store = try Self.hostileStore()
        // compadd and _wanted as the completion system has them, reduced to printing what is offered.
        let (run, left) = try Self.runShell(
            "zsh",
            """
            _wanted() { shift 3; "$@" }
            compadd() { [[ $1 == -a ]] && printf '%s\\0' "${(@P)2}" }
            source SCRIPT 2>/dev/null
            _diary_line=(diary --store '\(store.url.path)' list --tag '')
            _diary_tags
            """, script: .zsh)
        #expect(left.isEmpty, "the completion ran code from a tag name: \(left)")
        #expect(
            Set(run.stdout.split(separator: "\0", omittingEmptySubsequences: true).map(String.init))
                == Set(Self.hostileNames), "\(run)")
    }

    @Test func fishOffersHostileTagNamesAsDataAndRunsNothingInThem() throws {
        let store = try Self.hostileStore()
        let (run, left) = try Self.runShell(
            "fish",
            """
            source SCRIPT; complete -C 'diary --store \(store.url.path) list --tag '
            """, script: .fish)
        #expect(run.status == 0, "\(run)")
        #expect(left.isEmpty, "the completion ran code from a tag name: \(left)")
        let offered = run.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        // fish takes a line of output as one completion: the name with a newline comes as two.
        for name in Self.hostileNames where !name.contains("\n") {
            #expect(offered.contains(name), "\(name) in \(offered)")
        }
    }

    @Test(arguments: [("bash", CompletionScript.Shell.bash), ("zsh", .zsh), ("fish", .fish)])
    func aLockedEncryptedDiaryOffersNothingAndNeverAsksOrDerivesAKey(
        _ shell: String,
        _ script: CompletionScript.Shell
    ) throws {
        let store = try TestStore()
        let pass = ["DIARY_PASSPHRASE_COMMAND": "printf '%s\\n' 'completion pass'"]
        try store.succeed(["new", "--text", "x", "--tag", "secret"])
        try store.succeed(["encrypt"], environment: pass)
        _ = try store.run(["lock"], environment: pass)
        // A passphrase command that leaves a mark: completion must never run it.
        let marking = ["DIARY_PASSPHRASE_COMMAND": "touch ASKED; printf '%s\\n' 'completion pass'"]
        let program: String
        switch script {
        case .bash:
            program =
                "source SCRIPT; COMP_WORDS=(diary --store '\(store.url.path)' list --tag ''); "
                + "COMP_CWORD=5; _diary; printf '%s\\n' \"${COMPREPLY[@]}\""
        case .zsh:
            program =
                "_wanted() { shift 3; \"$@\" }; compadd() { [[ $1 == -a ]] && print -rl -- \"${(@P)2}\" }; "
                + "source SCRIPT 2>/dev/null; _diary_line=(diary --store '\(store.url.path)' list --tag ''); _diary_tags"
        case .fish: program = "source SCRIPT; complete -C 'diary --store \(store.url.path) list --tag '"
        }
        let (run, left) = try Self.runShell(shell, program, script: script, environment: marking)
        #expect(left.isEmpty, "a completion asked for the passphrase: \(left)")
        #expect(!run.stdout.contains("secret"), "\(run)")
        // The switch itself: at once, exit 77, naming what to do.
        let refused = try store.run(["tags"], environment: marking.merging(["DIARY_NO_PROMPT": "1"]) { _, new in new })
        #expect(refused.status == 77)
        #expect(
            refused.stderr == "diary: the diary at \(store.url.path) is locked and DIARY_NO_PROMPT=1 forbids "
                + "asking for its passphrase; run 'diary unlock' first\n", "\(refused)")
    }

    @Test func tagsNullPrintsEachNameEndedByANulByte() throws {
        let store = try Self.hostileStore()
        let names = try store.succeed(["tags", "--null"]).stdout
        #expect(names.hasSuffix("\0"))
        #expect(Set(names.split(separator: "\0").map(String.init)) == Set(Self.hostileNames))
    }
}
