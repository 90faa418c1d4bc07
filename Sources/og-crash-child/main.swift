// og-crash-child: a process that writes to an ObjectGraph store until it is killed, for the
// crash-consistency tests (Tests/ObjectGraphTests/ProcessKiller.swift), or, in `edit` mode,
// makes one change as a second process for the conflict tests. Each durable write is reported
// as one line on stdout, written only after the write returned.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: og-crash-child blobs <blob-directory> <scratch-directory> | store <store-file> | edit <store-file> <note-name> <text>\n"

switch arguments.first {
case "blobs" where arguments.count == 3:
    do {
        try BlobWriter(blobDirectory: URL(fileURLWithPath: arguments[1]),
                       scratchDirectory: URL(fileURLWithPath: arguments[2])).run()
    } catch {
        FileHandle.standardError.write(Data("og-crash-child: \(error)\n".utf8))
        exit(1)
    }
case "store" where arguments.count == 2:
    do {
        try StoreWriter(storeURL: URL(fileURLWithPath: arguments[1])).run()
    } catch {
        FileHandle.standardError.write(Data("og-crash-child: \(error)\n".utf8))
        exit(1)
    }
case "edit" where arguments.count == 4:
    do {
        try NoteEditor(storeURL: URL(fileURLWithPath: arguments[1]), name: arguments[2], text: arguments[3]).run()
    } catch {
        FileHandle.standardError.write(Data("og-crash-child: \(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
