import Synchronization

/// What the parameter property wrappers of a command (``Option``, ``Flag``, ``Argument``,
/// ``OptionGroup`` …) report to while the command is being made: the registration scheme
/// that lets a parameter be declared once.
///
/// A command is made twice over its `init()`, each time inside a recorder bound to the
/// task-local ``current``:
/// - to list its parameters (``ParsableArguments/parameters``), with no parsed values:
///   every wrapper adds its ``ParameterSpec``, in declaration order, which is help order;
/// - to fill it from a command line (``ParsableArguments/init(parsed:)``): every wrapper
///   adds its spec again and takes its converted values from the ``ParsedArguments``.
///
/// No reflection: Swift runs the stored properties' initialisers in declaration order, and
/// each wrapper's initialiser is where it declares itself. Outside a recorder a wrapper
/// declares nothing and holds no value.
final class ParameterRecorder: Sendable {
    /// The recorder of the command being made on this task, nil when none is.
    @TaskLocal static var current: ParameterRecorder?

    private struct State: Sendable {
        var specs: [ParameterSpec] = []
        /// The included groups, in the order their validation runs (a group before the
        /// groups it includes); a slot is nil while its group is still being made.
        var groups: [(any ParsableArguments)?] = []
        /// The first parameter read that the parsed command line does not declare.
        var undeclared: ParsedArguments.UndeclaredParameter?
    }

    /// The command line being read; nil while only the parameters are listed.
    private let parsed: ParsedArguments?
    private let state = Mutex(State())

    private init(parsed: ParsedArguments?) {
        self.parsed = parsed
    }

    /// Adds `spec` to the current recorder and returns its converted values in command-line
    /// order: none when nothing is being parsed (or no recorder is current).
    static func declare(_ spec: ParameterSpec) -> [any Sendable] {
        guard let recorder = current else { return [] }
        return recorder.state.withLock { state in
            state.specs.append(spec)
            guard let parsed = recorder.parsed else { return [] }
            do throws(ParsedArguments.UndeclaredParameter) {
                return try parsed.values(of: spec)
            } catch {
                if state.undeclared == nil { state.undeclared = error }
                return []
            }
        }
    }

    /// Reserves the place of a group about to be made, so that it is validated before the
    /// groups it includes; nil when no recorder is current.
    static func reserveGroup() -> (recorder: ParameterRecorder, slot: Int)? {
        guard let recorder = current else { return nil }
        let slot = recorder.state.withLock { state in
            state.groups.append(nil)
            return state.groups.count - 1
        }
        return (recorder, slot)
    }

    /// Fills the place reserved by ``reserveGroup()`` with the group made.
    func include(_ group: any ParsableArguments, at slot: Int) {
        state.withLock { $0.groups[slot] = group }
    }

    /// The parameters `Value`'s wrappers declare, in declaration order.
    static func parameters<Value: ParsableArguments>(of type: Value.Type) -> [ParameterSpec] {
        let recorder = ParameterRecorder(parsed: nil)
        _ = $current.withValue(recorder) { Value() }
        return recorder.state.withLock { $0.specs }
    }

    /// Makes a `Value` from `parsed`, then validates its groups (outermost first) and itself.
    /// - Throws: ``ParsedArguments/UndeclaredParameter`` when a wrapper reads a parameter the
    ///   parse did not declare (a bug); the ``UsageError`` of the first failing `validate`.
    static func make<Value: ParsableArguments>(_ type: Value.Type, from parsed: ParsedArguments) throws -> Value {
        let recorder = ParameterRecorder(parsed: parsed)
        let value = $current.withValue(recorder) { Value() }
        let (undeclared, groups) = recorder.state.withLock { ($0.undeclared, $0.groups) }
        if let undeclared { throw undeclared }
        for group in groups {
            try group?.validate(in: parsed.context)
        }
        try value.validate(in: parsed.context)
        return value
    }
}
