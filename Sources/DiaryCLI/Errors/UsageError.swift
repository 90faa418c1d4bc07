/// A mistake on the command line. The runner prints it as `Error: <message>`, an
/// optional hint, the usage line of the command and where to find its help, all on
/// stderr, and exits with ``ExitCode/usage`` (64).
///
/// Subcommands and option groups throw ``UsageError/invalid(_:)`` from
/// ``ParsableArguments/validate()`` for checks that span several options ("`--from` must
/// not be after `--to`").
package enum UsageError: Error, Equatable, Sendable {
    /// A required positional argument is missing; carries its display form, e.g. `<id>`.
    case missingArgument(String)
    /// An option was given without its value; carries its display form, e.g. `--on <date>`.
    case missingValue(String)
    /// An option the command does not know, with the closest known name if one is close.
    case unknownOption(String, suggestion: String?)
    /// A subcommand `diary` does not know, with the closest known name if one is close.
    case unknownSubcommand(String, suggestion: String?, asEntry: String? = nil)
    /// A value that could not be converted; carries the value, the display form of the
    /// argument or option it was given for, and a hint naming the accepted forms.
    case invalidValue(String, for: String, hint: String?)
    /// A positional argument nobody asked for; `asEntry` is the command line that would make
    /// the words an entry, when they may have been meant as one.
    case unexpectedArgument(String, asEntry: String? = nil)
    /// `--flag=value` for a flag, which takes no value.
    case flagTakesNoValue(String)
    /// An option that takes one value given more than once; carries its display form,
    /// e.g. `--text <text>`. (Which one was meant is a guess the parser does not make.)
    case repeatedOption(String)
    /// A check made by the command itself, worded by it.
    case invalid(String)

    /// The one-line message printed after `Error: `.
    package var message: String {
        switch self {
        case .missingArgument(let name):
            "Missing expected argument '\(name)'"
        case .missingValue(let name):
            "Missing value for '\(name)'"
        case .unknownOption(let name, let suggestion):
            "Unknown option '\(name)'" + Self.didYouMean(suggestion)
        case .unknownSubcommand(let name, let suggestion, _):
            "Unknown subcommand '\(name)'" + Self.didYouMean(suggestion)
        case .invalidValue(let value, let name, _):
            "The value '\(value)' is invalid for '\(name)'"
        case .unexpectedArgument(let value, _):
            "Unexpected argument '\(value)'"
        case .flagTakesNoValue(let name):
            "The flag '\(name)' does not take a value"
        case .repeatedOption(let name):
            "The option '\(name)' takes one value but was given more than once"
        case .invalid(let message):
            message
        }
    }

    /// A second line that helps to fix the mistake (the accepted forms of a value), if any.
    package var hint: String? {
        switch self {
        case .invalidValue(_, _, let hint): hint
        case .unknownSubcommand(_, _, let entry?), .unexpectedArgument(_, let entry?):
            "to write it as an entry: \(entry)"
        default: nil
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { ". Did you mean '\($0)'?" } ?? ""
    }
}
