import DiaryKit
import Foundation

/// `diary edit`: changes an entry's text, media, tags or star.
struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "edit", abstract: "Change an entry's text, media, tags or star.",
        discussion: """
            With no option that changes something, the editor opens on the current text; \
            saving it empty changes nothing. When stdin is piped, its text is added to the \
            entry's as a new paragraph (with --replace it replaces the text). Every change \
            is saved together or not at all. Prints 'Updated entry #42', or, when the entry \
            already is as asked, says so and saves nothing.
            """)

    @Argument("id", help: "The entry's number, as in #42.")
    var id: Int
    @Option("text", short: "t", valueName: "text", help: "Replace the text.")
    var text: String?
    @Option("append", valueName: "text", help: "Add a paragraph to the text.")
    var append: String?
    @OptionGroup var media: MediaOptions
    @RepeatingOption(
        "remove-media", valueName: "number",
        help: "Remove the medium with this number (as 'diary show' lists them).")
    var removeMedia: [Int]
    @RepeatingOption("tag", valueName: "name", help: "Add a tag; repeat for more.")
    var tagOptions: [String]
    @RepeatingOption("untag", valueName: "name", help: "Remove a tag; repeat for more.")
    var untagOptions: [String]
    @Flag("star", help: "Star the entry.")
    var star: Bool
    @Flag("unstar", help: "Remove the star.")
    var unstar: Bool
    @Option(
        "on", valueName: "date",
        help:
            "Re-date the entry: a moment (2026-11-29 14:30, friday 18:00), a day, keeping the entry's time of day (2026-11-29, yesterday, 3 days ago), or 'photo': when its earliest photo was taken (refused when none records it)."
    )
    var on: EntryDateChoice?
    @Flag("replace", help: "With text piped in: replace the entry's text (piped text is appended otherwise).")
    var replacesText: Bool
    @Flag("json", help: "Print the changed entry as a JSON entry object.")
    var json: Bool

    /// The `--tag` names without a leading `#` or `@`.
    var tags: [String] { tagOptions.map(EntryEditor.tagName(fromOption:)) }
    /// The `--untag` names without a leading `#` or `@`.
    var untags: [String] { untagOptions.map(EntryEditor.tagName(fromOption:)) }

    func validate() throws(UsageError) {
        if text != nil && append != nil {
            throw .invalid("Use either --text or --append, not both")
        }
        if star && unstar {
            throw .invalid("Use either --star or --unstar, not both")
        }
        for tag in tags {
            if let untag = untags.first(where: { EntryEditor.namesSameTag($0, tag) }) {
                throw .invalid("Use either --tag \(tag) or --untag \(untag), not both")
            }
        }
    }

    /// Whether an option asks for a change; otherwise the editor opens.
    private var changesSomething: Bool {
        text != nil || append != nil || !media.files.isEmpty || !removeMedia.isEmpty
            || !tags.isEmpty || !untags.isEmpty || star || unstar || on != nil
    }

    func run(in context: CommandContext) throws {
        let diary = try context.openDiary(.updating)
        let editor = try diary.editEntry(id: Int64(id))
        let previousText = editor.text
        var typed: EnteredText?
        if changesSomething {
            context.noteUnreadPipedText(because: "options give the change")
        } else {
            let input = try context.readEnteredText(
                initialText: editor.text ?? "", editorCommand: try diary.setting(.editor))
            guard case .text(let text) = input.outcome else {
                input.discard()
                context.writeErrorLine("Cancelled: empty text, entry #\(id) left as it was.")
                return
            }
            guard text != editor.text else {
                input.discard()
                context.writeErrorLine("No changes; entry #\(id) left as it was.")
                return
            }
            typed = input
            // Piped text adds to the entry, as jrnl users expect; the editor shows the whole text.
            if context.terminal.isStandardInputTerminal || replacesText {
                editor.text = text
            } else {
                editor.appendText(text)
            }
        }
        switch try context.saving(typed, { try change(editor, previousText: previousText, in: context) }) {
        case .empty:
            context.writeErrorLine("Cancelled: empty text, entry #\(id) left as it was.")
        case .unchanged(let entry):
            // Nothing saved (its update time stays): a script with --json still gets the entry.
            if json { context.writeSaved(entry, verb: "", json: true) }
            context.writeErrorLine("No changes; entry #\(id) left as it was.")
        case .saved(let entry):
            context.writeSaved(entry, verb: "Updated", json: json)
        }
    }

    /// What the options did to the entry.
    private enum Outcome {
        /// Saved.
        case saved(EntryRecord)
        /// Nothing to change: the entry already was as asked; nothing saved.
        case unchanged(EntryRecord)
        /// `--text` blank would leave the entry without text or media: nothing saved.
        case empty
    }

    /// Makes the changes the options ask for and saves them with any new text; nil, saving
    /// nothing, when `--text` is blank and would leave an entry without text or media (as
    /// `diary new --text ""` saves nothing).
    private func change(_ editor: EntryEditor, previousText: String?, in context: CommandContext) throws -> Outcome {
        try editor.removeMedia(at: removeMedia)
        try media.attach(to: editor, in: context)
        if let text { editor.text = text }
        if let append { editor.appendText(append) }
        // `@anna` in the old text and `@dora` in the new: the tags follow the text.
        try editor.followInlineTags(from: previousText, keeping: tags)
        try editor.addTags(tags)
        for name in untags where !editor.removeTag(name) {
            context.writeErrorLine("Note: entry #\(id) had no tag '\(name)'.")
        }
        if star { editor.isStarred = true }
        if unstar { editor.isStarred = false }
        switch on {
        case .date(let date)?:
            editor.creationTime = date.moment(
                keepingTimeOfDayOf: editor.creationTime ?? context.argumentContext.now,
                in: editor.ownZone ?? context.timeZone)
        case .photo?:
            try editor.dateByEarliestPhoto(required: true)
            editor.recordZone(writtenIn: editor.ownZone ?? context.timeZone)
        case nil:
            break
        }
        if let text, text.allSatisfy(\.isWhitespace), editor.text == nil, editor.media.isEmpty { return .empty }
        if !editor.hasChanges, let entry = try editor.savedRecord() { return .unchanged(entry) }
        return .saved(try media.save(editor, in: context))
    }
}
