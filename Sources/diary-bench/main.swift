// Benchmarks: `diary-bench SUITE [--json] [--check]`. Each suite is one entry point; add a case
// per suite. With `--check` the run exits 1 when a row is above its target in
// `Benchmarks/targets.json` (see `BenchmarkTargets`).
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst()).filter { $0 != "--check" }
let json = arguments.contains("--json")
let checks = CommandLine.arguments.dropFirst().contains("--check")
do {
    // A check with no readable targets would pass every row: say so first.
    if checks { _ = try BenchmarkTargets.shared.target(suite: "", name: "") }
    switch arguments.first {
    case "objectgraph":
        runObjectGraphBenchmarks(json: json)
    case "media":
        try runMediaBenchmarks(json: json)
    case "crypto":
        try runCryptoBenchmarks(json: json)
        try runCryptoBlobBenchmarks(json: json)
        try runCryptoCLIBenchmarks(json: json)
    case "crypto-cli":
        try runCryptoCLIBenchmarks(json: json)
    case "contexts":
        try runContextBenchmarks(json: json)
    case "interop":
        try runInteropBenchmarks(json: json)
    case "migration":
        try runMigrationBenchmarks(json: json)
    case "diary":
        try runDiaryBenchmarks(json: json)
    case "cli":
        try runCLIBenchmarks(json: json)
    case "cli-jrnl":
        try runJrnlComparisonBenchmarks(json: json)
    case "cli-media":
        try runCLIMediaBenchmarks(json: json)
    case "photos":
        try runPhotosBenchmarks(json: json)
    case "preview":
        try runPreviewBenchmarks(json: json)
    case "sync":
        try runSyncBenchmarks(json: json)
        try runSyncSnapshotBenchmarks(json: json)
    case "sync-snapshot":
        try runSyncSnapshotBenchmarks(json: json)
    case "book":
        try runBookBenchmarks(json: json)
        try runPreviewBenchmarks(json: json)
    case "photos-import" where arguments.count >= 3:
        try runPhotosImport(folder: arguments[1], store: arguments[2])
    case "media-thumbnail" where arguments.count >= 2:
        try runMediaThumbnail(path: arguments[1])
    case "media-waveform" where arguments.count >= 2:
        try runMediaWaveform(path: arguments[1])
    case "media-jpeg" where arguments.count >= 2:
        try runMediaJPEGComparison(paths: arguments.dropFirst().filter { $0 != "--json" }, json: json)
    default:
        print(
            "usage: diary-bench objectgraph|contexts|crypto|crypto-cli|media|diary|migration|interop|cli|cli-jrnl|cli-media|photos|preview|book|sync|sync-snapshot [--json] [--check]"
        )
        print("       diary-bench media-jpeg FILE... [--json]   (any JPEGs: thumbnail and 1/8 decode vs full decode)")
    }
} catch {
    FileHandle.standardError.write(Data("diary-bench: \(error)\n".utf8))
    exit(1)
}
let misses = BenchmarkTargets.shared.misses
if checks, !misses.isEmpty {
    FileHandle.standardError.write(
        Data(("diary-bench: above target:\n" + misses.map { "  " + $0 + "\n" }.joined()).utf8))
    exit(1)
}
