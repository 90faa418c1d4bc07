/// Somewhere text goes: the process's stdout or stderr, or memory in tests.
package protocol OutputWriter: Sendable {
    /// Writes the text as UTF-8, exactly as given (no newline is added).
    func write(_ text: String)
    /// Hands any buffered text on to its destination.
    func flush()
}
