import DiaryKit

extension CommandContext {
    /// Runs `save` and gives its result; the text the user typed (`typed`, when the text came
    /// from the editor or stdin) is discarded once `save` returns and kept in a private file,
    /// its path in the reported error, whatever `save` throws.
    func saving<Result>(_ typed: EnteredText?, _ save: () throws -> Result) throws -> Result {
        let result: Result
        do {
            result = try save()
        } catch {
            // What was typed outlives the failed save.
            throw typed?.keeping(after: error, in: self) ?? error
        }
        typed?.discard()
        return result
    }

    /// Says what a save did: the entry object with `json`, else `<verb> entry #42`.
    func writeSaved(_ entry: EntryRecord, verb: String, json: Bool) {
        if json {
            writeJSON(entry.scriptingJSON(in: timeZone))
        } else {
            writeLine("\(verb) entry #\(entry.id)")
        }
    }
}

extension CommandContext {
    /// Says on stderr that text piped in was left unread (`printf x | diary edit 1 --append y`),
    /// `reason` saying why, rather than dropping it without a word.
    func noteUnreadPipedText(because reason: String) {
        guard !terminal.isStandardInputTerminal, standardInput.isPiped, standardInput.hasWaitingText() else { return }
        writeErrorLine("Note: the text piped in was not read (\(reason)); pipe it alone to use it.")
    }
}
