/// A type whose stored properties are command-line parameters declared with the property
/// wrappers (``Option``, ``RepeatingOption``, ``Flag``, ``Argument``, ``OptionalArgument``,
/// ``RepeatingArgument``, ``OptionGroup``): a subcommand (``ParsableCommand``), or a group
/// of options that several commands include whole (`@OptionGroup var period: PeriodOptions`).
///
/// Each parameter is written once, as a property; the order of the properties is the
/// order of the help. Cross-option rules go in ``validate()``, which runs after every value
/// is in place (an included group's before its includer's).
package protocol ParsableArguments: Sendable {
    /// Makes the value with its wrappers' declarations; the parser calls it, inside a
    /// ``ParameterRecorder``, to list the parameters and to fill them in.
    init()

    /// Checks the rules that span several parameters ("Use either --star or --unstar, not
    /// both"); the error is reported as a usage error (exit 64) with the command's usage line.
    func validate() throws(UsageError)

    /// ``validate()`` with the context the values were converted in, for a rule whose message
    /// shows times in the user's time zone. By default it calls ``validate()``.
    func validate(in context: ArgumentContext) throws(UsageError)
}

extension ParsableArguments {
    /// No rules by default.
    package func validate() throws(UsageError) {}

    /// Calls ``validate()``.
    package func validate(in context: ArgumentContext) throws(UsageError) {
        try validate()
    }

    /// The parameters the wrappers declare, included groups' in place, in declaration order.
    package static var parameters: [ParameterSpec] {
        ParameterRecorder.parameters(of: Self.self)
    }

    /// Makes the value from a parsed command line and validates it (its groups first).
    /// - Throws: the ``UsageError`` of a failing `validate`; ``ParsedArguments/UndeclaredParameter``
    ///   when `parsed` comes from other parameters than this type's.
    package init(parsed: ParsedArguments) throws {
        self = try ParameterRecorder.make(Self.self, from: parsed)
    }
}
