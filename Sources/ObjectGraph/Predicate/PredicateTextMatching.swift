import Foundation
import Synchronization

/// The string operations of predicates, shared by the in-memory evaluator and the SQL
/// functions of ``PredicateSQLFunctions`` so that both always agree.
///
/// Strings are compared by Unicode scalars (the order of SQLite's BINARY collation)
/// after folding: `[c]` maps each character to lower case, upper case and back to lower case
/// (`ß` and `ẞ` → `ss`, `ς` → `σ`), `[d]` decomposes canonically, drops non-spacing marks
/// (`é` → `e`) and takes the letters drawn with a stroke or bar, which have no
/// decomposition, as their base letter (`Ł` → `L`, `ø` → `o`). Either option also puts the
/// string in canonical decomposition. Full-text search folds its words the same way.
enum PredicateTextMatching {
    /// `string` folded for `options` (unchanged when `options` is empty).
    ///
    /// Folding goes scalar by scalar (each non-ASCII scalar's folding is computed once and
    /// cached), then puts combining marks in canonical order, which gives the canonical
    /// decomposition of the case-mapped string.
    static func fold(_ string: String, _ options: PredicateComparison.Options) -> String {
        if options.isEmpty { return string }
        let lowers = options.contains(.caseInsensitive)
        if string.utf8.allSatisfy({ $0 < 0x80 }) { return lowers ? string.lowercased() : string }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count + 8)
        var previousWasMark = false
        var needsOrdering = false
        ScalarFoldingCache.shared.withFoldings(options) { folding in
            for scalar in string.unicodeScalars {
                if scalar.value < 0x80 {
                    let byte = UInt8(scalar.value)
                    bytes.append(lowers && byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
                    previousWasMark = false
                    continue
                }
                for folded in folding(scalar) {
                    let isMark = isCombiningMark(folded)
                    if isMark && previousWasMark { needsOrdering = true }
                    previousWasMark = isMark
                    UTF8.encode(folded) { bytes.append($0) }
                }
            }
        }
        let result = String(decoding: bytes, as: UTF8.self)
        guard needsOrdering else { return result }
        var scalars = Array(result.unicodeScalars)
        orderCombiningMarks(&scalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Whether `scalar` has a non-zero canonical combining class (none below U+0300 does).
    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x300 && scalar.properties.canonicalCombiningClass.rawValue != 0
    }

    /// Sorts each run of combining marks by combining class (stable), as canonical
    /// decomposition requires.
    private static func orderCombiningMarks(_ scalars: inout [Unicode.Scalar]) {
        var index = 0
        while index < scalars.count {
            guard isCombiningMark(scalars[index]) else { index += 1; continue }
            var end = index
            while end < scalars.count, isCombiningMark(scalars[end]) { end += 1 }
            if end - index > 1 {
                let run = scalars[index..<end].enumerated().sorted {
                    let (l, r) = (
                        $0.element.properties.canonicalCombiningClass.rawValue,
                        $1.element.properties.canonicalCombiningClass.rawValue
                    )
                    return l != r ? l < r : $0.offset < $1.offset
                }.map(\.element)
                scalars.replaceSubrange(index..<end, with: run)
            }
            index = end
        }
    }

    /// The folding of one scalar: case mapped (lower, upper, lower, so that `ẞ` becomes `ss`
    /// like `ß`) for `[c]`, canonically decomposed; for `[d]` non-spacing and enclosing marks
    /// dropped and stroked letters replaced by their base letter.
    static func foldScalar(_ scalar: Unicode.Scalar, _ options: PredicateComparison.Options) -> [Unicode.Scalar] {
        var text = String(Character(scalar))
        if options.contains(.caseInsensitive) { text = text.lowercased().uppercased().lowercased() }
        var result = Array(text.decomposedStringWithCanonicalMapping.unicodeScalars)
        if options.contains(.diacriticInsensitive) {
            result.removeAll {
                $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .enclosingMark
            }
            result = result.map { strokedLetterBases[$0.value] ?? $0 }
        }
        return result
    }

    /// Latin letters whose accent is a stroke or bar through them: Unicode gives them no
    /// decomposition, so dropping marks leaves them, yet a reader takes `Łódź` for `Lodz`
    /// and `Øresund` for `Oresund` as surely as `é` for `e`.
    static let strokedLetterBases: [UInt32: Unicode.Scalar] = [
        0x00D8: "O", 0x00F8: "o",  // Ø ø
        0x0110: "D", 0x0111: "d",  // Đ đ
        0x0126: "H", 0x0127: "h",  // Ħ ħ
        0x0141: "L", 0x0142: "l",  // Ł ł
        0x0166: "T", 0x0167: "t",  // Ŧ ŧ
        0x0180: "b", 0x0243: "B",  // ƀ Ƀ
        0x0197: "I", 0x0268: "i",  // Ɨ ɨ
        0x01B5: "Z", 0x01B6: "z",  // Ƶ ƶ
        0x01E4: "G", 0x01E5: "g",  // Ǥ ǥ
        0x023A: "A", 0x2C65: "a",  // Ⱥ ⱥ
        0x023B: "C", 0x023C: "c",  // Ȼ ȼ
        0x0246: "E", 0x0247: "e",  // Ɇ ɇ
        0x024C: "R", 0x024D: "r",  // Ɍ ɍ
        0x024E: "Y", 0x024F: "y"  // Ɏ ɏ
    ]

    /// Applies string operator `op` (`BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `LIKE`, `MATCHES`).
    /// - Throws: ``PredicateEvaluationError/invalidRegularExpression(_:)`` for `MATCHES`.
    static func test(
        _ op: PredicateComparison.Operator, _ string: String, _ operand: String,
        _ options: PredicateComparison.Options
    ) throws(PredicateEvaluationError) -> Bool {
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
            case (let l?, let r?): if l != r { return l < r ? -1 : 1 }
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
    /// character (Unicode scalar), `*` for any run of them, and `\\` escapes the next one.
    ///
    /// Works on UTF-8 bytes: a literal always starts with a lead byte, so it can only match
    /// at a scalar boundary, and `?` and backtracking step over whole scalars.
    static func like(_ string: String, _ pattern: String, _ options: PredicateComparison.Options) -> Bool {
        let text = Array(fold(string, options).utf8)
        enum Piece: Equatable {
            case literal(UInt8)
            case one, any
        }
        var pieces: [Piece] = []
        var escaping = false
        for byte in fold(pattern, options).utf8 {
            if escaping { pieces.append(.literal(byte)); escaping = false; continue }
            switch byte {
            case UInt8(ascii: "\\"): escaping = true
            case UInt8(ascii: "?"): pieces.append(.one)
            case UInt8(ascii: "*"): pieces.append(.any)
            default: pieces.append(.literal(byte))
            }
        }
        func nextScalar(after index: Int) -> Int {
            var next = index + 1
            while next < text.count, text[next] & 0xC0 == 0x80 { next += 1 }
            return next
        }
        // Greedy match with backtracking to the last `*`.
        var t = 0, p = 0
        var starPiece = -1, starText = 0
        while t < text.count {
            if p < pieces.count, pieces[p] == .one {
                t = nextScalar(after: t); p += 1
            } else if p < pieces.count, pieces[p] == .literal(text[t]) {
                t += 1; p += 1
            } else if p < pieces.count, pieces[p] == .any {
                starPiece = p; starText = t; p += 1
            } else if starPiece >= 0 {
                p = starPiece + 1; starText = nextScalar(after: starText); t = starText
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
    static func matches(
        _ string: String, _ pattern: String, _ options: PredicateComparison.Options
    ) throws(PredicateEvaluationError) -> Bool {
        let regex = try RegularExpressionCache.shared.expression(for: pattern, options: options)
        let text = fold(string, options.subtracting(.caseInsensitive))
        let range = NSRange(text.startIndex..<text.endIndex, in: text)
        return regex.firstMatch(in: text, options: [.anchored, .withoutAnchoringBounds], range: range) != nil
    }
}

/// The foldings of non-ASCII scalars, computed once each (Foundation's decomposition is
/// slow per call, and a fetch folds the same few accented letters over and over).
final class ScalarFoldingCache: Sendable {
    static let shared = ScalarFoldingCache()

    private let foldings = Mutex<[UInt32: [Unicode.Scalar]]>([:])

    /// Runs `body` with a function folding scalars for `options`, holding the cache's lock.
    func withFoldings(
        _ options: PredicateComparison.Options,
        _ body: ((Unicode.Scalar) -> [Unicode.Scalar]) -> Void
    ) {
        foldings.withLock { foldings in
            body { scalar in
                let key = scalar.value << 2 | UInt32(options.rawValue & 3)
                if let cached = foldings[key] { return cached }
                let folded = PredicateTextMatching.foldScalar(scalar, options)
                if foldings.count >= 65_536 { foldings.removeAll() }
                foldings[key] = folded
                return folded
            }
        }
    }
}
