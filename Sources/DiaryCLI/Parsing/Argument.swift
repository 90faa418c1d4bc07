/// A required positional argument such as `<id>` in `diary show <id>`
/// (`@Argument("id", help: …) var id: Int`); a missing one is the usage error
/// `Missing expected argument '<id>'` before the command is made.
@propertyWrapper
package struct Argument<Value: ExpressibleByArgument>: Sendable {
    private let value: Value?

    /// Declares a required positional argument shown as `<valueName>` (default: `name`).
    package init(_ name: String, valueName: String? = nil, help: String) {
        let spec = ParameterSpec.converting(
            Value.self, kind: .positional(.required), name: name, shortName: nil,
            valueName: valueName ?? name, help: help)
        value = ParameterRecorder.declare(spec).first as? Value
    }

    /// The argument's value.
    ///
    /// The parser refuses a command line without it, so a command made from one always
    /// has it; only a command made to list its parameters (``ParsableArguments/parameters``)
    /// has none, and reading it there is a bug in the command.
    package var wrappedValue: Value {
        guard let value else {
            preconditionFailure("a required argument is read in a command not made from a command line")
        }
        return value
    }
}

/// A positional argument that may be left out, such as `[<month>]` in `diary calendar`
/// (`@OptionalArgument("month", …) var month: CalendarMonth?`).
@propertyWrapper
package struct OptionalArgument<Value: ExpressibleByArgument>: Sendable {
    /// The argument's value, nil when it was left out.
    package let wrappedValue: Value?

    /// Declares an optional positional argument shown as `[<valueName>]`.
    package init(_ name: String, valueName: String? = nil, help: String) {
        let spec = ParameterSpec.converting(
            Value.self, kind: .positional(.optional), name: name, shortName: nil,
            valueName: valueName ?? name, help: help)
        wrappedValue = ParameterRecorder.declare(spec).first as? Value
    }
}

/// A positional argument that takes every remaining value, such as `<id> ...` in
/// `diary export <id> ...` (`@RepeatingArgument("id", …) var ids: [Int]`). It must be the
/// last positional argument declared.
@propertyWrapper
package struct RepeatingArgument<Value: ExpressibleByArgument>: Sendable {
    /// Every value, in order.
    package let wrappedValue: [Value]

    /// Declares a repeating positional argument; with `atLeastOne`, an empty list is
    /// the usage error `Missing expected argument '<valueName>'`.
    package init(_ name: String, valueName: String? = nil, atLeastOne: Bool = true, help: String) {
        let spec = ParameterSpec.converting(
            Value.self, kind: .positional(.repeating(atLeastOne: atLeastOne)),
            name: name, shortName: nil, valueName: valueName ?? name, help: help)
        wrappedValue = ParameterRecorder.declare(spec).compactMap { $0 as? Value }
    }
}
