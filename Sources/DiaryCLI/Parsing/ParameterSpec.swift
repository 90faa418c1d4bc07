import Foundation

/// The type-erased description of one argument, option or flag: what the parser and
/// the help formatter work with. Commands declare the typed forms (``Argument``,
/// ``Option``, ``Flag`` …), each of which carries one of these.
package struct ParameterSpec: Sendable {
    /// How a positional argument may occur.
    package enum Arity: Sendable, Equatable {
        /// Exactly once.
        case required
        /// At most once.
        case optional
        /// Any number of times; with `atLeastOne`, one or more.
        case repeating(atLeastOne: Bool)
    }

    /// What kind of parameter this is.
    package enum Kind: Sendable, Equatable {
        /// A positional argument such as `<id>`.
        case positional(Arity)
        /// An option with a value such as `--on <date>`; `repeating` ones collect every occurrence.
        case option(repeating: Bool)
        /// A flag without a value such as `--json`.
        case flag
    }

    /// The kind of parameter.
    package let kind: Kind
    /// The long name without dashes (`on` for `--on`), or the name of a positional argument.
    package let name: String
    /// The single-letter short name (`h` for `-h`), if any.
    package let shortName: Character?
    /// The placeholder for the value in help and errors (`date` in `--on <date>`).
    package let valueName: String
    /// The one-line help text.
    package let help: String
    /// Examples of the accepted value forms, for the hint of a usage error.
    package let acceptedForms: [String]
    /// Converts one value's text; nil when it is invalid.
    let convert: @Sendable (String, ArgumentContext) -> (any Sendable)?
    /// Says why a value's text is invalid, when the type has more to say than its forms.
    let explain: @Sendable (String, ArgumentContext) -> String?
    /// The whole message for a value the type refuses in its own words (given the text and
    /// the parameter's long name), nil for the usual "The value … is invalid" error.
    let refusal: @Sendable (String, String) -> String?
    /// The note of a converted value (``ExpressibleByArgument/argumentNote``), found through
    /// the value's own type: asking `value as? any NotingArgument` made the runtime scan
    /// every conformance record of the binary once per value type (0.3M instructions each).
    let note: @Sendable (any Sendable) -> String?

    init(
        kind: Kind, name: String, shortName: Character?, valueName: String, help: String,
        acceptedForms: [String], convert: @escaping @Sendable (String, ArgumentContext) -> (any Sendable)?,
        explain: @escaping @Sendable (String, ArgumentContext) -> String? = { _, _ in nil },
        refusal: @escaping @Sendable (String, String) -> String? = { _, _ in nil },
        note: @escaping @Sendable (any Sendable) -> String? = { _ in nil }
    ) {
        self.explain = explain
        self.refusal = refusal
        self.note = note
        self.kind = kind
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.help = help
        self.acceptedForms = acceptedForms
        self.convert = convert
    }

    /// Makes the spec of a value-carrying parameter whose values convert to `Value`.
    static func converting<Value: ExpressibleByArgument>(
        _ type: Value.Type, kind: Kind, name: String, shortName: Character?, valueName: String, help: String
    ) -> ParameterSpec {
        ParameterSpec(
            kind: kind, name: name, shortName: shortName, valueName: valueName, help: help,
            acceptedForms: Value.acceptedForms,
            convert: { text, context in Value(argument: text, context: context) },
            explain: { text, context in Value.explanation(ofInvalid: text, context: context) },
            refusal: { text, name in Value.refusal(of: text, for: name) },
            note: { value in (value as? Value)?.argumentNote })
    }

    /// The spec of an option with one value, `--name <valueName>`, for a parameter the
    /// program reads itself rather than through a command's ``Option`` (`--store <dir>`).
    static func option<Value: ExpressibleByArgument>(
        _ type: Value.Type, _ name: String, valueName: String, help: String
    ) -> ParameterSpec {
        converting(type, kind: .option(repeating: false), name: name, shortName: nil, valueName: valueName, help: help)
    }

    /// The spec of a flag, `--name` (and `-short`).
    static func flag(_ name: String, short: Character? = nil, help: String) -> ParameterSpec {
        ParameterSpec(
            kind: .flag, name: name, shortName: short, valueName: name, help: help,
            acceptedForms: [], convert: { _, _ in true })
    }

    /// The long form with dashes, e.g. `--on`; for a positional argument its placeholder `<id>`.
    package var longName: String {
        if case .positional = kind { return "<\(valueName)>" }
        return "--" + name
    }

    /// How the parameter appears in help and errors: `<id>`, `--on <date>`, `--json`.
    package var display: String {
        switch kind {
        case .positional: "<\(valueName)>"
        case .option: "--\(name) <\(valueName)>"
        case .flag: "--\(name)"
        }
    }

    /// The key the parsed values are stored under; unique within one command.
    var key: String { longName }

    /// Whether this is a positional argument.
    var isPositional: Bool {
        if case .positional = kind { return true }
        return false
    }
}
