// og-crash-child: a process that writes to an ObjectGraph store until it is killed, for the
// crash-consistency tests (Tests/ObjectGraphTests/ProcessKiller.swift), or, in `edit` mode,
// makes one change as a second process for the conflict tests (ConflictTests), or, in `history`
// mode, one save recording persistent history (PersistentHistoryTests). Each durable
// write is reported on stdout only after the write returned (`objects` also announces each
// save before it starts; see ObjectWriter).
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let usage =
    "usage: og-crash-child blobs <blob-directory> <scratch-directory>\n"
    + "       og-crash-child objects <store-directory> [--encrypted]\n"
    + "       og-crash-child insert <store-directory> <title-prefix> <count> [--encrypted]\n"
    + "       og-crash-child edit <store-file> <note-name> <text>\n"
    + "       og-crash-child history <store-file> <author>\n"

/// Runs `writer`; when it throws, prints the error on stderr and exits with status 1.
func run(_ writer: () throws -> Void) {
    do {
        try writer()
    } catch {
        FileHandle.standardError.write(Data("og-crash-child: \(error)\n".utf8))
        exit(1)
    }
}

switch arguments.first {
case "blobs" where arguments.count == 3:
    run {
        try BlobWriter(
            blobDirectory: URL(fileURLWithPath: arguments[1]),
            scratchDirectory: URL(fileURLWithPath: arguments[2])
        ).run()
    }
case "objects" where arguments.count == 2 || (arguments.count == 3 && arguments[2] == "--encrypted"):
    run { try ObjectWriter(storeDirectory: URL(fileURLWithPath: arguments[1]), encrypted: arguments.count == 3).run() }
case "insert" where arguments.count == 4 || (arguments.count == 5 && arguments[4] == "--encrypted"):
    run {
        try NoteInserter(
            storeDirectory: URL(fileURLWithPath: arguments[1]), prefix: arguments[2],
            count: Int(arguments[3]) ?? 0, encrypted: arguments.count == 5
        ).run()
    }
case "edit" where arguments.count == 4:
    run { try NoteEditor(storeURL: URL(fileURLWithPath: arguments[1]), name: arguments[2], text: arguments[3]).run() }
case "history" where arguments.count == 3:
    run { try HistoryWriter(storeURL: URL(fileURLWithPath: arguments[1]), author: arguments[2]).run() }
default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
