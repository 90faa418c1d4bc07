// og-crash-child: a process that writes to an ObjectGraph store until it is killed, for the
// crash-consistency tests (Tests/ObjectGraphTests/ProcessKiller.swift). Each durable write
// is reported as one line on stdout, written only after the write returned.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: og-crash-child blobs <blob-directory> <scratch-directory>\n"

switch arguments.first {
case "blobs" where arguments.count == 3:
    do {
        try BlobWriter(blobDirectory: URL(fileURLWithPath: arguments[1]),
                       scratchDirectory: URL(fileURLWithPath: arguments[2])).run()
    } catch {
        FileHandle.standardError.write(Data("og-crash-child: \(error)\n".utf8))
        exit(1)
    }
default:
    FileHandle.standardError.write(Data(usage.utf8))
    exit(64)
}
