extension DiaryCommand {
    /// Every `diary` subcommand, in the order `diary --help` lists them. Add each new
    /// subcommand type here: `[NewCommand.self, ListCommand.self, …]`.
    public static let subcommands: [any ParsableCommand.Type] = []
}
