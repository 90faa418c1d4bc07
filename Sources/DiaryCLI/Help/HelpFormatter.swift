/// Renders help in the sections OVERVIEW, USAGE, ARGUMENTS, OPTIONS and SUBCOMMANDS,
/// with labels indented two columns and their help starting at column 27, wrapped
/// to the terminal's width.
struct HelpFormatter {
    /// What the usage line starts with: `diary`.
    let programName: String
    /// The total width lines are wrapped to.
    let width: Int

    private static let labelColumn = 2
    private static let helpColumn = 26

    /// The help of one subcommand; `extraOptions` (the global ones and `--help`) are
    /// listed after its own options.
    func help(for command: CommandConfiguration, extraOptions: [ParameterSpec]) -> String {
        var sections = ["OVERVIEW: " + command.abstract]
        if !command.discussion.isEmpty {
            sections.append(wrapLines(command.discussion))
        }
        sections.append(wrappedUsage(for: command))
        let arguments = command.parameters.filter(\.isPositional)
        if !arguments.isEmpty {
            sections.append("ARGUMENTS:\n" + arguments.map(row).joined(separator: "\n"))
        }
        let options = command.parameters.filter { !$0.isPositional } + extraOptions
        sections.append("OPTIONS:\n" + options.map(row).joined(separator: "\n"))
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The help of the program itself, listing its subcommands.
    func rootHelp(
        abstract: String, discussion: String, usage: String, options: [ParameterSpec],
        subcommands: [(name: String, abstract: String)]
    ) -> String {
        var sections = ["OVERVIEW: " + abstract]
        if !discussion.isEmpty { sections.append(wrapLines(discussion)) }
        sections.append("USAGE: " + usage)
        sections.append("OPTIONS:\n" + options.map(row).joined(separator: "\n"))
        if !subcommands.isEmpty {
            sections.append(
                "SUBCOMMANDS:\n"
                    + subcommands.map { row(label: $0.name, help: $0.abstract) }
                    .joined(separator: "\n"))
        }
        sections.append("  See '\(programName) help <subcommand>' for detailed help.")
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// `diary show <id> [--on <date>] [--image <file> ...] [--json]`: every declared
    /// parameter in order, optional ones in brackets, repeatable ones with `...`.
    func usage(for command: CommandConfiguration) -> String {
        ([programName, command.name] + command.parameters.map(Self.usageElement)).joined(separator: " ")
    }

    /// The usage line a usage error shows: ``usage(for:)``, or when that is wider than
    /// ``briefUsageWidth``, the options as `[<options>]` with only the arguments spelled out
    /// (`diary list [<options>] [<date>]`), as swift-argument-parser shortens one (the
    /// command's help has the whole line).
    func errorUsage(for command: CommandConfiguration) -> String {
        let full = usage(for: command)
        guard full.count > Self.briefUsageWidth else { return full }
        let arguments = command.parameters.filter { if case .positional = $0.kind { true } else { false } }
        return ([programName, command.name, "[<options>]"] + arguments.map(Self.usageElement)).joined(separator: " ")
    }

    /// The widest usage line an error shows in full.
    static let briefUsageWidth = 80

    /// `USAGE: ` and the usage, continued under the first parameter when it is wider
    /// than the terminal; an element such as `[--on <date>]` is never split.
    private func wrappedUsage(for command: CommandConfiguration) -> String {
        let head = "USAGE: \(programName) \(command.name)"
        let indent = String(repeating: " ", count: head.count + 1)
        var lines = [head]
        for element in command.parameters.map(Self.usageElement) {
            let last = lines[lines.count - 1]
            if last.count + 1 + element.count <= width || last == head || last == indent {
                lines[lines.count - 1] = last + (last == indent ? "" : " ") + element
            } else {
                lines.append(indent + element)
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func usageElement(_ spec: ParameterSpec) -> String {
        switch spec.kind {
        case .positional(.required): spec.display
        case .positional(.optional): "[\(spec.display)]"
        case .positional(.repeating(atLeastOne: true)): "\(spec.display) ..."
        case .positional(.repeating(atLeastOne: false)): "[\(spec.display) ...]"
        case .option(repeating: true): "[\(spec.display) ...]"
        case .option(repeating: false), .flag: "[\(spec.display)]"
        }
    }

    /// The label of a parameter's row: `<file> ...`, `-n, --limit <count>`, `--json`.
    private static func label(_ spec: ParameterSpec) -> String {
        switch spec.kind {
        case .positional(.repeating): return spec.display + " ..."
        case .positional: return spec.display
        case .option, .flag:
            guard let short = spec.shortName else { return spec.display }
            return "-\(short), \(spec.display)"
        }
    }

    private func row(_ spec: ParameterSpec) -> String {
        row(label: Self.label(spec), help: spec.help)
    }

    /// `  label<padding>help`, the help wrapped and continued at the help column; a
    /// label too long for its column gets the help on the next line.
    private func row(label: String, help: String) -> String {
        let indent = String(repeating: " ", count: Self.helpColumn)
        let helpLines = wrap(help, width: max(20, width - Self.helpColumn))
        var head = String(repeating: " ", count: Self.labelColumn) + label
        var lines: [String]
        if head.count + 2 <= Self.helpColumn {
            head += String(repeating: " ", count: Self.helpColumn - head.count)
            lines = [head + (helpLines.first ?? "")]
            lines += helpLines.dropFirst().map { indent + $0 }
        } else {
            lines = [head] + helpLines.map { indent + $0 }
        }
        return lines.map { $0.trailingWhitespaceRemoved }.joined(separator: "\n")
    }

    /// Each line of `text` wrapped to the full width, keeping its own line breaks
    /// and the indentation of its continuation lines.
    private func wrapLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let indentation = String(line.prefix { $0 == " " })
            return wrap(String(line.dropFirst(indentation.count)), width: max(20, width - indentation.count))
                .map { indentation + $0 }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Words of `text` in lines of at most `width` characters (a longer word stands alone).
    private func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }
}

extension String {
    /// The string without spaces at its end.
    var trailingWhitespaceRemoved: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
