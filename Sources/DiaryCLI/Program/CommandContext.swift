import DiaryKit
import Foundation

/// Everything a running command may use from the world outside it: the terminal to
/// write to, the environment, the calendar and time zone, stdin, the editor and the
/// store directory. Commands write through it (never `print`), so tests run them
/// in-process with captured output and an injected time zone.
package struct CommandContext: Sendable {
    /// Output streams and what they can show.
    package var terminal: Terminal
    /// The environment variables.
    package var environment: [String: String]
    /// Calendar, time zone, `now` and the current directory, also used to convert values.
    package var argumentContext: ArgumentContext
    /// Piped-in text.
    package var standardInput: StandardInput
    /// The store directory: `--store`, else ``StoreLocation/defaultDirectory(environment:)``.
    package var storeDirectory: URL
    /// Where temporary files (the editor's) are made.
    package var temporaryDirectory: URL
    /// How times and weeks are shown: the opened diary's `time.format` and `week.start`.
    let display = DisplayPreferencesBox()
    /// The diaries this command opened for writing, whose due trash goes once it has succeeded.
    package let openedForWriting = OpenedDiaries()

    /// Makes a context from its parts; the store directory defaults from the environment.
    package init(
        terminal: Terminal, environment: [String: String], argumentContext: ArgumentContext,
        standardInput: StandardInput, storeDirectory: URL? = nil,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory
    ) {
        self.terminal = terminal
        self.environment = environment
        self.argumentContext = argumentContext
        self.standardInput = standardInput
        self.storeDirectory = storeDirectory ?? StoreLocation.defaultDirectory(environment: environment)
        self.temporaryDirectory = temporaryDirectory
    }

    /// The context of this process: its stdout/stderr/stdin, environment, `TZ`, cwd. A `TZ`
    /// that names no zone is reported on stderr (times are then in UTC, as the C library has them).
    package static func live() -> CommandContext {
        let environment = ProcessEnvironment.current()
        let temporary = FileManager.default.temporaryDirectory
        let scratch = PrivateScratch.directory(environment: environment, temporary: temporary)
        // The terminal's answer about pictures is kept only in a folder of diary's own.
        let terminal = Terminal.live(
            environment: environment,
            pictureCache: scratch.url.standardizedFileURL == temporary.standardizedFileURL ? nil : scratch.url)
        let zone = ProcessTimeZone.resolve(environment: environment)
        if let warning = zone.warning { terminal.standardError.write("diary: warning: \(warning)\n") }
        let clock = ArgumentContext.now(environment: environment)
        if let warning = clock.warning { terminal.standardError.write("diary: warning: \(warning)\n") }
        let context = CommandContext(
            terminal: terminal, environment: environment,
            argumentContext: .current(timeZone: zone.rules, now: clock.now), standardInput: .process,
            temporaryDirectory: scratch.url)
        for path in scratch.exists ? PrivateScratch.sweepLeftovers(in: scratch.url) : [] {
            context.writeErrorLine(
                "diary: note: text typed in an editor while a diary process was stopped "
                    + "is kept in \(path)")
        }
        return context
    }

    /// The time zone times are shown in and local dates are read in.
    package var timeZone: any TimeZoneRules { argumentContext.timeZone }

    /// Dates and times as the human output shows them, in this context's zone and clock.
    var dateText: LocalDateText { LocalDateText(timeZone: timeZone, twelveHourClock: display.current.twelveHourClock) }

    /// Writes formatted text to stdout as it is: output whose formatter already escaped the
    /// stored text in it (``EntryFormatter``, the month grid) and may carry colour.
    package func write(_ text: String) {
        terminal.standardOutput.write(text)
    }

    /// Writes one line of plain text to stdout, escaping on a terminal whatever in it could
    /// control the terminal (``TerminalEscaper``): a line may name a path or a typed value.
    package func writeLine(_ line: String = "") {
        terminal.standardOutput.write(terminal.outputEscaper.escaped(line) + "\n")
    }

    /// Writes one line of plain text to stderr, e.g. a warning or "Empty text; no entry was
    /// created.", escaped on a terminal as ``writeLine(_:)`` does.
    package func writeErrorLine(_ line: String) {
        terminal.standardError.write(terminal.errorEscaper.escaped(line) + "\n")
    }

    /// Writes a JSON document (pretty-printed) and a newline to stdout. JSON escapes every
    /// control and bidi character itself (``JSONStringLiteral``).
    package func writeJSON(_ value: JSONValue) {
        write(JSONWriter(pretty: true).string(from: value) + "\n")
    }

    /// The editor launcher for this environment.
    package var editor: EditorLauncher {
        EditorLauncher(environment: environment, temporaryDirectory: temporaryDirectory)
    }

    /// The text of a new or edited entry: all of stdin when it is not a terminal
    /// (`echo "Beach day" | diary new`), otherwise what the user saves in the editor,
    /// starting from `initialText`.
    /// - Throws: ``TextInputError`` when stdin or the editor fails.
    package func readText(initialText: String = "") throws(TextInputError) -> TextInputOutcome {
        let typed = try readEnteredText(initialText: initialText)
        typed.discard()
        return typed.outcome
    }

    /// As ``readText(initialText:)``, with the text held until the command saves it: the
    /// command calls ``EnteredText/discard()`` after a save, ``EnteredText/keeping(after:in:)``
    /// when anything fails.
    /// - Throws: ``TextInputError`` when stdin or the editor fails.
    /// `editorCommand` (the `editor` setting) comes before `$VISUAL` and `$EDITOR`.
    package func readEnteredText(
        initialText: String = "", editorCommand: String? = nil
    ) throws(TextInputError) -> EnteredText {
        if !terminal.isStandardInputTerminal {
            return try standardInput.readEnteredText(temporaryDirectory: temporaryDirectory)
        }
        var launcher = editor
        launcher.configuredCommand = editorCommand
        return try launcher.editKeepingFile(initialText: initialText)
    }
}
