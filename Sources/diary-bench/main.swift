import Foundation

// Benchmarks: `diary-bench SUITE [--json]`. Each suite is one entry point; add a case per suite.
let arguments = CommandLine.arguments.dropFirst()
let json = arguments.contains("--json")
let suite = arguments.first { !$0.hasPrefix("--") }

switch suite {
case "objectgraph":
    runObjectGraphBenchmarks(json: json)
default:
    FileHandle.standardError.write(Data("usage: diary-bench objectgraph|media|interop [--json]\n".utf8))
    exit(64)
}
