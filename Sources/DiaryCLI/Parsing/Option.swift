/// An option with one value, such as `--on <date>`; given twice, it is the usage error
/// ``UsageError/repeatedOption(_:)``.
/// Both `--on value` and `--on=value` work. Read it with `try parsed[Self.on]`, which
/// gives a `Value?` (nil when the option was not given).
package struct Option<Value: ExpressibleByArgument>: ParameterDeclaration {
    /// The type-erased description.
    package let spec: ParameterSpec

    /// Declares `--name <valueName>` (and `-short <valueName>` when a short name is given).
    package init(_ name: String, short: Character? = nil, valueName: String, help: String) {
        spec = .converting(Value.self, kind: .option(repeating: false), name: name, shortName: short,
                           valueName: valueName, help: help)
    }
}

/// An option that may be given several times, such as `--image <file>`; every value is
/// kept in order. Read it with `try parsed[Self.images]`, which gives a `[Value]`.
package struct RepeatingOption<Value: ExpressibleByArgument>: ParameterDeclaration {
    /// The type-erased description.
    package let spec: ParameterSpec

    /// Declares a repeatable `--name <valueName>`.
    package init(_ name: String, short: Character? = nil, valueName: String, help: String) {
        spec = .converting(Value.self, kind: .option(repeating: true), name: name, shortName: short,
                           valueName: valueName, help: help)
    }
}

/// A flag without a value, such as `--json`. Read it with `try parsed[Self.json]`,
/// which gives `true` when the flag was given.
package struct Flag: ParameterDeclaration {
    /// The type-erased description.
    package let spec: ParameterSpec

    /// Declares `--name` (and `-short` when a short name is given).
    package init(_ name: String, short: Character? = nil, help: String) {
        spec = ParameterSpec(kind: .flag, name: name, shortName: short, valueName: name, help: help,
                             acceptedForms: [], convert: { _, _ in true })
    }
}
