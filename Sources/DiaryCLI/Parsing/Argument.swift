/// A required positional argument such as `<id>` in `diary show <id>`.
///
/// Read it with `try parsed[Self.id]`, which gives a `Value`; a missing one is the
/// usage error `Missing expected argument '<id>'` before the command is made.
package struct Argument<Value: ExpressibleByArgument>: ParameterDeclaration {
    /// The type-erased description.
    package let spec: ParameterSpec

    /// Declares a required positional argument shown as `<valueName>` (default: `name`).
    package init(_ name: String, valueName: String? = nil, help: String) {
        spec = .converting(Value.self, kind: .positional(.required), name: name, shortName: nil,
                           valueName: valueName ?? name, help: help)
    }
}

/// A positional argument that may be left out, such as `[<month>]` in `diary calendar`.
/// Read it with `try parsed[Self.month]`, which gives a `Value?`.
package struct OptionalArgument<Value: ExpressibleByArgument>: ParameterDeclaration {
    /// The type-erased description.
    package let spec: ParameterSpec

    /// Declares an optional positional argument shown as `[<valueName>]`.
    package init(_ name: String, valueName: String? = nil, help: String) {
        spec = .converting(Value.self, kind: .positional(.optional), name: name, shortName: nil,
                           valueName: valueName ?? name, help: help)
    }
}

/// A positional argument that takes every remaining value, such as `<id> ...` in
/// `diary export <id> ...`. It must be the last positional argument declared.
/// Read it with `try parsed[Self.ids]`, which gives a `[Value]`.
package struct RepeatingArgument<Value: ExpressibleByArgument>: ParameterDeclaration {
    /// The type-erased description.
    package let spec: ParameterSpec

    /// Declares a repeating positional argument; with `atLeastOne`, an empty list is
    /// the usage error `Missing expected argument '<valueName>'`.
    package init(_ name: String, valueName: String? = nil, atLeastOne: Bool = true, help: String) {
        spec = .converting(Value.self, kind: .positional(.repeating(atLeastOne: atLeastOne)), name: name,
                           shortName: nil, valueName: valueName ?? name, help: help)
    }
}
