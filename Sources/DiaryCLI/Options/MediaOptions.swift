import DiaryKit
import Foundation

/// The options that attach files, shared by `diary new` and `diary edit`: `--image`
/// (must be a photo), `--audio` (must be a recording) and `--media` (either).
struct MediaOptions: ParsableArguments {
    @RepeatingOption(
        "image", valueName: "file",
        help: "Attach a photo (\(MediumKind.image.acceptedFormats)); repeat for more.")
    var images: [URL]
    @RepeatingOption(
        "audio", valueName: "file",
        help: "Attach a recording (\(MediumKind.audio.acceptedFormats)); repeat for more.")
    var audio: [URL]
    @RepeatingOption(
        "media", valueName: "file",
        help: "Attach a photo or recording, whichever its content is; repeat for more.")
    var media: [URL]

    /// Every file given, in the order they are attached.
    var files: [URL] { images + audio + media }

    /// Checks every file (all at once, on every core) and attaches them to the entry being edited, showing progress
    /// on a terminal for several or large files.
    /// - Throws: ``DiaryError`` for the first bad, missing or mistaken file; nothing is attached then.
    func attach(to editor: EntryEditor, in context: CommandContext) throws(DiaryError) {
        let progress = MediaProgress(context: context, files: files)
        defer { progress.finish() }
        // One call for all of them, so that they are checked and copied at the same time.
        let all =
            images.map { ($0, MediumKind?.some(.image)) } + audio.map { ($0, MediumKind?.some(.audio)) }
            + media.map { ($0, MediumKind?.none) }
        // The same file named twice (`--image a.jpg --image a.jpg`) is attached once.
        var seen = Set<String>()
        var requests: [MediaRequest] = []
        for (url, kind) in all {
            guard seen.insert(url.standardizedFileURL.path).inserted else {
                context.writeErrorLine("Note: \(url.path) was given more than once; it is attached once.")
                continue
            }
            requests.append(MediaRequest(url, expected: kind))
        }
        try editor.addMedia(requests, progress: progress.callback(offset: 0))
    }

    /// Saves the editor's changes, showing on a terminal how the files are copied into
    /// the store when there are several or large ones.
    /// - Throws: as ``DiaryKit/EntryEditor/save(progress:)``.
    func save(_ editor: EntryEditor, in context: CommandContext) throws(DiaryError) -> EntryRecord {
        let progress = MediaProgress(context: context, files: files)
        defer { progress.finish() }
        return try editor.save(progress: progress.callback(offset: 0, verb: "copying"))
    }
}
