/// What the generated documentation (manual page, shell completions) reads of a program.
extension CommandLineProgram {
    /// The options accepted before the subcommand, in the order the program's help lists them.
    package var globalOptionSpecs: [ParameterSpec] {
        [Self.storeOption, Self.versionFlag, Self.helpFlag]
    }

    /// The names a first word may take: every subcommand, then `help`.
    package var subcommandNames: [String] {
        subcommands.map { $0.configuration.name } + ["help"]
    }
}

/// What a shell should offer for a parameter's value, decided by its placeholder.
package enum CompletionValue: Equatable, Sendable {
    /// Nothing to offer (free text, dates, numbers).
    case none
    /// Paths of files (and folders to reach them).
    case files
    /// Paths of folders.
    case directories
    /// Entry numbers from the store.
    case entryIDs
    /// Tag names from the store.
    case tagNames
    /// One of a fixed list of words.
    case words([String])

    /// The values to offer for `spec`.
    package init(_ spec: ParameterSpec) {
        switch spec.valueName {
        case "file", "bundle": self = .files
        case "dir": self = .directories
        case "id": self = .entryIDs
        case "name": self = .tagNames
        case "format", "tool": self = .words(spec.acceptedForms)
        default: self = .none
        }
    }
}
