/// What a command tells the parser and the help: its name, a one-line abstract, a
/// longer discussion, and its arguments, options and flags in the order help lists them.
package struct CommandConfiguration: Sendable {
    /// The word that selects the command, e.g. `show`.
    package var name: String
    /// One line for the SUBCOMMANDS list and the OVERVIEW section.
    package var abstract: String
    /// Paragraphs shown under the overview in the command's own help; may be empty.
    package var discussion: String
    /// The declared parameters, positional ones among them, in help order.
    package var parameters: [ParameterSpec]

    /// Declares a command.
    package init(name: String, abstract: String, discussion: String = "",
                parameters: [any ParameterDeclaration] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.parameters = parameters.map(\.spec)
    }
}
