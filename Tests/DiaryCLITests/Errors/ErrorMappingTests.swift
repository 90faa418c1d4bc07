import DiaryKit
import Foundation
import TestSupport
import Testing

@testable import DiaryCLI

/// DiaryKit's errors become one line and the documented exit status (ReportedDiaryError).
@Suite struct ErrorMappingTests {
    static let file = URL(fileURLWithPath: "/photos/IMG_0042.jpg")
    static let store = URL(fileURLWithPath: "/home/me/.local/share/diary/Diary.sqlite")

    @Test(
        arguments: [(DiaryError, Int)]([
            (DiaryError.unknownEntry(id: 42), 66),
            (.missingFile(file), 66),
            (.unreadableFile(file, reason: "Permission denied"), 66),
            (.permissionDenied(file), 77),
            (.interop(.permissionDenied(file)), 77),
            (.folderNotFile(file), 66),
            (.invalidMedia(file, reason: "/photos/IMG_0042.jpg: the file is truncated"), 65),
            (.wrongMediaKind(file, expected: .audio, found: .image), 65),
            (.emptyEntry, 65),
            (.invalidTag(" "), 64),
            (.unknownMedium(index: 3, entryID: 42, count: 1), 64),
            (.invalidLocation("/etc/passwd", reason: "it is a file, not a folder"), 64),
            (.storeBusy(store), 75),
            (.corruptStore(store, detail: "file is not a database"), 65),
            (.io(path: "/full/disk", reason: "No space left on device"), 74),
            (.bundle(.hashMismatch(bundle: file, path: "media/a.jpg", expected: "ab", found: "cd")), 65),
            (.bundle(.bundleNotFound(file)), 66)
        ]))
    func diaryErrorsGetTheirStatusAndOneLine(error: DiaryError, status: Int) {
        let (message, code) = ErrorReporter.messageAndCode(for: error)
        #expect(Int(code.rawValue) == status, "\(error)")
        #expect(message == error.description)
        #expect(!message.contains("\n"))
    }

    @Test func aBareBundleErrorIsMappedToo() {
        let (message, code) = ErrorReporter.messageAndCode(for: BundleError.manifestMissing(bundle: Self.file))
        #expect(code == .dataError)
        #expect(message.contains("IMG_0042.jpg"))
    }

    @Test func aStoreThatIsAFileIsRefusedEndToEnd() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: file)
        let result = try runDiary(["--store", file.path, "list"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr == "diary: cannot use '\(file.path)' as the diary's folder: it is a file, not a folder\n")
        #expect(try Data(contentsOf: file) == Data("x".utf8))
    }
}
