/// The converted values of one command line, keyed by the parameters declared. A
/// command never reads them itself: its property wrappers take their values from here
/// while ``ParsableArguments/init(parsed:)`` makes it.
///
/// Reading a parameter that was not declared throws ``ParsedArguments/UndeclaredParameter``
/// (exit 70): a programming error that the tests of each subcommand catch at once instead
/// of a silently missing value.
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

    /// Every converted value of `spec`, in command-line order (empty when it was not given).
    /// - Throws: ``UndeclaredParameter`` when `spec` is not among the parameters parsed.
    package func values(of spec: ParameterSpec) throws(UndeclaredParameter) -> [any Sendable] {
        guard declared.contains(spec.key) else { throw UndeclaredParameter(parameter: spec.display) }
        return values[spec.key] ?? []
    }

    /// The last value of `spec` as a `Value`, nil when it was not given: how the program reads
    /// the global `--store <dir>`, which no command declares.
    /// - Throws: ``UndeclaredParameter`` when `spec` is not among the parameters parsed.
    package func value<Value>(of spec: ParameterSpec, as type: Value.Type) throws(UndeclaredParameter) -> Value? {
        try values(of: spec).last as? Value
    }
}
