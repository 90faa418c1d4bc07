/// An option with one value, such as `--on <date>`; given twice, it is the usage error
/// ``UsageError/repeatedOption(_:)``. Both `--on value` and `--on=value` work.
///
/// ```swift
/// @Option("limit", short: "n", valueName: "count", help: "Show at most this many entries.")
/// var limit: PositiveInt?
/// ```
///
/// The property is nil when the option was not given.
@propertyWrapper
package struct Option<Value: ExpressibleByArgument>: Sendable {
    /// The option's value, nil when it was not given.
    package let wrappedValue: Value?

    /// Declares `--name <valueName>` (and `-short <valueName>` when a short name is given).
    package init(_ name: String, short: Character? = nil, valueName: String, help: String) {
        let spec = ParameterSpec.converting(
            Value.self, kind: .option(repeating: false), name: name,
            shortName: short, valueName: valueName, help: help)
        wrappedValue = ParameterRecorder.declare(spec).last as? Value
    }
}

/// An option that may be given several times, such as `--image <file>`; every value is
/// kept in order (`@RepeatingOption("image", valueName: "file", help: …) var images: [URL]`).
@propertyWrapper
package struct RepeatingOption<Value: ExpressibleByArgument>: Sendable {
    /// Every value given, in order; empty when the option was not given.
    package let wrappedValue: [Value]

    /// Declares a repeatable `--name <valueName>`.
    package init(_ name: String, short: Character? = nil, valueName: String, help: String) {
        let spec = ParameterSpec.converting(
            Value.self, kind: .option(repeating: true), name: name,
            shortName: short, valueName: valueName, help: help)
        wrappedValue = ParameterRecorder.declare(spec).compactMap { $0 as? Value }
    }
}

/// A flag without a value, such as `--json` (`@Flag("json", help: …) var json: Bool`);
/// true when it was given, however often.
@propertyWrapper
package struct Flag: Sendable {
    /// Whether the flag was given.
    package let wrappedValue: Bool

    /// Declares `--name` (and `-short` when a short name is given).
    package init(_ name: String, short: Character? = nil, help: String) {
        wrappedValue = !ParameterRecorder.declare(.flag(name, short: short, help: help)).isEmpty
    }
}
