import DiaryCLI
import Foundation
import TestSupport
import Testing

/// `--help` of the built `diary` and of every subcommand.
@Suite struct HelpCommandTests {
    static let names = DiaryCommand.subcommands.map { $0.configuration.name }

    @Test(arguments: ["new", "edit"])
    func imageAndAudioHelpNameEveryAcceptedFormat(_ command: String) throws {
        let help = try runDiary([command, "--help"]).stdout
        #expect(
            help.contains(
                """
                  --image <file>          Attach a photo (JPEG, PNG, HEIC, AVIF, WebP); repeat
                                          for more.
                  --audio <file>          Attach a recording (WAV, AIFF, FLAC, Ogg, MP3, M4A,
                                          CAF, AU); repeat for more.
                """), "\(help)")
    }

    @Test func everySubcommandIsListedAndHasHelpWithItsSections() throws {
        #expect(
            Self.names == [
                "new", "list", "calendar", "show", "edit", "delete", "trash", "restore", "export",
                "import", "search", "tags", "check", "init", "encrypt", "decrypt", "unlock", "lock",
                "passphrase", "sync", "config"
            ])
        let root = try runDiary(["--help"])
        for name in Self.names {
            #expect(root.stdout.contains("\n  \(name) "), "\(name) in the root help")
            let help = try runDiary([name, "--help"])
            #expect(help.status == 0, "\(help)")
            #expect(help.stderr == "")
            #expect(help.stdout.hasPrefix("OVERVIEW: "))
            #expect(help.stdout.contains("\nUSAGE: diary \(name)"))
            #expect(help.stdout.contains("\nOPTIONS:\n"))
            #expect(help.stdout.contains("--store <dir>"))
            // Positional arguments (`<id>`, `<text>`) are explained under ARGUMENTS, and
            // every line fits the 80-column width used when stdout is not a terminal.
            let usage =
                help.stdout.components(separatedBy: "\nUSAGE: ").last?.components(separatedBy: "\n\n").first ?? ""
            let positional = usage.replacingOccurrences(of: #"-[a-z-]+ <[^>]+>"#, with: "", options: .regularExpression)
            #expect(help.stdout.contains("\nARGUMENTS:\n") == positional.contains("<"), "\(name)")
            #expect(help.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(name)")
            #expect(try runDiary(["help", name]).stdout == help.stdout)
        }
        #expect(try runDiary(["show", "--help"]).stdout.contains("\nARGUMENTS:\n  <id>"))
    }

    @Test func aMistypedSubcommandIsAUsageErrorWithASuggestion() throws {
        let result = try runDiary(["lis"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: Unknown subcommand 'lis'. Did you mean 'list'?\n"))
    }

    @Test func theStoreOptionPicksTheFolder() throws {
        let folder = try TemporaryDirectory()
        let store = folder.url.appendingPathComponent("elsewhere")
        let result = try runDiary(["--store", store.path, "new", "--text", "x"])
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: store.appendingPathComponent("Diary.sqlite").path))
        let after = try runDiary(["list", "--json", "--store", store.path])
        #expect(after.stdout.contains("\"id\": 1"))
    }
}
