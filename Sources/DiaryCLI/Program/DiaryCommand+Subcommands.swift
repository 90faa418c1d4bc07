extension DiaryCommand {
    /// Every `diary` subcommand, in the order `diary --help` lists them.
    package static let subcommands: [any ParsableCommand.Type] = [
        NewCommand.self, ListCommand.self, CalendarCommand.self, ShowCommand.self, EditCommand.self,
        DeleteCommand.self, TrashCommand.self, RestoreCommand.self, ExportCommand.self, ImportCommand.self,
        SearchCommand.self, TagsCommand.self,
        CheckCommand.self, InitCommand.self, EncryptCommand.self, DecryptCommand.self, UnlockCommand.self,
        LockCommand.self, PassphraseCommand.self, SyncCommand.self, ConfigCommand.self
    ]
}
