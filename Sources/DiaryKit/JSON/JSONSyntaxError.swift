/// Why ``StreamingJSONReader`` stopped: what it expected and the line it was on.
struct JSONSyntaxError: Error, Sendable, Equatable {
    /// The line (counting from 1) where the problem was found.
    var line: Int
    /// What is wrong, e.g. `expected ',' or '}' after a member`.
    var message: String

    /// `line 12: expected ',' or '}' after a member`.
    var description: String { "line \(line): \(message)" }
}
