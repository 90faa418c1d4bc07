import DiaryKit
import Foundation

/// `diary new`: writes a new entry with text, photos, recordings and tags.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "new", abstract: "Write a new entry.",
        discussion: """
            Files are checked by their content, not their name: a file given with --image must \
            be a photo and one given with --audio a recording (exit 65 otherwise). Nothing is \
            saved unless every file is good. Without --text the editor opens; when stdin is not \
            a terminal its text is read instead. An entry with no text and no media is not \
            saved: 'Cancelled: empty entry, nothing saved.' appears on stderr and the exit \
            status is 0. Prints 'Created entry #42'. The text may also come as words after \
            'new', or straight after 'diary' as long as the first word is no command name: \
            diary Met Anna for coffee. As in jrnl, @tag and #tag words in the text become tags \
            (the text keeps them) and a * ending the first line stars the entry; --no-inline \
            turns that off. Dated by the camera: with --on photo the entry takes the earliest \
            capture time of its photos (EXIF DateTimeOriginal, in the photo's own UTC offset \
            when it recorded one, else in the local time zone; dated now, with a note, when \
            none has one; refused, exit 64, for an entry without photos). Without --on, an entry with photos and no \
            text takes that time too; an entry with text, or whose photos carry no capture time, is dated now.
            """)

    @RepeatingArgument(
        "text", atLeastOne: false,
        help: "The entry's text as words, quoted or not (as --text; 'diary WORDS...' means the same).")
    var words: [String]
    @Option(
        "text", short: "t", valueName: "text",
        help: "The entry's text. Without it, $VISUAL or $EDITOR opens (stdin is read when piped).")
    var textOption: String?
    @OptionGroup var media: MediaOptions
    @RepeatingOption("tag", valueName: "name", help: "A tag for the entry; repeat for more.")
    var tagOptions: [String]
    @Flag("star", help: "Star the entry.")
    var star: Bool
    @Option(
        "on", valueName: "date",
        help:
            "When it happened: a day, at the current time of day (2026-11-29, yesterday, 3 days ago), a moment (2026-11-29 14:30, friday 18:00, 9pm), or 'photo': when its earliest photo was taken. Default: now; for photos without text, when the earliest was taken."
    )
    var on: EntryDateChoice?
    @Flag("no-inline", help: "Keep @tag, #tag and a trailing * as plain text (no tags, no star from the text).")
    var noInline: Bool
    @Flag("json", help: "Print the new entry as a JSON entry object.")
    var json: Bool

    /// The text, from the words or `--text`; nil when neither was given (the editor opens).
    var text: String? { words.isEmpty ? textOption : words.joined(separator: " ") }
    /// The `--tag` names without a leading `#` or `@`.
    var tags: [String] { tagOptions.map(EntryEditor.tagName(fromOption:)) }

    func validate() throws(UsageError) {
        if textOption != nil && !words.isEmpty {
            throw .invalid("Give the text either as words or with --text, not both")
        }
    }

    func run(in context: CommandContext) throws {
        let diary = try context.openDiary(.creating)
        // A store this command created stays only if something was saved in it.
        defer { diary.removeIfNeverUsed() }
        let editor = try diary.newEntry()
        try editor.addTags(tags + (try diary.setting(.newTags)?.split(separator: ",").map(String.init) ?? []))
        try media.attach(to: editor, in: context)
        var typed: EnteredText?
        if let text {
            editor.text = text
            context.noteUnreadPipedText(because: words.isEmpty ? "--text gives the text" : "the words give the text")
        } else {
            let input = try context.readEnteredText(editorCommand: try diary.setting(.editor))
            typed = input
            if case .text(let text) = input.outcome { editor.text = text }
        }
        if editor.text == nil && editor.media.isEmpty {
            typed?.discard()
            context.writeErrorLine("Cancelled: empty entry, nothing saved.")
            return
        }
        editor.isStarred = star
        switch on {
        case .date(let date)?:
            editor.creationTime = date.moment(keepingTimeOfDayOf: context.argumentContext.now, in: context.timeZone)
        case .photo?:
            if try !editor.dateByEarliestPhoto(required: false) {
                context.writeErrorLine("Note: none of the entry's photos records when it was taken; dated now.")
            }
        case nil:
            if editor.isPhotosOnly, let taken = editor.earliestCaptureTime { editor.creationTime = taken }
        }
        editor.recordZone(writtenIn: context.timeZone)
        let entry = try context.saving(typed) {
            // Reading tags from the text looks them up in the store, so it may fail too.
            if !noInline { try editor.applyInlineSyntax() }
            return try media.save(editor, in: context)
        }
        context.writeSaved(entry, verb: "Created", json: json)
    }
}
