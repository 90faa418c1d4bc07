import Foundation

/// The string operations of predicates, shared by the in-memory evaluator and the SQL
/// functions of ``PredicateSQLFunctions`` so that both always agree.
///
/// Strings are compared by Unicode scalars (the order of SQLite's BINARY collation)
/// after folding: `[c]` maps each character to upper case and back to lower case
/// (`ß` → `ss`, `ς` → `σ`), `[d]` decomposes canonically and drops non-spacing marks
/// (`é` → `e`). Either option also puts the string in canonical decomposition.
enum PredicateTextMatching {
    /// `string` folded for `options` (unchanged when `options` is empty).
    static func fold(_ string: String, _ options: PredicateComparison.Options) -> String {
        if options.isEmpty { return string }
        if string.utf8.allSatisfy({ $0 < 0x80 }) {
            return options.contains(.caseInsensitive) ? string.lowercased() : string
        }
        var text = string
        if options.contains(.caseInsensitive) { text = text.uppercased().lowercased() }
        text = text.decomposedStringWithCanonicalMapping
        if options.contains(.diacriticInsensitive) {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: text.unicodeScalars.filter {
                $0.properties.generalCategory != .nonspacingMark && $0.properties.generalCategory != .enclosingMark
            })
            text = String(scalars)
        }
        return text
    }

    /// Applies string operator `op` (`BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`).
    /// - Throws: ``PredicateEvaluationError/invalidRegularExpression(_:)`` for `MATCHES`.
    static func test(_ op: PredicateComparison.Operator, _ string: String, _ operand: String,
                     _ options: PredicateComparison.Options) throws(PredicateEvaluationError) -> Bool {
        switch op {
        case .beginsWith: return beginsWith(string, operand, options)
        case .endsWith: return endsWith(string, operand, options)
        case .like: return like(string, operand, options)
        case .matches: return try matches(string, operand, options)
        default: return contains(string, operand, options)
        }
    }

    /// Orders two strings by their UTF-8 bytes (= by Unicode scalars, SQLite's BINARY).
    static func compare(_ lhs: String, _ rhs: String) -> Int {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case let (l?, r?): if l != r { return l < r ? -1 : 1 }
            }
        }
    }

    /// Whether `string` begins with `prefix`, after folding both for `options`.
    static func beginsWith(_ string: String, _ prefix: String, _ options: PredicateComparison.Options) -> Bool {
        fold(string, options).utf8.starts(with: fold(prefix, options).utf8)
    }

    /// Whether `string` ends with `suffix`, after folding both for `options`.
    static func endsWith(_ string: String, _ suffix: String, _ options: PredicateComparison.Options) -> Bool {
        fold(string, options).utf8.reversed().starts(with: fold(suffix, options).utf8.reversed())
    }

    /// Whether `string` contains `part` (the empty string is in every string).
    static func contains(_ string: String, _ part: String, _ options: PredicateComparison.Options) -> Bool {
        let haystack = Array(fold(string, options).utf8)
        let needle = Array(fold(part, options).utf8)
        if needle.isEmpty { return true }
        if needle.count > haystack.count { return false }
        for start in 0...(haystack.count - needle.count)
        where haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }

    /// `LIKE`: whether the whole `string` matches `pattern`, where `?` stands for one
    /// character (Unicode scalar), `*` for any run of them, and `\` escapes the next one.
    static func like(_ string: String, _ pattern: String, _ options: PredicateComparison.Options) -> Bool {
        let text = Array(fold(string, options).unicodeScalars)
        enum Piece: Equatable { case literal(Unicode.Scalar), one, any }
        var pieces: [Piece] = []
        var escaping = false
        for scalar in fold(pattern, options).unicodeScalars {
            if escaping { pieces.append(.literal(scalar)); escaping = false; continue }
            switch scalar {
            case "\\": escaping = true
            case "?": pieces.append(.one)
            case "*": pieces.append(.any)
            default: pieces.append(.literal(scalar))
            }
        }
        // Greedy match with backtracking to the last `*`: linear for patterns with one star.
        var t = 0, p = 0
        var starPiece = -1, starText = 0
        while t < text.count {
            if p < pieces.count, pieces[p] == .one || pieces[p] == .literal(text[t]) {
                t += 1; p += 1
            } else if p < pieces.count, pieces[p] == .any {
                starPiece = p; starText = t; p += 1
            } else if starPiece >= 0 {
                p = starPiece + 1; starText += 1; t = starText
            } else {
                return false
            }
        }
        while p < pieces.count, pieces[p] == .any { p += 1 }
        return p == pieces.count
    }

    /// `MATCHES`: whether the whole `string` matches the ICU regular expression `pattern`.
    /// `[c]` matches case-insensitively, `[d]` strips diacritics from both first.
    /// - Throws: ``PredicateEvaluationError/invalidRegularExpression(_:)``.
    static func matches(_ string: String, _ pattern: String, _ options: PredicateComparison.Options) throws(PredicateEvaluationError) -> Bool {
        let regex = try RegularExpressionCache.shared.expression(for: pattern, options: options)
        let text = fold(string, options.subtracting(.caseInsensitive))
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.firstMatch(in: text, options: [.anchored, .withoutAnchoringBounds], range: range) != nil
    }
}

/// Compiled regular expressions by pattern and options, so a `MATCHES` over many rows
/// compiles its pattern once.
final class RegularExpressionCache: @unchecked Sendable {
    // Safe: `expressions` is only touched while holding `lock`, and NSRegularExpression
    // is immutable and documented thread-safe for matching.
    static let shared = RegularExpressionCache()

    private let lock = NSLock()
    private var expressions: [String: NSRegularExpression] = [:]

    /// The expression matching the whole of a string against `pattern` under `options`.
    /// - Throws: ``PredicateEvaluationError/invalidRegularExpression(_:)``.
    func expression(for pattern: String, options: PredicateComparison.Options) throws(PredicateEvaluationError) -> NSRegularExpression {
        let key = "\(options.rawValue):\(pattern)"
        lock.lock()
        defer { lock.unlock() }
        if let cached = expressions[key] { return cached }
        let folded = PredicateTextMatching.fold(pattern, options.subtracting(.caseInsensitive))
        let whole = "(?:" + folded + ")\\z"
        do {
            let regex = try NSRegularExpression(pattern: whole, options: options.contains(.caseInsensitive) ? [.caseInsensitive] : [])
            if expressions.count > 256 { expressions.removeAll() }
            expressions[key] = regex
            return regex
        } catch {
            throw .invalidRegularExpression(pattern)
        }
    }
}
