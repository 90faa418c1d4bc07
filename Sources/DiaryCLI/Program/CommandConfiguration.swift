/// What a command tells the help besides its parameters: its name, a one-line abstract and
/// a longer discussion. ``ParsableCommand/declaration`` adds the parameters its property
/// wrappers declare.
package struct CommandConfiguration: Sendable {
    /// The word that selects the command, e.g. `show`.
    package var name: String
    /// One line for the SUBCOMMANDS list and the OVERVIEW section.
    package var abstract: String
    /// Paragraphs shown under the overview in the command's own help; may be empty.
    package var discussion: String
    /// The declared parameters, positional ones among them, in help order; empty in the
    /// configuration a command writes, filled in by ``ParsableCommand/declaration``.
    package var parameters: [ParameterSpec] = []

    /// Declares a command.
    package init(name: String, abstract: String, discussion: String = "") {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
    }
}
