/// A count that must be at least 1, such as `--limit <count>`: `0` and `-3` are refused
/// while parsing, as `'--limit 0' must be at least 1` (a usage error, exit 64).
package struct PositiveInt: ExpressibleByArgument, Hashable, Comparable {
    /// The count, 1 or more.
    package let value: Int

    /// The count, or nil when `value` is below 1.
    package init?(_ value: Int) {
        guard value >= 1 else { return nil }
        self.value = value
    }

    /// A decimal integer of at least 1 (written as ``Swift/Int`` accepts it, `#` and all).
    package init?(argument: String, context: ArgumentContext) {
        guard let integer = Int.decimal(argument) else { return nil }
        self.init(integer)
    }

    /// An integer of at least 1.
    package static var acceptedForms: [String] { ["an integer of at least 1 such as 20"] }

    /// `'--limit 0' must be at least 1` for an integer below 1; an integer's usual error otherwise.
    package static func refusal(of argument: String, for parameter: String) -> String? {
        guard let integer = Int.decimal(argument), integer < 1 else { return nil }
        return "'\(parameter) \(integer)' must be at least 1"
    }

    /// Orders by the count.
    package static func < (lhs: PositiveInt, rhs: PositiveInt) -> Bool { lhs.value < rhs.value }
}
