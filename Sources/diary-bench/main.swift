// Benchmarks: `diary-bench SUITE [--json]`. Each suite is one entry point; add a case per suite.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let json = arguments.contains("--json")
do {
    switch arguments.first {
    case "objectgraph":
        runObjectGraphBenchmarks(json: json)
    case "media":
        try runMediaBenchmarks(json: json)
    case "diary":
        try runDiaryBenchmarks(json: json)
    case "cli":
        try runCLIBenchmarks(json: json)
    case "media-thumbnail" where arguments.count >= 2:
        try runMediaThumbnail(path: arguments[1])
    default:
        print("usage: diary-bench objectgraph|media|diary|cli|interop [--json]")
    }
} catch {
    FileHandle.standardError.write(Data("diary-bench: \(error)\n".utf8))
    exit(1)
}
