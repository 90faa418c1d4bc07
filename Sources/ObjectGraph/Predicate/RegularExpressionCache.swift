import Foundation
import Synchronization

/// Compiled regular expressions, so a `MATCHES` over many rows, or an attribute's pattern
/// rule checked at every save, compiles its pattern once. The one cache of ObjectGraph.
final class RegularExpressionCache: Sendable {
    static let shared = RegularExpressionCache()

    /// `NSRegularExpression` is immutable and documented thread-safe for matching, so the
    /// cached expressions may be used outside the lock.
    private let expressions = Mutex<[Key: SharedExpression]>([:])

    /// A pattern and how it was compiled: under a predicate's options, or as written.
    private struct Key: Hashable {
        let pattern: String
        /// The `PredicateComparison.Options` of a `MATCHES`; nil for a pattern compiled as written.
        let predicateOptions: Int?
    }

    /// One compiled expression, shared between threads (see ``expressions``).
    private struct SharedExpression: @unchecked Sendable {
        let regex: NSRegularExpression
    }

    /// The expression matching the whole of a string against `pattern` under `options`.
    /// - Throws: ``PredicateEvaluationError/invalidRegularExpression(_:)``.
    func expression(
        for pattern: String, options: PredicateComparison.Options
    ) throws(PredicateEvaluationError) -> NSRegularExpression {
        let key = Key(pattern: pattern, predicateOptions: options.rawValue)
        if let cached = cached(key) { return cached }
        let folded = PredicateTextMatching.fold(pattern, options.subtracting(.caseInsensitive))
        let whole = "(?:" + folded + ")\\z"
        let regex: NSRegularExpression
        do {
            regex = try NSRegularExpression(
                pattern: whole, options: options.contains(.caseInsensitive) ? [.caseInsensitive] : [])
        } catch {
            throw .invalidRegularExpression(pattern)
        }
        store(regex, for: key)
        return regex
    }

    /// `pattern` compiled as written, with no options (an attribute's pattern rule), or nil
    /// when it does not compile.
    func expression(compilingAsWritten pattern: String) -> NSRegularExpression? {
        let key = Key(pattern: pattern, predicateOptions: nil)
        if let cached = cached(key) { return cached }
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        store(regex, for: key)
        return regex
    }

    private func cached(_ key: Key) -> NSRegularExpression? {
        expressions.withLock { $0[key]?.regex }
    }

    private func store(_ regex: NSRegularExpression, for key: Key) {
        expressions.withLock { expressions in
            if expressions.count > 256 { expressions.removeAll() }
            expressions[key] = SharedExpression(regex: regex)
        }
    }
}
