import Foundation

extension FetchPredicate {
    /// Parses `format` in the predicate format language, taking `arguments` in order for
    /// the specifiers `%@`, `%K`, `%d`, `%i`, `%f` and `%s`.
    ///
    /// `FetchPredicate(format: "creationTime >= %@ AND ANY tags.name ==[c] %@", start, "travel")`.
    /// - Throws: ``PredicateParseError`` naming the column of the first problem.
    public init(format: String, _ arguments: Any?...) throws(PredicateParseError) {
        try self.init(format: format, argumentArray: arguments)
    }

    /// Parses `format`, taking the specifiers' arguments from `argumentArray`.
    /// - Throws: ``PredicateParseError`` naming the column of the first problem.
    public init(format: String, argumentArray: [Any?]) throws(PredicateParseError) {
        var lexer = PredicateLexer(format: format)
        var parser = PredicateParser(format: format, tokens: try lexer.tokenize(), arguments: argumentArray)
        self = try parser.parse()
    }

    /// `AND` of `parts`; a single part is returned as is. Used for `a AND b AND c` chains,
    /// so parenthesized groups stay nested as written and printing gives the same tree back.
    static func conjunction(_ parts: [FetchPredicate]) -> FetchPredicate {
        parts.count == 1 ? parts[0] : .and(parts)
    }

    /// `OR` of `parts`; a single part is returned as is.
    static func disjunction(_ parts: [FetchPredicate]) -> FetchPredicate {
        parts.count == 1 ? parts[0] : .or(parts)
    }
}

/// Recursive-descent parser over the tokens of ``PredicateLexer``.
struct PredicateParser {
    /// Words with a meaning of their own; as keys they must be escaped with `#`.
    static let reservedWords: Set<String> = [
        "AND", "OR", "NOT", "IN", "LIKE", "MATCHES", "BEGINSWITH", "ENDSWITH", "CONTAINS", "BETWEEN",
        "ANY", "ALL", "NONE", "SOME", "SUBQUERY", "TRUEPREDICATE", "FALSEPREDICATE", "NIL", "NULL",
        "TRUE", "FALSE", "YES", "NO", "SELF", "CAST"
    ]

    private let format: String
    private let tokens: [PredicateToken]
    private let arguments: [Any?]
    private var position = 0
    private var argumentIndex = 0
    /// Variables of the enclosing `SUBQUERY`s, with their dollar (`$m`).
    private var subqueryVariables: [String] = []

    init(format: String, tokens: [PredicateToken], arguments: [Any?]) {
        self.format = format
        self.tokens = tokens
        self.arguments = arguments
    }

    mutating func parse() throws(PredicateParseError) -> FetchPredicate {
        let predicate = try parseOr()
        if current.kind != .end { throw unexpected(current, expected: "the end") }
        return predicate
    }

    // MARK: Tokens

    private var current: PredicateToken { tokens[min(position, tokens.count - 1)] }

    private mutating func advance() -> PredicateToken {
        let token = current
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    private func unexpected(_ token: PredicateToken, expected: String) -> PredicateParseError {
        if token.kind == .end { return .unexpectedEnd(expected: expected, column: token.column, format: format) }
        return .unexpectedToken(token.text, column: token.column, format: format)
    }

    private func isKeyword(_ token: PredicateToken, _ keyword: String) -> Bool {
        if case .word(let word) = token.kind { return word.uppercased() == keyword }
        return false
    }

    private func isSymbol(_ token: PredicateToken, _ symbol: String) -> Bool {
        token.kind == .symbol(symbol)
    }

    private mutating func expectSymbol(_ symbol: String) throws(PredicateParseError) {
        guard isSymbol(current, symbol) else { throw unexpected(current, expected: "'\(symbol)'") }
        _ = advance()
    }

    // MARK: Predicates

    private mutating func parseOr() throws(PredicateParseError) -> FetchPredicate {
        try parseChain(keyword: "OR", symbol: "||", combine: FetchPredicate.disjunction) {
            parser throws(PredicateParseError) in
            try parser.parseAnd()
        }
    }

    private mutating func parseAnd() throws(PredicateParseError) -> FetchPredicate {
        try parseChain(keyword: "AND", symbol: "&&", combine: FetchPredicate.conjunction) {
            parser throws(PredicateParseError) in
            try parser.parseNot()
        }
    }

    /// `operand (keyword|symbol operand)*`, combined into one predicate.
    private mutating func parseChain(
        keyword: String, symbol: String, combine: ([FetchPredicate]) -> FetchPredicate,
        operand: (inout PredicateParser) throws(PredicateParseError) -> FetchPredicate
    )
        throws(PredicateParseError) -> FetchPredicate
    {
        var parts = [try operand(&self)]
        while isKeyword(current, keyword) || isSymbol(current, symbol) {
            _ = advance()
            parts.append(try operand(&self))
        }
        return combine(parts)
    }

    private mutating func parseNot() throws(PredicateParseError) -> FetchPredicate {
        if isKeyword(current, "NOT") || isSymbol(current, "!") {
            _ = advance()
            return .not(try parseNot())
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(PredicateParseError) -> FetchPredicate {
        if isSymbol(current, "(") {
            _ = advance()
            let inner = try parseOr()
            try expectSymbol(")")
            return inner
        }
        if isKeyword(current, "TRUEPREDICATE") { _ = advance(); return .constant(true) }
        if isKeyword(current, "FALSEPREDICATE") { _ = advance(); return .constant(false) }
        return .comparison(try parseComparison())
    }

    private mutating func parseComparison() throws(PredicateParseError) -> PredicateComparison {
        var quantifier = PredicateComparison.Quantifier.direct
        if isKeyword(current, "ANY") || isKeyword(current, "SOME") {
            quantifier = .any
        } else if isKeyword(current, "ALL") {
            quantifier = .all
        } else if isKeyword(current, "NONE") {
            quantifier = .none
        }
        if quantifier != .direct { _ = advance() }

        let lhs = try parseExpression()
        let opToken = advance()
        let op: PredicateComparison.Operator
        switch opToken.kind {
        case .symbol(let symbol):
            guard let symbolOperator = PredicateComparison.Operator(rawValue: symbol),
                ["==", "!=", "<", "<=", ">", ">="].contains(symbol)
            else {
                throw unexpected(opToken, expected: "an operator")
            }
            op = symbolOperator
        case .word(let word):
            guard let wordOperator = PredicateComparison.Operator(rawValue: word.uppercased()),
                !["==", "!=", "<", "<=", ">", ">="].contains(wordOperator.rawValue)
            else {
                throw unexpected(opToken, expected: "an operator")
            }
            op = wordOperator
        default:
            throw unexpected(opToken, expected: "an operator")
        }
        let options = try parseOptions()
        let rhs = try parseExpression()
        if op == .between {
            try checkBetweenBounds(rhs, at: tokens[position > 0 ? position - 1 : 0])
        }
        return PredicateComparison(lhs, op, rhs, quantifier: quantifier, options: options)
    }

    /// `[c]`, `[d]`, `[cd]` (and `[n]`, accepted and ignored) after an operator.
    private mutating func parseOptions() throws(PredicateParseError) -> PredicateComparison.Options {
        guard isSymbol(current, "[") else { return [] }
        _ = advance()
        let flagsToken = advance()
        guard case .word(let flags) = flagsToken.kind else { throw unexpected(flagsToken, expected: "c, d or cd") }
        var options: PredicateComparison.Options = []
        for flag in flags.lowercased() {
            switch flag {
            case "c": options.insert(.caseInsensitive)
            case "d": options.insert(.diacriticInsensitive)
            case "n": break
            default: throw .unknownOperator("[\(flags)]", column: flagsToken.column - 1, format: format)
            }
        }
        try expectSymbol("]")
        return options
    }

    private func checkBetweenBounds(_ rhs: FetchExpression, at token: PredicateToken) throws(PredicateParseError) {
        switch rhs {
        case .aggregate(let items) where items.count == 2: return
        case .constant(.array(let items)) where items.count == 2: return
        case .variable: return
        default: throw .unexpectedToken(token.text, column: token.column, format: format)
        }
    }

    // MARK: Expressions

    private mutating func parseExpression() throws(PredicateParseError) -> FetchExpression {
        let token = advance()
        switch token.kind {
        case .integer(let value): return .constant(.integer(value))
        case .double(let value): return .constant(.double(value))
        case .string(let value): return .constant(.string(value))
        case .escapedWord(let word): return .keyPath(try parseKeyPathContinuation([word]))
        case .variable(let name):
            if subqueryVariables.contains("$" + name) {
                return .keyPath(try parseKeyPathContinuation(["$" + name]))
            }
            return .variable(name)
        case .specifier(let letter):
            return try parseArgument(letter, token: token)
        case .symbol("{"):
            var items: [FetchExpression] = []
            if !isSymbol(current, "}") {
                while true {
                    items.append(try parseExpression())
                    if isSymbol(current, "}") { break }
                    try expectSymbol(",")
                }
            }
            _ = advance()
            return FetchExpression.list(items)
        case .word(let word):
            switch word.uppercased() {
            case "NIL", "NULL": return .constant(.null)
            case "TRUE", "YES": return .constant(.bool(true))
            case "FALSE", "NO": return .constant(.bool(false))
            case "SELF": return .keyPath(try parseKeyPathContinuation([]))
            case "SUBQUERY" where isSymbol(current, "("): return try parseSubquery()
            case "CAST" where isSymbol(current, "("): return try parseCast(token)
            default:
                if Self.reservedWords.contains(word.uppercased()) {
                    throw unexpected(token, expected: "a key or a value")
                }
                return .keyPath(try parseKeyPathContinuation([word]))
            }
        default:
            throw unexpected(token, expected: "a key or a value")
        }
    }

    /// Reads `.key.key…` after the first components of a key path.
    private mutating func parseKeyPathContinuation(_ start: [String]) throws(PredicateParseError) -> [String] {
        var path = start
        while isSymbol(current, ".") {
            _ = advance()
            let token = advance()
            switch token.kind {
            case .word(let word) where !Self.reservedWords.contains(word.uppercased()): path.append(word)
            case .escapedWord(let word): path.append(word)
            case .specifier("K"): path += try keyPathArgument(token)
            default: throw unexpected(token, expected: "a key")
            }
        }
        return path
    }

    private mutating func parseSubquery() throws(PredicateParseError) -> FetchExpression {
        try expectSymbol("(")
        let collectionToken = current
        guard case .keyPath(let collection) = try parseExpression(), !collection.isEmpty else {
            throw unexpected(collectionToken, expected: "a to-many key path")
        }
        try expectSymbol(",")
        let variableToken = advance()
        guard case .variable(let name) = variableToken.kind else {
            throw unexpected(variableToken, expected: "a $variable")
        }
        try expectSymbol(",")
        subqueryVariables.append("$" + name)
        let predicate = try parseOr()
        subqueryVariables.removeLast()
        try expectSymbol(")")
        var count = false
        if isSymbol(current, ".") {
            _ = advance()
            let countToken = advance()
            guard case .word(let word) = countToken.kind, word.lowercased() == "@count" else {
                throw unexpected(countToken, expected: "@count")
            }
            count = true
        }
        return .subquery(collection: collection, variable: "$" + name, predicate: predicate, count: count)
    }

    /// `CAST(value, "type")` for constants that have no literal: `NSDate` (seconds since
    /// 2001-01-01), `UUID`, `NSData` (base64) and `ObjectID` (its URI).
    private mutating func parseCast(_ castToken: PredicateToken) throws(PredicateParseError) -> FetchExpression {
        try expectSymbol("(")
        let valueToken = advance()
        try expectSymbol(",")
        let typeToken = advance()
        guard case .string(let type) = typeToken.kind else { throw unexpected(typeToken, expected: "a type name") }
        try expectSymbol(")")
        let value: PredicateValue?
        switch (type, valueToken.kind) {
        case ("NSDate", .integer(let seconds)): value = .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
        case ("NSDate", .double(let seconds)): value = .date(Date(timeIntervalSinceReferenceDate: seconds))
        case ("UUID", .string(let text)), ("NSUUID", .string(let text)):
            value = UUID(uuidString: text).map(PredicateValue.uuid)
        case ("NSData", .string(let text)): value = Data(base64Encoded: text).map(PredicateValue.data)
        case ("ObjectID", .string(let text)):
            value = URL(string: text).flatMap(ObjectID.init(uriRepresentation:)).map(PredicateValue.object)
        default: value = nil
        }
        guard let value else { throw .unexpectedToken(valueToken.text, column: valueToken.column, format: format) }
        return .constant(value)
    }

    /// The next argument, for the specifier `token`.
    private mutating func nextArgument(_ token: PredicateToken) throws(PredicateParseError) -> Any? {
        guard argumentIndex < arguments.count else {
            throw .missingArgument(specifier: token.text, column: token.column, format: format)
        }
        argumentIndex += 1
        return arguments[argumentIndex - 1]
    }

    private func invalidArgument(_ argument: Any?, _ token: PredicateToken, expected: String) -> PredicateParseError {
        .invalidArgument(
            specifier: token.text, column: token.column,
            found: argument.map { "\(type(of: $0))" } ?? "nil", expected: expected, format: format)
    }

    /// The components of the key path argument of `%K` (a String, a string PredicateValue, or a
    /// Swift key path over typed properties such as `\Note.title`).
    private mutating func keyPathArgument(_ token: PredicateToken) throws(PredicateParseError) -> [String] {
        let argument = try nextArgument(token)
        if let keyPath = argument as? AnyKeyPath {
            guard let path = KeyPathProbe.path(of: keyPath) else {
                throw invalidArgument(argument, token, expected: "a key path of typed properties")
            }
            return path
        }
        let key = (argument as? String) ?? (argument as? PredicateValue)?.textValue
        guard let key, !key.isEmpty else { throw invalidArgument(argument, token, expected: "a key path String") }
        return key.split(separator: ".").map(String.init)
    }

    private mutating func parseArgument(
        _ letter: Character, token: PredicateToken
    ) throws(PredicateParseError) -> FetchExpression {
        if letter == "K" { return .keyPath(try parseKeyPathContinuation(try keyPathArgument(token))) }
        let argument = try nextArgument(token)
        func invalid(_ expected: String) -> PredicateParseError { invalidArgument(argument, token, expected: expected) }
        let value = argument as? PredicateValue
        switch letter {
        case "d", "i":
            if case .integer(let integer)? = value { return .constant(.integer(integer)) }
            guard let integer = argument as? any BinaryInteger, let converted = Int64(exactly: integer) else {
                throw invalid("an integer")
            }
            return .constant(.integer(converted))
        case "f":
            if case .double(let double)? = value { return .constant(.double(double)) }
            if case .integer(let integer)? = value { return .constant(.double(Double(integer))) }
            if let double = argument as? any BinaryFloatingPoint { return .constant(.double(Double(double))) }
            if let integer = argument as? any BinaryInteger { return .constant(.double(Double(integer))) }
            throw invalid("a floating-point number")
        case "s":
            if case .string(let string)? = value { return .constant(.string(string)) }
            guard let string = argument as? String else { throw invalid("a String") }
            return .constant(.string(string))
        default:
            guard let value = PredicateValue.fromArgument(argument) else {
                throw invalid("a String, number, Bool, Date, UUID, Data, object or an array of them")
            }
            return .constant(value)
        }
    }
}

extension FetchExpression {
    /// `{a, b, …}`: a constant list when every item is a constant (as `IN %@` with an
    /// array gives), an aggregate otherwise, so both spellings make the same tree.
    static func list(_ items: [FetchExpression]) -> FetchExpression {
        var values: [PredicateValue] = []
        for item in items {
            guard case .constant(let value) = item else { return .aggregate(items) }
            values.append(value)
        }
        return .constant(.array(values))
    }
}
