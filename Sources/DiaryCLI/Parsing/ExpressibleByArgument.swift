import Foundation

/// A type whose values can be given on the command line, as the value of an option
/// (`--limit 5`) or as a positional argument (`42`).
///
/// The parser converts every value while it parses, so a value that does not convert
/// becomes a usage error (`The value 'x' is invalid for '--on <date>'`) before the
/// command runs, with ``acceptedForms`` as the hint.
package protocol ExpressibleByArgument: Sendable {
    /// Converts the text of one argument, or returns nil when it is not a valid value.
    init?(argument: String, context: ArgumentContext)

    /// Examples of the accepted forms, shown in the hint of a usage error; empty when
    /// the type needs no explanation.
    static var acceptedForms: [String] { get }

    /// Why `argument` is not a valid value, when there is more to say than the accepted
    /// forms (a local time that a daylight-saving change skips); shown as the error's hint.
    static func explanation(ofInvalid argument: String, context: ArgumentContext) -> String?

    /// The whole error message for `argument`, given to the parameter whose long name is
    /// `parameter` (`--limit`), when the type refuses it in its own words
    /// (`'--limit 0' must be at least 1`); nil for the usual
    /// `The value '…' is invalid for '…'` with the accepted forms.
    static func refusal(of argument: String, for parameter: String) -> String?

    /// The value's note for the user (see ``NotingArgument``), nil when it has none.
    var argumentNote: String? { get }
}

extension ExpressibleByArgument {
    /// No hint by default.
    package static var acceptedForms: [String] { [] }

    /// Nothing beyond the accepted forms by default.
    package static func explanation(ofInvalid argument: String, context: ArgumentContext) -> String? { nil }

    /// The usual error by default.
    package static func refusal(of argument: String, for parameter: String) -> String? { nil }

    /// No note by default.
    package var argumentNote: String? { nil }
}

extension ExpressibleByArgument where Self: NotingArgument {
    /// The value's ``NotingArgument/note``.
    package var argumentNote: String? { note }
}

/// A converted value that carries a note for the user, printed on stderr before the
/// command runs (`Note: 2026-10-25 02:30 occurs twice in Europe/Berlin; …`).
package protocol NotingArgument: Sendable {
    /// The note, nil when there is nothing to say.
    var note: String? { get }
}

extension String: ExpressibleByArgument {
    /// Any text is a string.
    package init?(argument: String, context: ArgumentContext) {
        self = argument
    }
}

extension Int: ExpressibleByArgument {
    /// A decimal integer such as `42` or `-3`; a leading `#` is allowed so an entry
    /// number can be pasted as printed (`#42`).
    package init?(argument: String, context: ArgumentContext) {
        guard let value = Int.decimal(argument) else { return nil }
        self = value
    }

    /// `42`, `-3` or `#42` as an integer; nil for anything else.
    static func decimal(_ argument: String) -> Int? {
        Int(argument.hasPrefix("#") ? String(argument.dropFirst()) : argument)
    }

    /// An integer such as `42`.
    package static var acceptedForms: [String] { ["an integer such as 42"] }
}

extension Double: ExpressibleByArgument {
    /// A decimal number such as `1.5`.
    package init?(argument: String, context: ArgumentContext) {
        guard let value = Double(argument), value.isFinite else { return nil }
        self = value
    }

    /// A number such as `1.5`.
    package static var acceptedForms: [String] { ["a number such as 1.5"] }
}

extension URL: ExpressibleByArgument {
    /// A file path, absolute or relative to the current directory; `~` and `~/…`
    /// are expanded to the home directory. An empty path is invalid.
    package init?(argument: String, context: ArgumentContext) {
        guard !argument.isEmpty else { return nil }
        let expanded =
            (argument == "~" || argument.hasPrefix("~/"))
            ? NSString(string: argument).expandingTildeInPath : argument
        let path = LexicalPath.standardized(expanded, relativeTo: context.currentDirectory.path)
        self = expanded.hasSuffix("/") ? URL(fileURLWithPath: path, isDirectory: true) : URL(fileURLWithPath: path)
    }
}
