import Foundation

/// A condition on managed objects, as a tree: the one representation that both the
/// SQL compiler (``FetchPredicate/sqlFragment(entityName:alias:schema:)``) and the
/// in-memory evaluator (``FetchPredicate/evaluate(with:variables:)``) work from.
///
/// Made by parsing the familiar format language, `FetchPredicate(format:_:)`, or built in
/// Swift code. Named `FetchPredicate` so it never clashes with Foundation's `Predicate`.
public indirect enum FetchPredicate: Hashable, Sendable {
    /// `TRUEPREDICATE` (true) or `FALSEPREDICATE` (false).
    case constant(Bool)
    /// `NOT p`, `!p`.
    case not(FetchPredicate)
    /// `a AND b AND …`, `&&`.
    case and([FetchPredicate])
    /// `a OR b OR …`, `||`.
    case or([FetchPredicate])
    /// `lhs op rhs`, optionally quantified (`ANY`, `ALL`, `NONE`) and with `[cd]` options.
    case comparison(PredicateComparison)
}

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
        /// `CONTAINS`: the operand occurs in the string.
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
    public var lhs: PredicateExpression
    /// The operator.
    public var op: Operator
    /// The right-hand side, usually a constant.
    public var rhs: PredicateExpression
    /// `[c]`/`[d]`.
    public var options: Options

    /// Makes a comparison.
    public init(_ lhs: PredicateExpression, _ op: Operator, _ rhs: PredicateExpression,
                quantifier: Quantifier = .direct, options: Options = []) {
        self.lhs = lhs
        self.op = op
        self.rhs = rhs
        self.quantifier = quantifier
        self.options = options
    }
}

/// One side of a ``PredicateComparison``.
public indirect enum PredicateExpression: Hashable, Sendable {
    /// A key path from the evaluated object: `["diaryEntry", "creationTime"]`,
    /// `["media", "@count"]`, `["tags", "name"]`. Inside a `SUBQUERY`, the first
    /// element may be the subquery's variable (`$m`, stored as `"$m"`).
    case keyPath([String])
    /// A constant (a bound argument or a literal).
    case constant(PredicateValue)
    /// `$NAME`, replaced by ``FetchPredicate/substituting(_:)`` or at evaluation.
    case variable(String)
    /// `{a, b, c}`: an aggregate literal (for `IN` and `BETWEEN`).
    case aggregate([PredicateExpression])
    /// `SUBQUERY(collection, $var, predicate)`: the members of the to-many
    /// `collection` for which `predicate` holds; usually followed by `.@count`.
    case subquery(collection: [String], variable: String, predicate: FetchPredicate, count: Bool)
}

/// A constant in a predicate.
public enum PredicateValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case date(Date)
    case uuid(UUID)
    case data(Data)
    /// A managed object, by identity (`diaryEntry == %@` with an object argument).
    case object(ObjectID)
    /// A list, for `IN %@` with an array argument.
    case array([PredicateValue])
}
