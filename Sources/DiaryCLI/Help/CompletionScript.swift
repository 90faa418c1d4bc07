/// Shell completion scripts for `diary`, generated from the commands' own declarations
/// (so a new option completes the day it is declared): subcommands, options, files and
/// folders where a value is a path, and entry numbers and tag names read from the store
/// at completion time (`diary list --json`, `diary tags --null`, honouring `--store`).
///
/// What the store gives is data, never code: tag names (which a bundle can bring, spelled
/// `$(…)`, with quotes, newlines or globs) travel NUL-ended and are offered through each shell's
/// quoting (`printf %q`, `compadd`, fish's own escaping), never through `compgen -W`, `eval` or
/// an unquoted expansion. The helper commands run with `DIARY_NO_PROMPT=1` and stdin from
/// `/dev/null`: a locked diary offers nothing rather than asking for a passphrase on the line
/// being typed or deriving a key.
package struct CompletionScript {
    /// The shells a script can be written for.
    package enum Shell: String, CaseIterable, Sendable {
        /// GNU bash with the bash-completion conventions (`complete -F`).
        case bash
        /// zsh's completion system (`#compdef`, `_arguments`).
        case zsh
        /// fish (`complete -c`).
        case fish
    }

    /// The program whose commands complete.
    package let program: CommandLineProgram

    /// Scripts for `program`.
    package init(program: CommandLineProgram) {
        self.program = program
    }

    /// The script for `shell`.
    package func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    private var commands: [CommandConfiguration] { program.subcommands.map { $0.declaration } }
    private var name: String { program.name }

    /// Every spelling of an option or flag of `command`, with `--store` and `--help`.
    private func optionWords(_ parameters: [ParameterSpec]) -> [String] {
        parameters.filter { !$0.isPositional }.flatMap { spec in
            [spec.longName] + (spec.shortName.map { ["-\($0)"] } ?? [])
        }
    }

    private func extraOptions() -> [ParameterSpec] {
        [CommandLineProgram.storeOption, CommandLineProgram.helpFlag]
    }

    // MARK: - bash

    private var bash: String {
        var lines = [
            "# bash completion for \(name), generated from its own declarations. Install as",
            "# $(pkg-config --variable=completionsdir bash-completion)/\(name) or source it.",
            "# Runs diary on the store the line names, never asking for a passphrase.",
            "_\(name)_run() {",
            "    local i",
            "    local -a store=()",
            "    for ((i = 1; i < ${#COMP_WORDS[@]} - 1; i++)); do",
            "        [[ ${COMP_WORDS[i]} == --store ]] && store=(--store \"${COMP_WORDS[i+1]}\")",
            "    done",
            "    DIARY_NO_PROMPT=1 command \(name) \"${store[@]}\" \"$@\" </dev/null 2>/dev/null",
            "}",
            "# Entry numbers and tag names, each ended by a NUL byte.",
            "_\(name)_ids() {",
            "    _\(name)_run list --json --limit 100 | sed -n 's/^    \"id\": \\([0-9]*\\),$/\\1/p' | tr '\\n' '\\0'",
            "}",
            "_\(name)_tags() {",
            "    _\(name)_run tags --null",
            "}",
            "# Offers the NUL-ended words on stdin that start with $cur, quoted for the shell: data, never code.",
            "_\(name)_offer_words() {",
            "    local word",
            "    while IFS= read -r -d '' word; do",
            "        [[ $word == \"$cur\"* ]] && COMPREPLY+=(\"$(printf '%q' \"$word\")\")",
            "    done",
            "}",
            "_\(name)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    local i sub=",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case ${COMP_WORDS[i]} in",
            "            --store) ((i++)) ;;",
            "            -*) ;;",
            "            *) sub=${COMP_WORDS[i]}; break ;;",
            "        esac",
            "    done",
            "    COMPREPLY=()",
            "    if [[ $prev == --store ]]; then COMPREPLY=($(compgen -d -- \"$cur\")); return; fi",
            "    if [[ -z $sub ]]; then",
            "        if [[ $cur == -* ]]; then",
            "            COMPREPLY=($(compgen -W '\(optionWords(program.globalOptionSpecs).joined(separator: " "))' -- \"$cur\"))",
            "        else",
            "            COMPREPLY=($(compgen -W '\(program.subcommandNames.joined(separator: " "))' -- \"$cur\"))",
            "        fi",
            "        return",
            "    fi",
            "    local options= values= positional=",
            "    case $sub in"
        ]
        for command in commands {
            let parameters = command.parameters + extraOptions()
            lines.append("        \(command.name))")
            lines.append("            options='\(optionWords(parameters).joined(separator: " "))'")
            let valued = parameters.filter {
                if case .option = $0.kind { return true }; return false
            }
            if !valued.isEmpty {
                lines.append("            case $prev in")
                for spec in valued {
                    let spellings = ([spec.longName] + (spec.shortName.map { ["-\($0)"] } ?? [])).joined(separator: "|")
                    lines.append("                \(spellings)) values=\(bashValue(CompletionValue(spec))) ;;")
                }
                lines.append("            esac")
            }
            if let argument = command.parameters.first(where: \.isPositional) {
                lines.append("            positional=\(bashValue(CompletionValue(argument)))")
            }
            lines.append("            ;;")
        }
        lines += [
            "        help) positional=commands ;;",
            "    esac",
            "    if [[ -n $values ]]; then _\(name)_offer \"$values\"; return; fi",
            "    if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"$options\" -- \"$cur\")); return; fi",
            "    _\(name)_offer \"$positional\"",
            "}",
            "_\(name)_offer() {",
            "    local IFS=$'\\n'",
            "    case $1 in",
            "        files) COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null ;;",
            "        directories) COMPREPLY=($(compgen -d -- \"$cur\")); compopt -o filenames 2>/dev/null ;;",
            "        ids) _\(name)_offer_words < <(_\(name)_ids) ;;",
            "        tags) _\(name)_offer_words < <(_\(name)_tags) ;;",
            "        commands) COMPREPLY=($(compgen -W '\(program.subcommandNames.joined(separator: " "))' -- \"$cur\")) ;;",
            "        words:*) COMPREPLY=($(IFS=' '; compgen -W \"${1#words:}\" -- \"$cur\")) ;;",
            "        none) ;;",
            "    esac",
            "}",
            "complete -F _\(name) \(name)"
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private func bashValue(_ value: CompletionValue) -> String {
        switch value {
        case .none: "none"
        case .files: "files"
        case .directories: "directories"
        case .entryIDs: "ids"
        case .tagNames: "tags"
        case .words(let words): "'words:\(words.joined(separator: " "))'"
        }
    }

    // MARK: - zsh

    private var zsh: String {
        var lines = [
            "#compdef \(name)",
            "# zsh completion for \(name), generated from its own declarations. Install as _\(name)",
            "# in a folder of $fpath.",
            "# Runs diary on the store the line names (_\(name)_line: the words before _arguments moved",
            "# them), never asking for a passphrase.",
            "_\(name)_run() {",
            "    local i",
            "    local -a store",
            "    for ((i = 1; i < ${#_\(name)_line}; i++)); do",
            "        [[ ${_\(name)_line[i]} == --store ]] && store=(--store ${_\(name)_line[i+1]})",
            "    done",
            "    DIARY_NO_PROMPT=1 command \(name) $store \"$@\" </dev/null 2>/dev/null",
            "}",
            "# Entry numbers and tag names, offered through compadd, which quotes them: data, never code.",
            "_\(name)_ids() {",
            "    local -a ids expl",
            "    ids=(${(f)\"$(_\(name)_run list --json --limit 100 | sed -n 's/^    \"id\": \\([0-9]*\\),$/\\1/p')\"})",
            "    _wanted ids expl 'entry number' compadd -a ids",
            "}",
            "_\(name)_tags() {",
            "    local -a tags expl",
            "    tags=(${(0)\"$(_\(name)_run tags --null)\"})",
            "    _wanted tags expl 'tag' compadd -a tags",
            "}",
            "_\(name)() {",
            "    local curcontext=$curcontext state line",
            "    local -a commands _\(name)_line",
            "    _\(name)_line=(\"${words[@]}\")",
            "    commands=("
        ]
        for command in commands {
            lines.append("        \(zshQuoted(command.name + ":" + command.abstract))")
        }
        lines.append("        \(zshQuoted("help:Show subcommand help information."))")
        lines += [
            "    )",
            "    _arguments -C \\"
        ]
        lines += program.globalOptionSpecs.map { "        " + zshSpec($0) + " \\" }
        lines += [
            "        '1: :->command' \\",
            "        '*:: :->arguments'",
            "    case $state in",
            "        command) _describe -t commands 'diary command' commands ;;",
            "        arguments)",
            "            case ${words[1]} in"
        ]
        for command in commands {
            let specs = (command.parameters + extraOptions()).map(zshSpec)
            lines.append("                \(command.name)) _arguments \\")
            lines += specs.dropLast().map { "                    \($0) \\" }
            lines.append("                    \(specs.last ?? "") ;;")
        }
        lines += [
            "                help) _describe -t commands 'diary command' commands ;;",
            "            esac ;;",
            "    esac",
            "}",
            "_\(name) \"$@\""
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One `_arguments` spec: `'(-n --limit)'{-n,--limit}'[help]:count:'`, `'*--tag[help]:name:_diary_tags'`,
    /// `'1:id:_diary_ids'` for a positional argument.
    private func zshSpec(_ spec: ParameterSpec) -> String {
        let help = zshBracketSafe(spec.help)
        let action = zshAction(CompletionValue(spec))
        switch spec.kind {
        case .positional(.repeating):
            return zshQuoted("*:\(spec.valueName):\(action)")
        case .positional:
            return zshQuoted("1:\(spec.valueName):\(action)")
        case .option, .flag:
            let suffix = "[\(help)]" + (spec.kind == .flag ? "" : ":\(spec.valueName):\(action)")
            let star = spec.kind == .option(repeating: true) ? "*" : ""
            if let short = spec.shortName {
                let exclusion = star.isEmpty ? zshQuoted("(-\(short) \(spec.longName))") : zshQuoted("*")
                return exclusion + "{-\(short),\(spec.longName)}" + zshQuoted(suffix)
            }
            return zshQuoted(star + spec.longName + suffix)
        }
    }

    private func zshAction(_ value: CompletionValue) -> String {
        switch value {
        case .none: " "
        case .files: "_files"
        case .directories: "_directories"
        case .entryIDs: "_\(name)_ids"
        case .tagNames: "_\(name)_tags"
        case .words(let words): "(\(words.joined(separator: " ")))"
        }
    }

    /// Help text without the characters `_arguments` reads inside `[…]`.
    private func zshBracketSafe(_ text: String) -> String {
        String(text.map { "[]:".contains($0) ? " " : $0 }).replacingOccurrences("$", with: "\\$")
    }

    private func zshQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences("'", with: "'\\''") + "'"
    }

    // MARK: - fish

    private var fish: String {
        var lines = [
            "# fish completion for \(name), generated from its own declarations. Install as",
            "# ~/.config/fish/completions/\(name).fish or in vendor_completions.d.",
            "# Runs diary on the store the line names, never asking for a passphrase; what it prints",
            "# is offered as data (fish escapes each completion), never run.",
            "function __\(name)_run",
            "    set -l words (commandline -opc)",
            "    set -l store",
            "    set -l i (contains -i -- --store $words)",
            "    and set -q words[(math $i + 1)]",
            "    and set store --store $words[(math $i + 1)]",
            "    DIARY_NO_PROMPT=1 command \(name) $store $argv </dev/null 2>/dev/null",
            "end",
            "function __\(name)_ids",
            "    __\(name)_run list --json --limit 100 | string replace -rf '^    \"id\": ([0-9]+),$' '$1'",
            "end",
            "function __\(name)_tags",
            "    __\(name)_run tags --null | string split0",
            "end",
            "set -l \(name)_commands \(program.subcommandNames.joined(separator: " "))",
            "complete -c \(name) -f"
        ]
        for spec in program.globalOptionSpecs {
            lines.append(
                "complete -c \(name) -n \"not __fish_seen_subcommand_from $\(name)_commands\" " + fishOption(spec))
        }
        for command in commands {
            lines.append(
                "complete -c \(name) -n \"not __fish_seen_subcommand_from $\(name)_commands\" -a \(command.name) -d \(fishQuoted(command.abstract))"
            )
        }
        lines.append(
            "complete -c \(name) -n \"not __fish_seen_subcommand_from $\(name)_commands\" -a help -d \(fishQuoted("Show subcommand help information."))"
        )
        lines.append("complete -c \(name) -n \"__fish_seen_subcommand_from help\" -a \"$\(name)_commands\"")
        for command in commands {
            let condition = "-n \"__fish_seen_subcommand_from \(command.name)\""
            for spec in command.parameters + extraOptions() {
                if spec.isPositional {
                    let arguments = fishArguments(CompletionValue(spec))
                    if !arguments.isEmpty { lines.append("complete -c \(name) \(condition) \(arguments)") }
                } else {
                    lines.append("complete -c \(name) \(condition) " + fishOption(spec))
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func fishOption(_ spec: ParameterSpec) -> String {
        var parts = ["-l \(spec.name)"]
        if let short = spec.shortName { parts.append("-s \(short)") }
        if spec.kind != .flag {
            let value = CompletionValue(spec)
            parts.append(value == .files ? "-r" : "-x")
            let arguments = fishArguments(value)
            if !arguments.isEmpty { parts.append(arguments) }
        }
        parts.append("-d \(fishQuoted(spec.help))")
        return parts.joined(separator: " ")
    }

    private func fishArguments(_ value: CompletionValue) -> String {
        switch value {
        case .none: ""
        case .files: "-F"
        case .directories: "-a \"(__fish_complete_directories)\""
        case .entryIDs: "-a \"(__\(name)_ids)\""
        case .tagNames: "-a \"(__\(name)_tags)\""
        case .words(let words): "-a \(fishQuoted(words.joined(separator: " ")))"
        }
    }

    private func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences("\\", with: "\\\\").replacingOccurrences("'", with: "\\'") + "'"
    }
}

extension String {
    /// The string with every `target` replaced (without Foundation).
    fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
