/// The converted values of one command line, read by the command through the same
/// declarations it listed in its ``CommandConfiguration``:
///
/// ```swift
/// id = try parsed[Self.id]          // Argument<Int>        -> Int
/// on = try parsed[Self.on]          // Option<DateSpecifier> -> DateSpecifier?
/// images = try parsed[Self.images]  // RepeatingOption<URL> -> [URL]
/// json = try parsed[Self.json]      // Flag                 -> Bool
/// ```
///
/// Every accessor throws ``ParsedArguments/UndeclaredParameter`` (exit 70) when the
/// command reads a parameter it did not declare: a programming error that the tests
/// of each subcommand catch at once instead of a silently missing value.
package struct ParsedArguments: Sendable {
    /// Reading a parameter that the command never declared.
    package struct UndeclaredParameter: CLIReportableError, Equatable {
        /// The display form of the parameter, e.g. `--on <date>`.
        package let parameter: String
        /// Always ``ExitCode/software``: this is a bug in the command.
        package var exitCode: ExitCode { .software }
        /// Names the parameter.
        package var message: String { "internal error: '\(parameter)' is read but not declared by the command" }
    }

    private let declared: Set<String>
    private var values: [String: [any Sendable]] = [:]
    /// The notes of the converted values (``NotingArgument``), in command-line order.
    package private(set) var notes: [String] = []

    /// What the values were converted in (the time zone a cross-option message shows times in).
    package let context: ArgumentContext

    /// Makes an empty result for a command declaring these parameters.
    init(declaring parameters: [ParameterSpec], context: ArgumentContext) {
        declared = Set(parameters.map(\.key))
        self.context = context
    }

    /// Records one converted value of a parameter.
    mutating func append(_ value: any Sendable, for spec: ParameterSpec) {
        values[spec.key, default: []].append(value)
        if let note = spec.note(value) { notes.append(note) }
    }

    /// Whether the parameter occurred on the command line at least once.
    func contains(_ spec: ParameterSpec) -> Bool {
        !(values[spec.key] ?? []).isEmpty
    }

    private func all<Value>(_ spec: ParameterSpec, as type: Value.Type) throws(UndeclaredParameter) -> [Value] {
        guard declared.contains(spec.key) else { throw UndeclaredParameter(parameter: spec.display) }
        return (values[spec.key] ?? []).compactMap { $0 as? Value }
    }

    /// The value of a required positional argument.
    /// - Throws: ``UndeclaredParameter`` when it is not declared (or, impossibly, missing).
    package subscript<Value>(_ argument: Argument<Value>) -> Value {
        get throws(UndeclaredParameter) {
            guard let value = try all(argument.spec, as: Value.self).first else {
                throw UndeclaredParameter(parameter: argument.spec.display)
            }
            return value
        }
    }

    /// The value of an optional positional argument, nil when it was left out.
    /// - Throws: ``UndeclaredParameter`` when it is not declared.
    package subscript<Value>(_ argument: OptionalArgument<Value>) -> Value? {
        get throws(UndeclaredParameter) { try all(argument.spec, as: Value.self).first }
    }

    /// Every value of a repeating positional argument, in order.
    /// - Throws: ``UndeclaredParameter`` when it is not declared.
    package subscript<Value>(_ argument: RepeatingArgument<Value>) -> [Value] {
        get throws(UndeclaredParameter) { try all(argument.spec, as: Value.self) }
    }

    /// The value of an option, nil when absent (the parser refuses it given twice).
    /// - Throws: ``UndeclaredParameter`` when it is not declared.
    package subscript<Value>(_ option: Option<Value>) -> Value? {
        get throws(UndeclaredParameter) { try all(option.spec, as: Value.self).last }
    }

    /// Every value of a repeating option, in the order given.
    /// - Throws: ``UndeclaredParameter`` when it is not declared.
    package subscript<Value>(_ option: RepeatingOption<Value>) -> [Value] {
        get throws(UndeclaredParameter) { try all(option.spec, as: Value.self) }
    }

    /// Whether the flag was given.
    /// - Throws: ``UndeclaredParameter`` when it is not declared.
    package subscript(_ flag: Flag) -> Bool {
        get throws(UndeclaredParameter) { try !all(flag.spec, as: Bool.self).isEmpty }
    }
}
