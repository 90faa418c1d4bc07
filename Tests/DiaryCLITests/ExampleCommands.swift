import Foundation
@testable import DiaryCLI

/// How a subcommand author writes a command (an example for the tests, not a real
/// `diary` command): static declarations, listed in the configuration, read in
/// `init(parsed:)`, used in `run(in:)`.
struct StampCommand: ParsableCommand {
    static let id = Argument<Int>("id", help: "The entry's number, as in #42.")
    static let on = Option<DateSpecifier>("on", valueName: "date", help: "The day or moment to stamp.")
    static let images = RepeatingOption<URL>("image", valueName: "file", help: "A photo to attach; repeat for more.")
    static let limit = Option<Int>("limit", short: "n", valueName: "count", help: "Stamp at most this many times.")
    static let color = Flag("color", help: "Colour the stamp.")
    static let json = Flag("json", help: "Print the result as JSON.")
    static let zip = Flag("zip", short: "z", help: "Pack the result into one zip file.")

    static let configuration = CommandConfiguration(
        name: "stamp", abstract: "Stamp an entry with a date.",
        discussion: "The stamp is shown beside the entry in listings. Give --on to choose the day; "
            + "without it the entry is stamped with today.",
        parameters: [id, on, images, limit, color, json, zip])

    let id: Int
    let on: DateSpecifier?
    let images: [URL]
    let limit: Int
    let json: Bool
    let zip: Bool

    init(parsed: ParsedArguments) throws {
        id = try parsed[Self.id]
        on = try parsed[Self.on]
        images = try parsed[Self.images]
        limit = try parsed[Self.limit] ?? 1
        json = try parsed[Self.json]
        zip = try parsed[Self.zip]
        guard limit >= 1 else { throw UsageError.invalid("--limit must be at least 1") }
    }

    func run(in context: CommandContext) async throws {
        guard id != 0 else { throw CommandFailure("no entry #0", exitCode: .noInput) }
        if json {
            context.writeJSON([
                "id": .integer(id),
                "on": .optional(on.map { .date($0.start, in: context.timeZone) }),
                "images": .array(images.map { .string($0.path) }),
                "zip": .bool(zip),
                "store": .string(context.storeDirectory.path),
            ])
        } else {
            context.writeLine("Stamped #\(id) on \(on?.day.description ?? "today")")
        }
    }
}

/// An example with an optional and a repeating positional argument.
struct GatherCommand: ParsableCommand {
    static let month = OptionalArgument<CalendarMonth>("month", help: "The month to gather into.")
    static let files = RepeatingArgument<String>("file", help: "The files to gather.")
    static let configuration = CommandConfiguration(
        name: "gather", abstract: "Gather files into a month.", parameters: [month, files])

    let month: CalendarMonth?
    let files: [String]

    init(parsed: ParsedArguments) throws {
        month = try parsed[Self.month]
        files = try parsed[Self.files]
    }

    func run(in context: CommandContext) async throws {
        context.writeLine("\(month?.description ?? "-") \(files.joined(separator: ","))")
    }
}
