import DiaryKit
import Foundation

@testable import DiaryCLI

/// How a subcommand author writes a command (an example for the tests, not a real
/// `diary` command): one property per parameter, a cross-option rule in `validate()`, the
/// work in `run(in:)`.
struct StampCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "stamp", abstract: "Stamp an entry with a date.",
        discussion: "The stamp is shown beside the entry in listings. Give --on to choose the day; "
            + "without it the entry is stamped with today.")

    @Argument("id", help: "The entry's number, as in #42.")
    var id: Int
    @Option("on", valueName: "date", help: "The day or moment to stamp.")
    var on: DateSpecifier?
    @RepeatingOption("image", valueName: "file", help: "A photo to attach; repeat for more.")
    var images: [URL]
    @Option("limit", short: "n", valueName: "count", help: "Stamp at most this many times.")
    var givenLimit: Int?
    @Flag("color", help: "Colour the stamp.")
    var color: Bool
    @Flag("json", help: "Print the result as JSON.")
    var json: Bool
    @Flag("zip", short: "z", help: "Pack the result into one zip file.")
    var zip: Bool

    /// `--limit`, 1 when not given.
    var limit: Int { givenLimit ?? 1 }

    func validate() throws(UsageError) {
        guard limit >= 1 else { throw .invalid("--limit must be at least 1") }
    }

    func run(in context: CommandContext) throws {
        guard id != 0 else { throw CommandFailure("no entry #0", exitCode: .noInput) }
        if json {
            context.writeJSON([
                "id": .integer(id),
                "on": .optional(on.map { .date($0.start, in: context.timeZone) }),
                "images": .array(images.map { .string($0.path) }),
                "zip": .bool(zip),
                "store": .string(context.storeDirectory.path)
            ])
        } else {
            context.writeLine("Stamped #\(id) on \(on?.day.description ?? "today")")
        }
    }
}

/// An example with an optional and a repeating positional argument.
struct GatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(name: "gather", abstract: "Gather files into a month.")

    @OptionalArgument("month", help: "The month to gather into.")
    var month: CalendarMonth?
    @RepeatingArgument("file", help: "The files to gather.")
    var files: [String]

    func run(in context: CommandContext) throws {
        context.writeLine("\(month?.description ?? "-") \(files.joined(separator: ","))")
    }
}
