import Foundation

/// Why a predicate format string could not be parsed, with the place it went wrong.
///
/// `column` counts the characters of the format string before the offending token
/// (so the first character is column 0), and every description quotes the whole format,
/// e.g. `unexpected 'AN' at column 18 in "creationTime > %@ AN text == nil"`.
public enum PredicateParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A token that does not fit the grammar at that place (also trailing input).
    case unexpectedToken(String, column: Int, format: String)
    /// The format ended where more was needed (`expected` says what).
    case unexpectedEnd(expected: String, column: Int, format: String)
    /// A quoted string without its closing quote.
    case unterminatedString(column: Int, format: String)
    /// An operator or `%` specifier the language does not know.
    case unknownOperator(String, column: Int, format: String)
    /// A format specifier (`%@`, `%K`, …) with no argument left for it.
    case missingArgument(specifier: String, column: Int, format: String)
    /// An argument of the wrong type for its specifier (`%K` needs a String, `%d` an integer…).
    case invalidArgument(specifier: String, column: Int, found: String, expected: String, format: String)

    /// The column (characters before the offending token) of the error.
    public var column: Int {
        switch self {
        case .unexpectedToken(_, let column, _), .unexpectedEnd(_, let column, _),
            .unterminatedString(let column, _), .unknownOperator(_, let column, _),
            .missingArgument(_, let column, _), .invalidArgument(_, let column, _, _, _):
            return column
        }
    }

    /// A message a user can act on, naming the column and quoting the format.
    public var description: String {
        switch self {
        case .unexpectedToken(let token, let column, let format):
            return "unexpected '\(token)' at column \(column) in \"\(format)\""
        case .unexpectedEnd(let expected, let column, let format):
            return "unexpected end of predicate at column \(column), expected \(expected), in \"\(format)\""
        case .unterminatedString(let column, let format):
            return "unterminated string starting at column \(column) in \"\(format)\""
        case .unknownOperator(let token, let column, let format):
            return "unknown operator '\(token)' at column \(column) in \"\(format)\""
        case .missingArgument(let specifier, let column, let format):
            return "missing argument for '\(specifier)' at column \(column) in \"\(format)\""
        case .invalidArgument(let specifier, let column, let found, let expected, let format):
            return "argument for '\(specifier)' at column \(column) is \(found), expected \(expected), in \"\(format)\""
        }
    }
}
