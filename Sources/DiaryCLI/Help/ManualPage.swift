import Foundation

/// `diary(1)`: the manual page, rendered in roff (man macros) from the same declarations
/// and texts as `--help`, so the two never disagree.
package struct ManualPage {
    /// The program whose commands the page documents.
    package let program: CommandLineProgram

    /// A page for `program`.
    package init(program: CommandLineProgram) {
        self.program = program
    }

    /// The whole page: NAME, SYNOPSIS, DESCRIPTION, OPTIONS, COMMANDS (one subsection per
    /// subcommand with its usage, help text and options), ENVIRONMENT, FILES, EXIT STATUS and,
    /// when the program has some, EXAMPLES.
    package var roff: String {
        var lines = [
            ".TH \(program.name.uppercased()) 1 \"\" \"\(program.name) \(program.version)\" \"User Commands\"",
            ".SH NAME",
            "\(program.name) \\- " + Self.escaped(Self.lowercasingFirst(Self.withoutFinalPeriod(program.abstract))),
            ".SH SYNOPSIS",
            ".B \(program.name)",
            "[\\fB\\-\\-store\\fR \\fIdir\\fR] \\fIsubcommand\\fR [\\fIoptions\\fR]",
            ".SH DESCRIPTION"
        ]
        lines += Self.paragraphs(program.abstract + (program.discussion.isEmpty ? "" : " " + program.discussion))
        lines.append(".SH OPTIONS")
        lines += program.globalOptionSpecs.flatMap(Self.optionItem)
        lines.append(".SH COMMANDS")
        for command in program.subcommands.map({ $0.declaration }) {
            lines.append(".SS \"\(program.name) \(command.name)\"")
            lines.append(Self.synopsis(of: command, programName: program.name))
            lines += Self.paragraphs(command.abstract)
            if !command.discussion.isEmpty { lines += Self.paragraphs(command.discussion) }
            let parameters = command.parameters
            if !parameters.isEmpty {
                lines.append(".PP")
                lines += parameters.flatMap(Self.optionItem)
            }
        }
        lines += Self.closingSections
        lines += Self.examples(program.examples)
        return lines.joined(separator: "\n") + "\n"
    }

    /// EXAMPLES: each explanation, then its command line indented and unfilled, as typed.
    private static func examples(_ examples: [ProgramExample]) -> [String] {
        guard !examples.isEmpty else { return [] }
        return [".SH EXAMPLES"]
            + examples.flatMap { example in
                [".PP", escaped(example.explanation), ".PP", ".RS 4", ".nf", escaped(example.commandLine), ".fi", ".RE"]
            }
    }

    /// The usage of `command` as a no-fill block, its parameters as in `--help`'s USAGE.
    private static func synopsis(of command: CommandConfiguration, programName: String) -> String {
        let elements = command.parameters.map { spec -> String in
            let item = styled(spec)
            switch spec.kind {
            case .positional(.required): return item
            case .positional(.optional): return "[\(item)]"
            case .positional(.repeating(atLeastOne: true)): return "\(item) ..."
            case .positional(.repeating(atLeastOne: false)), .option(repeating: true): return "[\(item) ...]"
            case .option(repeating: false), .flag: return "[\(item)]"
            }
        }
        return ([".PP", "\\fB\(programName) \(command.name)\\fR"] + elements).joined(separator: " ")
            .replacingFirst(".PP ", with: ".PP\n")
    }

    /// `--on <date>` as bold name and italic value; `<id>` italic.
    private static func styled(_ spec: ParameterSpec) -> String {
        switch spec.kind {
        case .positional: return "\\fI\(escaped(spec.valueName))\\fR"
        case .option: return "\\fB\(escaped(spec.longName))\\fR \\fI\(escaped(spec.valueName))\\fR"
        case .flag: return "\\fB\(escaped(spec.longName))\\fR"
        }
    }

    /// A tagged paragraph: `-n, --limit count` then its help text.
    private static func optionItem(_ spec: ParameterSpec) -> [String] {
        let short = spec.shortName.map { "\\fB\\-\(escaped(String($0)))\\fR, " } ?? ""
        return [".TP", short + styled(spec), escaped(spec.help)]
    }

    /// `text` as paragraphs: each of its lines a paragraph, indented lines kept as lines.
    private static func paragraphs(_ text: String) -> [String] {
        var lines: [String] = [".PP"]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                lines.append(".PP")
            } else if line.first == " " {
                lines += [".br", escaped(line.drop { $0 == " " })]
            } else {
                lines.append(escaped(line))
            }
        }
        return lines
    }

    /// ENVIRONMENT, FILES and EXIT STATUS: what every command shares.
    private static let closingSections: [String] = environmentAndFiles + exitStatuses

    /// ENVIRONMENT and FILES.
    private static let environmentAndFiles: [String] = [
        ".SH ENVIRONMENT",
        ".TP", "\\fBDIARY_HOME\\fR",
        "The store directory; else \\fB$XDG_DATA_HOME/diary\\fR, else \\fB~/.local/share/diary\\fR.",
        ".TP", "\\fBVISUAL\\fR, \\fBEDITOR\\fR",
        "The editor for new and edited text (else \\fBvi\\fR), started without a shell.",
        ".TP", "\\fBTZ\\fR", "The local time zone: dates are read and shown in it, stored in UTC.",
        ".TP", "\\fBNO_COLOR\\fR", "When set, no colour even on a terminal.",
        ".TP", "\\fBDIARY_NOW\\fR",
        "The moment \\fBtoday\\fR, \\fByesterday\\fR and other relative dates are read from, "
            + "as an ISO 8601 time with offset (\\fB2026\\-12\\-04T09:30:00+01:00\\fR); else the clock. "
            + "For scripts and tests that must read the same dates whenever they run.",
        ".TP", "\\fBDIARY_PASSPHRASE_COMMAND\\fR",
        "A command (run by \\fB/bin/sh \\-c\\fR) whose first line of output "
            + "is the encrypted diary's passphrase, for scripts: \\fBpass show diary\\fR. Without it the terminal is asked.",
        ".TP", "\\fBDIARY_NEW_PASSPHRASE_COMMAND\\fR",
        "The same for a new passphrase (\\fBencrypt\\fR, \\fBinit \\-\\-encrypt\\fR, "
            + "\\fBpassphrase\\fR).",
        ".TP", "\\fBDIARY_ENCRYPT\\fR", "\\fB1\\fR: a diary that a command creates is encrypted from the start.",
        ".TP", "\\fBDIARY_SYNC_SNAPSHOT_EVERY\\fR",
        "How many change sets, all devices together, \\fBsync\\fR lets "
            + "pile up on the remote beyond its newest snapshot before it uploads a new one, from which a device joining "
            + "starts (default 500; \\fB0\\fR: never).",
        ".TP", "\\fBDIARY_NO_PROMPT\\fR",
        "\\fB1\\fR: never ask for a passphrase or derive a key from one (what shell "
            + "completions set); a locked encrypted diary then fails at once with status 77.",
        ".SH FILES",
        ".TP", "\\fIDiary.sqlite\\fR", "The entries, tags and media facts (SQLite, WAL mode), in the store directory.",
        ".TP", "\\fIDiary.blobs/\\fR",
        "The photos and recordings, named by their SHA\\-256 (by a keyed hash in an encrypted diary).",
        ".TP", "\\fIDiary.key\\fR",
        "An encrypted diary's data key, sealed by the passphrase (Argon2id); without it, and the "
            + "passphrase, the diary cannot be read."
    ]

    /// EXIT STATUS, from the one list of statuses.
    private static var exitStatuses: [String] {
        [".SH EXIT STATUS"]
            + ExitCode.documented.flatMap { status -> [String] in
                [".TP", status.code.description, escaped(status.meaning)]
            }
    }

    /// `text` safe as roff text: backslashes and hyphens escaped, other than ASCII as a roff
    /// Unicode escape of its code point in hex (`…` becomes `\[u2026]`),
    /// a leading `.` or `'` neutralised.
    static func escaped<Text: StringProtocol>(_ text: Text) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: result.unicodeScalars.append(scalar)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    private static func withoutFinalPeriod(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

extension String {
    /// The string with its first occurrence of `target` replaced.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
