import Foundation

/// One comparison `lhs op rhs` in a ``FetchPredicate``.
public struct PredicateComparison: Hashable, Sendable {
    /// The comparison operators of the format language.
    public enum Operator: String, Hashable, Sendable {
        /// `==` (also `=`).
        case equal = "=="
        /// `!=` (also `<>`).
        case notEqual = "!="
        /// `<`.
        case less = "<"
        /// `<=` (also `=<`).
        case lessOrEqual = "<="
        /// `>`.
        case greater = ">"
        /// `>=` (also `=>`).
        case greaterOrEqual = ">="
        /// `BETWEEN {low, high}`, both ends included.
        case between = "BETWEEN"
        /// `IN {…}`, `IN %@` (a list) or `IN` a to-many key path.
        case `in` = "IN"
        /// `BEGINSWITH`: the string starts with the operand.
        case beginsWith = "BEGINSWITH"
        /// `ENDSWITH`: the string ends with the operand.
        case endsWith = "ENDSWITH"
        /// `CONTAINS`: the operand occurs in the string; with a to-many on the left and no
        /// quantifier, the operand is a member (`tags CONTAINS %@` is `ANY tags == %@`).
        case contains = "CONTAINS"
        /// `LIKE`: wildcard match of the whole string (`?` one character, `*` any run).
        case like = "LIKE"
        /// `MATCHES`: ICU regular expression match of the whole string.
        case matches = "MATCHES"
    }

    /// How a to-many left-hand side is quantified.
    public enum Quantifier: String, Hashable, Sendable {
        /// No quantifier: the left-hand side is one value.
        case direct = ""
        /// `ANY` (also `SOME`): some member satisfies the comparison.
        case any = "ANY"
        /// `ALL`: every member satisfies it (true when there is none).
        case all = "ALL"
        /// `NONE`: no member satisfies it.
        case none = "NONE"
    }

    /// The `[c]`, `[d]` and `[cd]` modifiers.
    public struct Options: OptionSet, Hashable, Sendable {
        /// The option bits.
        public let rawValue: Int
        /// Makes options from their raw bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `[c]`: case-insensitive (Unicode case folding).
        public static let caseInsensitive = Options(rawValue: 1)
        /// `[d]`: diacritic-insensitive.
        public static let diacriticInsensitive = Options(rawValue: 2)
    }

    /// How a to-many left-hand side is quantified.
    public var quantifier: Quantifier
    /// The left-hand side, usually a key path.
    public var lhs: FetchExpression
    /// The operator.
    public var op: Operator
    /// The right-hand side, usually a constant.
    public var rhs: FetchExpression
    /// `[c]`/`[d]`.
    public var options: Options

    /// Makes a comparison.
    public init(
        _ lhs: FetchExpression, _ op: Operator, _ rhs: FetchExpression,
        quantifier: Quantifier = .direct, options: Options = []
    ) {
        self.lhs = lhs
        self.op = op
        self.rhs = rhs
        self.quantifier = quantifier
        self.options = options
    }
}

extension PredicateComparison {
    /// The operator applied to each member of a to-many left-hand side: an unquantified
    /// `CONTAINS` asks for membership, as in Core Data, so each member is tested with `==`.
    var memberOperator: Operator { quantifier == .direct && op == .contains ? .equal : op }
}
