import DiaryKit
import Foundation
import Testing

@testable import DiaryCLI

/// Two options that the example commands below include whole.
struct SizeOptions: ParsableArguments {
    @Option("width", valueName: "pixels", help: "The width.")
    var width: PositiveInt?
    @Option("height", valueName: "pixels", help: "The height.")
    var height: PositiveInt?

    func validate() throws(UsageError) {
        if (width == nil) != (height == nil) { throw .invalid("Give --width and --height together") }
    }
}

/// Every kind of parameter, each written once as a property: nothing else declares them.
struct PackCommand: ParsableCommand {
    static let configuration = CommandConfiguration(name: "pack", abstract: "Pack files into a box.")

    @Argument("box", help: "The box.")
    var box: String
    @OptionalArgument("month", valueName: "YYYY-MM", help: "The month of the box.")
    var month: CalendarMonth?
    @RepeatingArgument("file", atLeastOne: false, help: "The files.")
    var files: [String]
    @Option("label", short: "l", valueName: "text", help: "The label.")
    var label: String?
    @RepeatingOption("tag", valueName: "name", help: "A tag; repeat for more.")
    var tags: [String]
    @OptionGroup var size: SizeOptions
    @Option("copies", short: "c", valueName: "count", help: "How many boxes.")
    var copies: PositiveInt?
    @Flag("fragile", short: "f", help: "Handle with care.")
    var fragile: Bool
    @Flag("sealed", short: "s", help: "Seal the box.")
    var sealed: Bool

    func validate() throws(UsageError) {
        if fragile && sealed { throw .invalid("A fragile box is not sealed") }
    }

    func run(in context: CommandContext) throws {
        context.writeLine(
            "\(box) \(month?.description ?? "-") \(files) \(label ?? "-") \(tags) "
                + "\(size.width?.value ?? 0)x\(size.height?.value ?? 0) \(copies?.value ?? 1) \(fragile) \(sealed)")
    }
}

/// `diary` with ``PackCommand`` registered.
let packProgram = CommandLineProgram(
    name: "diary", version: "0.1.0", abstract: "A photo diary for the command line.",
    subcommands: [PackCommand.self])

@Suite struct ParameterDeclarationTests {
    private func pack(_ words: [String]) throws -> PackCommand {
        try PackCommand(parsed: parse(words, for: PackCommand.self))
    }

    @Test func oneDeclarationPerParameterIsEnoughForParsingAndHelp() throws {
        #expect(
            PackCommand.parameters.map(\.display) == [
                "<box>", "<YYYY-MM>", "<file>", "--label <text>", "--tag <name>", "--width <pixels>",
                "--height <pixels>",
                "--copies <count>", "--fragile", "--sealed"
            ])
        #expect(
            HelpFormatter(programName: "diary", width: 200).usage(for: PackCommand.declaration)
                == "diary pack <box> [<YYYY-MM>] [<file> ...] [--label <text>] [--tag <name> ...] [--width <pixels>] "
                + "[--height <pixels>] [--copies <count>] [--fragile] [--sealed]")
        #expect(PackCommand.configuration.parameters.isEmpty, "the configuration repeats no parameter")
    }

    @Test func eachKindOfWrapperGetsItsValue() throws {
        let command = try pack([
            "crate", "2026-11", "a.txt", "b.txt", "-l", "Books", "--tag", "x", "--tag=y",
            "-c", "3", "-f"
        ])
        #expect(command.box == "crate")
        #expect(command.month == CalendarMonth(year: 2026, month: 11))
        #expect(command.files == ["a.txt", "b.txt"])
        #expect(command.label == "Books")
        #expect(command.tags == ["x", "y"])
        #expect(command.copies?.value == 3)
        #expect(command.fragile)
        #expect(!command.sealed)
    }

    @Test func leftOutParametersAreEmpty() throws {
        let command = try pack(["crate"])
        #expect(command.month == nil)
        #expect(command.files.isEmpty)
        #expect(command.label == nil)
        #expect(command.tags.isEmpty)
        #expect(command.size.width == nil)
        #expect(command.copies == nil)
        #expect(!command.fragile)
    }

    @Test func aGroupIsIncludedWholeWhereItIsDeclared() throws {
        let command = try pack(["crate", "--height", "20", "--width", "30"])
        #expect(command.size.width?.value == 30)
        #expect(command.size.height?.value == 20)
        let names = PackCommand.parameters.map(\.name)
        let groupNames = SizeOptions.parameters.map(\.name)
        #expect(groupNames == ["width", "height"])
        let start = try #require(names.firstIndex(of: "width"))
        #expect(Array(names[start..<start + groupNames.count]) == groupNames)
        #expect(names.firstIndex(of: "tag")! < start && start < names.firstIndex(of: "copies")!)
    }

    @Test func theSharedDateGroupsAreIncludedWholeByTheRealCommands() {
        let period = PeriodOptions.parameters.map(\.name)
        #expect(period == ["on", "from", "to", "month", "year"])
        #expect(DateRangeOptions.parameters.map(\.name) == ["from", "to"])
        for command in [ListCommand.self, SearchCommand.self] as [any ParsableCommand.Type] {
            let names = command.parameters.map(\.name)
            #expect(names.contains(subsequence: period), "\(command)")
            #expect(names.contains(subsequence: ListingFilter.parameters.map(\.name)), "\(command)")
        }
        #expect(ExportCommand.parameters.map(\.name) == ["id", "from", "to", "year", "tag", "output", "zip", "format"])
        #expect(NewCommand.parameters.map(\.name).contains(subsequence: ["image", "audio", "media"]))
        #expect(EditCommand.parameters.map(\.name).contains(subsequence: ["image", "audio", "media"]))
    }

    @Test func validateRunsAfterParsingTheGroupsFirst() throws {
        #expect(throws: UsageError.invalid("A fragile box is not sealed")) { try pack(["crate", "-fs"]) }
        #expect(throws: UsageError.invalid("Give --width and --height together")) {
            try pack(["crate", "--width", "3"])
        }
        // Both rules broken: the included group's is reported, as it runs first.
        #expect(throws: UsageError.invalid("Give --width and --height together")) {
            try pack(["crate", "--width", "3", "-fs"])
        }
        // An outer group is validated before the group it includes.
        #expect(throws: UsageError.invalid("Use only one of --on, --from/--to at a time")) {
            try ListCommand(
                parsed: parse(
                    ["--on", "today", "--from", "2026-11-02", "--to", "2026-11-01"],
                    for: ListCommand.self))
        }
    }

    @Test func aValidationErrorIsAUsageErrorWithTheUsageLine() async {
        let run = await TestConsole().run(packProgram, ["pack", "crate", "--fragile", "--sealed"])
        #expect(run.status == .usage)
        #expect(run.status.rawValue == 64)
        #expect(run.stdout == "")
        #expect(
            run.stderr.hasPrefix(
                "Error: A fragile box is not sealed\nUsage: diary pack [<options>] <box> [<YYYY-MM>] [<file> ...]\n"))
        #expect(run.stderr.hasSuffix("  See 'diary pack --help' for more information.\n"))
    }

    @Test func aCommandThatPassesValidationRuns() async {
        let run = await TestConsole().run(packProgram, ["pack", "crate", "-c", "2", "--width=3", "--height", "4"])
        #expect(run.status == .success)
        #expect(run.stdout == "crate - [] - [] 3x4 2 false false\n")
    }

    @Test(arguments: [("0", 0), ("-3", -3), ("#0", 0)])
    func positiveIntRefusesCountsBelowOne(text: String, shown: Int) throws {
        #expect(PositiveInt(argument: text, context: TestConsole().context.argumentContext) == nil)
        #expect(throws: UsageError.invalid("'--limit \(shown)' must be at least 1")) {
            try parse(["--limit", text], for: ListCommand.self)
        }
        #expect(throws: UsageError.invalid("'--limit \(shown)' must be at least 1")) {
            try parse(["-n", text], for: SearchCommand.self)
        }
        #expect(throws: UsageError.invalid("'--copies \(shown)' must be at least 1")) {
            try parse(["crate", "--copies=\(text)"], for: PackCommand.self)
        }
    }

    @Test func positiveIntTakesOneAndMoreAndExplainsOtherText() throws {
        let context = TestConsole().context.argumentContext
        #expect(PositiveInt(argument: "1", context: context)?.value == 1)
        #expect(PositiveInt(argument: "#20", context: context)?.value == 20)
        #expect(PositiveInt(0) == nil)
        #expect(
            throws: UsageError.invalidValue(
                "many", for: "--limit <count>",
                hint: "Accepted forms: an integer of at least 1 such as 20.")
        ) {
            try parse(["--limit", "many"], for: ListCommand.self)
        }
    }

    @Test func aZeroLimitIsPrintedWithThePinnedMessageAndExits64() async {
        for words in [["list", "--limit", "0"], ["search", "x", "-n", "-3"]] {
            let run = await TestConsole().run(DiaryCommand.program, words)
            #expect(run.status == .usage)
            let option = words[0] == "list" ? "'--limit 0'" : "'--limit -3'"
            #expect(
                run.stderr.hasPrefix("Error: \(option) must be at least 1\nUsage: diary \(words[0]) "), "\(run.stderr)")
        }
    }

    @Test func everyCommandDeclaresEachNameOnce() {
        for command in DiaryCommand.subcommands {
            let parameters = command.parameters
            let keys = parameters.map(\.longName) + ["--store", "--help"]
            #expect(Set(keys).count == keys.count, "\(command.configuration.name): \(keys)")
            let shorts = parameters.compactMap(\.shortName) + ["h"]
            #expect(Set(shorts).count == shorts.count, "\(command.configuration.name): \(shorts)")
        }
    }

    @Test func outsideParsingAWrapperDeclaresNothingAndHoldsNoValue() {
        let option = Option<Int>("limit", valueName: "count", help: "")
        #expect(option.wrappedValue == nil)
        #expect(Flag("json", help: "").wrappedValue == false)
        #expect(RepeatingOption<String>("tag", valueName: "name", help: "").wrappedValue.isEmpty)
        // Listing the parameters leaves nothing behind for the next listing.
        #expect(PackCommand.parameters.count == PackCommand.parameters.count)
        #expect(PackCommand.parameters.count == 10)
    }

    @Test func commandsMadeAtTheSameTimeKeepTheirOwnValues() async throws {
        let labels = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<64 {
                group.addTask {
                    (
                        index,
                        try PackCommand(parsed: parse(["box", "-l", "label \(index)"], for: PackCommand.self)).label
                    )
                }
            }
            var labels: [Int: String?] = [:]
            for try await (index, label) in group { labels[index] = label }
            return labels
        }
        #expect(labels.count == 64)
        for (index, label) in labels { #expect(label == "label \(index)") }
    }
}

extension Array where Element: Equatable {
    /// Whether `subsequence` occurs in the array as consecutive elements.
    fileprivate func contains(subsequence: [Element]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<$0 + subsequence.count]) == subsequence }
    }
}
