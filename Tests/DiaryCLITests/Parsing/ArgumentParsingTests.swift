import DiaryKit
import Foundation
import Testing

@testable import DiaryCLI

@Suite struct ArgumentParsingTests {
    @Test func valuesArriveTypedThroughTheDeclarations() throws {
        let parsed = try parse(
            [
                "42", "--on", "2026-11-29", "--image", "a.jpg", "--image=/tmp/b.png", "-n", "3",
                "--json"
            ], for: StampCommand.self)
        let command = try StampCommand(parsed: parsed)
        #expect(command.id == 42)
        #expect(command.on?.day == DiaryDay(year: 2026, month: 11, day: 29))
        #expect(command.images.map(\.path) == ["/work/photos/a.jpg", "/tmp/b.png"])
        #expect(command.limit == 3)
        #expect(command.json)
        #expect(!command.zip)
    }

    // The paths given for files and stores are standardized as Foundation standardizes them.
    @Test(arguments: [
        "a.jpg", "./a.jpg", "../a.jpg", "x/../../a.jpg", "/tmp//b.png", "/tmp/./b/../c", "/..", "/../x",
        "..", ".", "photos/", "/tmp/", "a/b/c/../../d", "../../../../../../x", "/", "//x//y//"
    ])
    func pathsAreStandardizedAsFoundationDoesIt(path: String) {
        let directory = URL(fileURLWithPath: "/work/photos", isDirectory: true)
        let context = ArgumentContext(
            timeZone: TimeZone(secondsFromGMT: 0) ?? .current, now: Date(), currentDirectory: directory)
        let foundation = URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL
        #expect(URL(argument: path, context: context)?.path == foundation.path)
        #expect(LexicalPath.standardized(path, relativeTo: directory.path) == foundation.path)
    }

    @Test func equalsAndSpaceFormsAreTheSame() throws {
        let spaced = try StampCommand(parsed: parse(["7", "--limit", "5"], for: StampCommand.self))
        let joined = try StampCommand(parsed: parse(["7", "--limit=5"], for: StampCommand.self))
        #expect(spaced.limit == 5)
        #expect(joined.limit == 5)
    }

    @Test func aSingleValueOptionGivenTwiceIsAUsageErrorNamingIt() {
        #expect(throws: UsageError.repeatedOption("--limit <count>")) {
            try parse(["7", "-n", "2", "--limit", "9"], for: StampCommand.self)
        }
        #expect(throws: UsageError.repeatedOption("--on <date>")) {
            try parse(["7", "--on=today", "--on", "today"], for: StampCommand.self)
        }
        #expect(
            UsageError.repeatedOption("--on <date>").message
                == "The option '--on <date>' takes one value but was given more than once")
    }

    @Test func repeatingOptionsAndFlagsMayBeGivenTwice() throws {
        let command = try StampCommand(
            parsed: parse(
                ["7", "--image", "a.jpg", "--image", "a.jpg", "--json", "--json"],
                for: StampCommand.self))
        #expect(command.images.count == 2)
        #expect(command.json)
    }

    @Test func shortFlagsClusterAndShortOptionsTakeAttachedValues() throws {
        let command = try StampCommand(parsed: parse(["-zn4", "7"], for: StampCommand.self))
        #expect(command.zip)
        #expect(command.limit == 4)
        #expect(command.id == 7)
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse(["2026-11", "--", "--json", "-z"], for: GatherCommand.self)
        let command = try GatherCommand(parsed: parsed)
        #expect(command.files == ["--json", "-z"])
        #expect(command.month == CalendarMonth(year: 2026, month: 11))
        #expect(throws: UsageError.unknownOption("--json", suggestion: nil)) {
            try parse(["2026-11", "--json"], for: GatherCommand.self)
        }
    }

    @Test func optionalPositionalOnlyTakesAWordTheRequiredOnesCanSpare() throws {
        let both = try GatherCommand(parsed: parse(["2026-11", "a.jpg"], for: GatherCommand.self))
        #expect(both.month == CalendarMonth(year: 2026, month: 11))
        #expect(both.files == ["a.jpg"])
        let filesOnly = try GatherCommand(parsed: parse(["a.jpg"], for: GatherCommand.self))
        #expect(filesOnly.month == nil)
        #expect(filesOnly.files == ["a.jpg"])
    }

    @Test func entryNumbersMayBeWrittenWithHash() throws {
        #expect(try StampCommand(parsed: parse(["#42"], for: StampCommand.self)).id == 42)
    }

    @Test func aNegativeNumberIsAValueNotAnOption() throws {
        let command = try parse(["7", "--limit", "-1"], for: StampCommand.self)
        #expect(throws: UsageError.invalid("--limit must be at least 1")) { try StampCommand(parsed: command) }
    }

    @Test func readingAnUndeclaredParameterIsAnInternalError() throws {
        let parsed = try parse(["a"], for: GatherCommand.self)
        let json = try #require(StampCommand.parameters.first { $0.name == "json" })
        #expect(throws: ParsedArguments.UndeclaredParameter(parameter: "--json")) { try parsed.values(of: json) }
        #expect(throws: ParsedArguments.UndeclaredParameter(parameter: "<id>")) { try StampCommand(parsed: parsed) }
        #expect(ParsedArguments.UndeclaredParameter(parameter: "--json").exitCode == .software)
    }

    // MARK: Usage errors, as thrown

    @Test func missingArgument() {
        #expect(throws: UsageError.missingArgument("<id>")) { try parse(["--json"], for: StampCommand.self) }
        #expect(throws: UsageError.missingArgument("<file>")) { try parse([], for: GatherCommand.self) }
    }

    @Test func unknownOptionSuggestsTheClosestName() {
        #expect(throws: UsageError.unknownOption("--colour", suggestion: "--color")) {
            try parse(["1", "--colour"], for: StampCommand.self)
        }
        #expect(throws: UsageError.unknownOption("--frobnicate", suggestion: nil)) {
            try parse(["1", "--frobnicate"], for: StampCommand.self)
        }
        #expect(throws: UsageError.unknownOption("-q", suggestion: nil)) {
            try parse(["1", "-q"], for: StampCommand.self)
        }
    }

    @Test func missingOptionValue() {
        #expect(throws: UsageError.missingValue("--on <date>")) { try parse(["1", "--on"], for: StampCommand.self) }
        #expect(throws: UsageError.missingValue("--on <date>")) {
            try parse(["1", "--on", "--json"], for: StampCommand.self)
        }
    }

    @Test func flagsTakeNoValue() {
        #expect(throws: UsageError.flagTakesNoValue("--json")) {
            try parse(["1", "--json=yes"], for: StampCommand.self)
        }
    }

    @Test func unexpectedArgument() {
        #expect(throws: UsageError.unexpectedArgument("43")) { try parse(["42", "43"], for: StampCommand.self) }
    }

    @Test func invalidValuesNameTheValueAndTheParameter() {
        #expect(throws: UsageError.invalidValue("x", for: "<id>", hint: "Accepted forms: an integer such as 42.")) {
            try parse(["x"], for: StampCommand.self)
        }
        #expect(throws: UsageError.invalidValue("", for: "--image <file>", hint: nil)) {
            try parse(["1", "--image="], for: StampCommand.self)
        }
    }

    // MARK: Usage errors, as printed

    @Test func missingArgumentIsPrintedWithUsageAndExits64() async {
        let run = await TestConsole().run(exampleProgram, ["stamp", "--json"])
        #expect(run.status == .usage)
        #expect(run.stdout == "")
        #expect(
            run.stderr == """
                Error: Missing expected argument '<id>'
                Usage: diary stamp [<options>] <id>
                  See 'diary stamp --help' for more information.

                """)
    }

    @Test func aUsageLineWiderThan80ColumnsNamesTheOptionsAsOne() async {
        // The full line is the command's help; an error's is short (as swift-argument-parser's).
        let long = await TestConsole().run(exampleProgram, ["stamp"])
        let usage = long.stderr.split(separator: "\n").first { $0.hasPrefix("Usage: ") }
        #expect(usage == "Usage: diary stamp [<options>] <id>")
        #expect(long.stderr.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func unknownOptionIsPrintedWithItsSuggestion() async {
        let run = await TestConsole().run(exampleProgram, ["stamp", "1", "--colour"])
        #expect(run.status == .usage)
        #expect(
            run.stderr.hasPrefix(
                "Error: Unknown option '--colour'. Did you mean '--color'?\nUsage: diary stamp [<options>] <id>\n"))
        #expect(run.stderr.hasSuffix("\n  See 'diary stamp --help' for more information.\n"))
    }

    @Test func badDateIsPrintedWithTheAcceptedForms() async {
        let run = await TestConsole().run(exampleProgram, ["stamp", "1", "--on", "x"])
        #expect(run.status == .usage)
        #expect(
            run.stderr == """
                Error: The value 'x' is invalid for '--on <date>'
                Hint: Accepted forms: 2026-11-29, 2026-11-29 14:30, 2026-11-29T14:30:15, 2026-11-29T14:30+01:00, \
                today, yesterday, tomorrow, 14:30, 9am, 9:30pm, yesterday 21:00, today 9am, monday, last monday, mon, \
                friday 18:00, 3 days ago, 2 weeks ago, 3 days ago 08:00.
                Usage: diary stamp [<options>] <id>
                  See 'diary stamp --help' for more information.

                """)
    }

    @Test func validationErrorsOfTheCommandArePrintedAsUsageErrors() async {
        let run = await TestConsole().run(exampleProgram, ["stamp", "1", "--limit", "0"])
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix("Error: --limit must be at least 1\nUsage: diary stamp "))
    }

    @Test func unknownSubcommandSuggestsAndShowsTheRootUsage() async {
        let run = await TestConsole().run(exampleProgram, ["stmp"])
        #expect(run.status == .usage)
        #expect(
            run.stderr == """
                Error: Unknown subcommand 'stmp'. Did you mean 'stamp'?
                Hint: to write it as an entry: diary new stmp
                Usage: diary [--store <dir>] <subcommand>
                  See 'diary --help' for more information.

                """)
    }

    @Test func unknownRootOption() async {
        let run = await TestConsole().run(exampleProgram, ["--verison"])
        #expect(run.status == .usage)
        #expect(run.stderr.hasPrefix("Error: Unknown option '--verison'. Did you mean '--version'?\n"))
    }

    // MARK: Running

    @Test func aParsedCommandRunsAndWritesThroughTheContext() async {
        let run = await TestConsole().run(exampleProgram, ["stamp", "42", "--on", "yesterday"])
        #expect(run.status == .success)
        #expect(run.stdout == "Stamped #42 on 2026-11-28\n")
        #expect(run.stderr == "")
    }

    @Test func storeOptionWorksBeforeAndAfterTheSubcommand() async {
        let before = await TestConsole().run(exampleProgram, ["--store", "/tmp/a", "stamp", "1", "--json"])
        #expect(before.stdout.contains("\"store\": \"/tmp/a\""))
        let after = await TestConsole().run(exampleProgram, ["stamp", "1", "--json", "--store=/tmp/b"])
        #expect(after.stdout.contains("\"store\": \"/tmp/b\""))
        let neither = await TestConsole(environment: ["DIARY_HOME": "/srv/diary"])
            .run(exampleProgram, ["stamp", "1", "--json"])
        #expect(neither.stdout.contains("\"store\": \"/srv/diary\""))
    }

    @Test func versionPrintsNameAndVersion() async {
        let run = await TestConsole().run(exampleProgram, ["--version"])
        #expect(run.status == .success)
        #expect(run.stdout == "diary 0.1.0\n")
    }

    @Test func defaultStoreFollowsTheEnvironment() {
        #expect(StoreLocation.defaultDirectory(environment: ["DIARY_HOME": "/d", "HOME": "/h"]).path == "/d")
        #expect(StoreLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]).path == "/x/diary")
        #expect(
            StoreLocation.defaultDirectory(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"]).path
                == "/h/.local/share/diary")
    }

    @Test func editDistanceCountsInsertionsDeletionsAndSubstitutions() {
        #expect(EditDistance.between("--colour", "--color") == 1)
        #expect(EditDistance.between("kitten", "sitting") == 3)
        #expect(EditDistance.between("", "abc") == 3)
        #expect(EditDistance.suggestion(for: "lst", among: ["list", "last"]) == "list")
        #expect(EditDistance.suggestion(for: "xyz", among: ["list"]) == nil)
    }
}

@Suite struct GlobalOptionTests {
    @Test func doubleDashBeforeTheSubcommandEndsGlobalOptions() async {
        let run = await TestConsole().run(exampleProgram, ["--", "gather", "x"])
        #expect(run.status == .success)
        #expect(run.stdout == "- x\n")
    }

    @Test func aStoreGivenTwiceOnOneSideOfTheSubcommandIsAUsageError() async {
        let before = await TestConsole().run(exampleProgram, ["--store", "/a", "--store", "/b", "stamp", "1"])
        #expect(before.status == .usage)
        #expect(
            before.stderr.hasPrefix("Error: The option '--store <dir>' takes one value but was given more than once\n"))
        let after = await TestConsole().run(exampleProgram, ["stamp", "1", "--store", "/a", "--store=/b"])
        #expect(after.status == .usage)
        #expect(after.stderr.hasPrefix("Error: The option '--store <dir>' takes one value"))
    }

    @Test func storeWithoutAValueIsAUsageError() async {
        let run = await TestConsole().run(exampleProgram, ["--store"])
        #expect(run.status == .usage)
        #expect(
            run.stderr.hasPrefix(
                "Error: Missing value for '--store <dir>'\nUsage: diary [--store <dir>] <subcommand>\n"))
    }

    @Test func aStoreAfterTheSubcommandWinsOverOneBefore() async {
        let run = await TestConsole().run(exampleProgram, ["--store=/a", "stamp", "1", "--json", "--store", "/b"])
        #expect(run.stdout.contains("\"store\": \"/b\""))
    }
}
