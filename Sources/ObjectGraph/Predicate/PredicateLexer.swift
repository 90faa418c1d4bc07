import Foundation

/// One token of the predicate format language, with the column it starts at.
struct PredicateToken: Equatable {
    enum Kind: Equatable {
        /// A bare word: a key, a keyword (`AND`, `ANY`, `nil`…) or `@count`.
        case word(String)
        /// A word escaped with `#` (`#IN`): always a key, never a keyword.
        case escapedWord(String)
        case integer(Int64)
        case double(Double)
        case string(String)
        /// `$NAME`, without the dollar.
        case variable(String)
        /// `%@`, `%K`, `%d`, `%i`, `%f`, `%s` (the letter after the percent sign).
        case specifier(Character)
        /// Punctuation and operators: `( ) { } [ ] , . == != < <= > >= && || !`.
        case symbol(String)
        case end
    }

    var kind: Kind
    /// Characters of the format before the token.
    var column: Int
    /// The token's text as written, for error messages.
    var text: String
}

/// Splits a predicate format string into tokens; errors name the column.
struct PredicateLexer {
    private let characters: [Character]
    private let format: String
    private var index = 0

    init(format: String) {
        self.format = format
        self.characters = Array(format)
    }

    /// All tokens of the format, ending with `.end`.
    /// - Throws: ``PredicateParseError`` for unterminated strings and unknown operators.
    mutating func tokenize() throws(PredicateParseError) -> [PredicateToken] {
        var tokens: [PredicateToken] = []
        while true {
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private static func isWordStart(_ c: Character) -> Bool { c.isLetter || c == "_" || c == "@" }
    private static func isWordPart(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    private mutating func next() throws(PredicateParseError) -> PredicateToken {
        while let c = peek(), c.isWhitespace { index += 1 }
        let start = index
        guard let c = peek() else { return PredicateToken(kind: .end, column: start, text: "") }

        if Self.isWordStart(c) {
            return PredicateToken(kind: .word(readWord()), column: start, text: String(characters[start..<index]))
        }
        if c == "#", let n = peek(1), Self.isWordStart(n) {
            index += 1
            let word = readWord()
            return PredicateToken(kind: .escapedWord(word), column: start, text: "#" + word)
        }
        if c == "$", let n = peek(1), Self.isWordStart(n) {
            index += 1
            let word = readWord()
            return PredicateToken(kind: .variable(word), column: start, text: "$" + word)
        }
        if c.isASCII,
            c.isNumber || (c == "-" && (peek(1)?.isASCII ?? false) && (peek(1)?.isNumber ?? false))
                || (c == "." && (peek(1)?.isASCII ?? false) && (peek(1)?.isNumber ?? false))
        {
            return try readNumber()
        }
        if c == "\"" || c == "'" { return try readString(quote: c) }
        if c == "%" {
            guard let letter = peek(1), "@Kdifs".contains(letter) else {
                let text = peek(1).map { "%" + String($0) } ?? "%"
                throw .unknownOperator(text, column: start, format: format)
            }
            index += 2
            return PredicateToken(kind: .specifier(letter), column: start, text: "%" + String(letter))
        }
        let two = peek(1).map { String(c) + String($0) } ?? ""
        let twoCharacterOperators: [String: String] = [
            "==": "==", "!=": "!=", "<>": "!=", "<=": "<=", "=<": "<=", ">=": ">=", "=>": ">=",
            "&&": "&&", "||": "||"
        ]
        if let symbol = twoCharacterOperators[two] {
            index += 2
            return PredicateToken(kind: .symbol(symbol), column: start, text: two)
        }
        if "(){}[],.<>=!".contains(c) {
            index += 1
            let symbol = c == "=" ? "==" : String(c)
            return PredicateToken(kind: .symbol(symbol), column: start, text: String(c))
        }
        throw .unknownOperator(String(c), column: start, format: format)
    }

    private mutating func readWord() -> String {
        let start = index
        index += 1
        while let c = peek(), Self.isWordPart(c) { index += 1 }
        return String(characters[start..<index])
    }

    private mutating func readNumber() throws(PredicateParseError) -> PredicateToken {
        let start = index
        if peek() == "-" { index += 1 }
        if let radixed = try readRadixInteger(from: start) { return radixed }
        var isDouble = false
        while let c = peek(), c.isASCII, c.isNumber { index += 1 }
        if peek() == ".", let n = peek(1), n.isASCII, n.isNumber {
            isDouble = true
            index += 1
            while let c = peek(), c.isASCII, c.isNumber { index += 1 }
        }
        if let e = peek(), e == "e" || e == "E" {
            var lookahead = 1
            if let sign = peek(1), sign == "+" || sign == "-" { lookahead = 2 }
            if let d = peek(lookahead), d.isASCII, d.isNumber {
                isDouble = true
                index += lookahead
                while let c = peek(), c.isASCII, c.isNumber { index += 1 }
            }
        }
        let text = String(characters[start..<index])
        if !isDouble, let value = Int64(text) {
            return PredicateToken(kind: .integer(value), column: start, text: text)
        }
        guard let value = Double(text) else { throw .unexpectedToken(text, column: start, format: format) }
        return PredicateToken(kind: .double(value), column: start, text: text)
    }

    /// `0x1F`, `0o17`, `0b101` (and their upper-case prefixes), as NSPredicate reads them: an
    /// integer in base 16, 8 or 2, its sign already read from `start`; nil, reading nothing,
    /// when no such prefix and digit follow.
    /// - Throws: ``PredicateParseError/unexpectedToken(_:column:format:)`` for a value beyond 64 bits.
    private mutating func readRadixInteger(from start: Int) throws(PredicateParseError) -> PredicateToken? {
        guard peek() == "0", let prefix = peek(1) else { return nil }
        let radix: Int
        switch prefix {
        case "x", "X": radix = 16
        case "o", "O": radix = 8
        case "b", "B": radix = 2
        default: return nil
        }
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.hexDigitValue.map { $0 < radix } ?? false }
        guard let first = peek(2), isDigit(first) else { return nil }
        index += 2
        let digitsStart = index
        while let c = peek(), isDigit(c) { index += 1 }
        let digits = String(characters[digitsStart..<index])
        let text = String(characters[start..<index])
        let negative = characters[start] == "-"
        guard let magnitude = UInt64(digits, radix: radix),
            let value = negative
                ? (magnitude == UInt64(Int64.max) + 1 ? Int64.min : Int64(exactly: magnitude).map { -$0 })
                : Int64(exactly: magnitude)
        else { throw .unexpectedToken(text, column: start, format: format) }
        return PredicateToken(kind: .integer(value), column: start, text: text)
    }

    private mutating func readString(quote: Character) throws(PredicateParseError) -> PredicateToken {
        let start = index
        index += 1
        var value = ""
        while let c = peek() {
            index += 1
            if c == quote {
                return PredicateToken(kind: .string(value), column: start, text: String(characters[start..<index]))
            }
            if c == "\\", let escaped = peek() {
                index += 1
                switch escaped {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                default: value.append(escaped)
                }
            } else {
                value.append(c)
            }
        }
        throw .unterminatedString(column: start, format: format)
    }
}
