internal import CSQLite
import Foundation

/// The SQL functions that compiled predicates call, backed by the same Swift code as the
/// in-memory evaluator (``PredicateTextMatching``) so SQL and memory always agree:
///
/// - `og_fold(value, flags)`: a text folded for `[c]` (1), `[d]` (2) or both (3); other
///   values unchanged.
/// - `og_beginswith`, `og_endswith`, `og_contains`, `og_like`, `og_matches`
///   `(value, operand, flags)`: 1 or 0; 0 unless both are text. `og_matches` fails the
///   statement for an invalid regular expression.
package enum PredicateSQLFunctions {
    /// Registers the functions on connection `db` (deterministic, UTF-8). Call once per
    /// connection before running a compiled predicate.
    /// - Throws: ``PredicateSQLError/sqlite(code:message:)`` when SQLite refuses.
    package static func register(on db: OpaquePointer) throws(PredicateSQLError) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC
        let functions:
            [(String, Int32, @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)] = [
                (
                    "og_fold", 2,
                    { context, _, arguments in
                        guard let context, let arguments else { return }
                        guard let text = PredicateSQLFunctions.text(arguments[0]) else {
                            sqlite3_result_value(context, arguments[0])
                            return
                        }
                        let options = PredicateComparison.Options(rawValue: Int(sqlite3_value_int64(arguments[1])))
                        sqlite3_result_text(context, PredicateTextMatching.fold(text, options), -1, csqlite_transient())
                    }
                ),
                (
                    "og_beginswith", 3,
                    { context, _, arguments in
                        PredicateSQLFunctions.match(context, arguments, .beginsWith)
                    }
                ),
                (
                    "og_endswith", 3,
                    { context, _, arguments in
                        PredicateSQLFunctions.match(context, arguments, .endsWith)
                    }
                ),
                (
                    "og_contains", 3,
                    { context, _, arguments in
                        PredicateSQLFunctions.match(context, arguments, .contains)
                    }
                ),
                (
                    "og_like", 3,
                    { context, _, arguments in
                        PredicateSQLFunctions.match(context, arguments, .like)
                    }
                ),
                (
                    "og_matches", 3,
                    { context, _, arguments in
                        PredicateSQLFunctions.match(context, arguments, .matches)
                    }
                )
            ]
        for (name, argumentCount, function) in functions {
            let code = sqlite3_create_function_v2(db, name, argumentCount, flags, nil, function, nil, nil, nil)
            guard code == SQLITE_OK else {
                throw .sqlite(code: code, message: "registering \(name): " + String(cString: sqlite3_errmsg(db)))
            }
        }
    }

    /// The SQL function implementing a string operator.
    static func functionName(for op: PredicateComparison.Operator) -> String {
        switch op {
        case .beginsWith: return "og_beginswith"
        case .endsWith: return "og_endswith"
        case .like: return "og_like"
        case .matches: return "og_matches"
        default: return "og_contains"
        }
    }

    /// The text of a TEXT value, nil for any other type.
    private static func text(_ value: OpaquePointer?) -> String? {
        guard sqlite3_value_type(value) == SQLITE_TEXT, let bytes = sqlite3_value_text(value) else { return nil }
        let count = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Runs string operator `op` on (value, operand, flags) and sets the 0/1 result, or the error.
    private static func match(
        _ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?,
        _ op: PredicateComparison.Operator
    ) {
        guard let context, let arguments else { return }
        guard let value = text(arguments[0]), let operand = text(arguments[1]) else {
            sqlite3_result_int64(context, 0)
            return
        }
        let options = PredicateComparison.Options(rawValue: Int(sqlite3_value_int64(arguments[2])))
        do {
            sqlite3_result_int64(context, try PredicateTextMatching.test(op, value, operand, options) ? 1 : 0)
        } catch {
            sqlite3_result_error(context, error.description, -1)
        }
    }
}
