import DiaryKit
import Foundation

/// `diary import`: adds entries from bundles.
struct ImportCommand: ParsableCommand {
    static let bundles = RepeatingArgument<URL>("bundle", help: "A .diaryentry folder or .diaryentry.zip file.")

    static let configuration = CommandConfiguration(
        name: "import", abstract: "Import entry bundles.",
        discussion: """
            Every file's size and SHA-256 is checked and every photo and recording decoded \
            before anything is stored; a bad bundle is refused whole (exit 65) and the \
            others are still imported. An entry whose UUID is already in the diary is skipped. \
            Prints one line per bundle.
            """,
        parameters: [bundles])

    let bundles: [URL]

    init(parsed: ParsedArguments) throws {
        bundles = try parsed[Self.bundles]
    }

    func run(in context: CommandContext) async throws {
        let diary = try context.openDiary()
        let progress = context.terminal.progressReporter()
        var firstFailure: (any Error)?
        var failures = 0
        for (number, bundle) in bundles.enumerated() {
            if bundles.count > 1 {
                progress.update(completed: number + 1, total: bundles.count, "importing \(bundle.lastPathComponent)")
            }
            do {
                let outcome = try diary.importBundle(at: bundle)
                progress.finish()
                switch outcome {
                case .imported(let entry):
                    context.writeLine("\(bundle.path): imported #\(entry.id)")
                case .skipped(let uuid, let existing):
                    context.writeLine("\(bundle.path): skipped (already in the store: \(uuid.uuidString.lowercased()), #\(existing))")
                }
            } catch {
                progress.finish()
                guard bundles.count > 1 else { throw error }
                context.writeErrorLine("diary: " + ErrorReporter.messageAndCode(for: error).0)
                firstFailure = firstFailure ?? error
                failures += 1
            }
        }
        if let firstFailure {
            let code = ErrorReporter.messageAndCode(for: firstFailure).1
            throw CommandFailure("\(failures) of \(bundles.count) bundles were not imported", exitCode: code)
        }
    }
}
