/// What came back from the editor or stdin.
package enum TextInputOutcome: Equatable, Sendable {
    /// Text with something other than whitespace in it, trailing whitespace removed.
    case text(String)
    /// Nothing but whitespace: the user gave up; the command stops with a message
    /// such as "Empty text; no entry was created." and changes nothing.
    case cancelled

    /// Classifies raw text: empty or whitespace-only is ``cancelled``.
    init(raw: String) {
        var text = raw
        while let last = text.last, last.isWhitespace { text.removeLast() }
        self = text.allSatisfy(\.isWhitespace) ? .cancelled : .text(text)
    }
}
