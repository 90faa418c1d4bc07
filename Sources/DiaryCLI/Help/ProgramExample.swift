/// One example of the program's use for the manual page's EXAMPLES: a command line and what it does.
package struct ProgramExample: Sendable, CustomStringConvertible {
    /// The words after the program's name, as the program receives them (`["list", "--on", "yesterday"]`).
    package let words: [String]
    /// What it does, a sentence ending in a colon that introduces the command line.
    package let explanation: String
    /// The program's name, which starts ``commandLine``.
    package let programName: String

    /// An example of `programName` run with `words`.
    package init(_ words: [String], _ explanation: String, programName: String = "diary") {
        self.words = words
        self.explanation = explanation
        self.programName = programName
    }

    /// The command line as typed in a shell: `diary new --text "Beach day" --tag travel` (a word with
    /// a space or a quote in double quotes).
    package var commandLine: String {
        ([programName]
            + words.map { word in
                guard word.contains(where: { " \"'$`\\".contains($0) }) else { return word }
                return "\""
                    + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                    .replacingOccurrences(of: "$", with: "\\$").replacingOccurrences(of: "`", with: "\\`") + "\""
            }).joined(separator: " ")
    }

    /// The command line.
    package var description: String { commandLine }
}
