import Testing

@testable import DiaryCLI

@Suite struct HelpTests {
    static let stampHelp = """
        OVERVIEW: Stamp an entry with a date.

        The stamp is shown beside the entry in listings. Give --on to choose the day;
        without it the entry is stamped with today.

        USAGE: diary stamp <id> [--on <date>] [--image <file> ...] [--limit <count>]
                           [--color] [--json] [--zip]

        ARGUMENTS:
          <id>                    The entry's number, as in #42.

        OPTIONS:
          --on <date>             The day or moment to stamp.
          --image <file>          A photo to attach; repeat for more.
          -n, --limit <count>     Stamp at most this many times.
          --color                 Colour the stamp.
          --json                  Print the result as JSON.
          -z, --zip               Pack the result into one zip file.
          --store <dir>           The diary's store directory (default: $DIARY_HOME,
                                  else $XDG_DATA_HOME/diary, else ~/.local/share/diary).
          -h, --help              Show help information.

        """

    @Test(arguments: [["stamp", "--help"], ["stamp", "-h"], ["help", "stamp"], ["stamp", "42", "--colour", "-h"]])
    func everyWayOfAskingPrintsTheSameHelpOnStdout(arguments: [String]) async {
        let run = await TestConsole().run(exampleProgram, arguments)
        #expect(run.status == .success)
        #expect(run.stdout == Self.stampHelp)
        #expect(run.stderr == "")
    }

    @Test func helpAfterDoubleDashIsAnArgument() async {
        let run = await TestConsole().run(exampleProgram, ["gather", "--", "--help"])
        #expect(run.status == .success)
        #expect(run.stdout == "- --help\n")
    }

    @Test func rootHelpListsSubcommandsWithTheirAbstracts() async {
        let expected = """
            OVERVIEW: A photo diary for the command line.

            USAGE: diary [--store <dir>] <subcommand>

            OPTIONS:
              --store <dir>           The diary's store directory (default: $DIARY_HOME,
                                      else $XDG_DATA_HOME/diary, else ~/.local/share/diary).
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              stamp                   Stamp an entry with a date.
              gather                  Gather files into a month.
              help                    Show subcommand help information.

              See 'diary help <subcommand>' for detailed help.

            """
        for arguments in [["--help"], ["-h"], ["help"], []] {
            let run = await TestConsole().run(exampleProgram, arguments)
            #expect(run.status == .success)
            #expect(run.stdout == expected, "diary \(arguments)")
        }
    }

    @Test func optionalAndRepeatingArgumentsAreBracketedInUsage() async {
        let run = await TestConsole().run(exampleProgram, ["help", "gather"])
        #expect(run.stdout.contains("USAGE: diary gather [<month>] <file> ...\n"))
        #expect(run.stdout.contains("\n  <file> ...              The files to gather.\n"))
    }

    @Test func helpForAnUnknownSubcommandIsAUsageError() async {
        let run = await TestConsole().run(exampleProgram, ["help", "stmap"])
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix("Error: Unknown subcommand 'stmap'. Did you mean 'stamp'?\n"))
    }

    @Test func helpWrapsToANarrowTerminal() async {
        let run = await TestConsole(width: 50).run(exampleProgram, ["stamp", "--help"])
        #expect(
            run.stdout.contains(
                """
                  -z, --zip               Pack the result into one
                                          zip file.
                """))
    }
}
