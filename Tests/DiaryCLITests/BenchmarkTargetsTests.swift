import Foundation
import Testing

/// `Benchmarks/targets.json`, which `diary-bench SUITE --check` and `make bench` hold every
/// run to: one positive ratio per `suite/name`, each suite one `diary-bench` runs.
@Suite struct BenchmarkTargetsTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyTargetIsAPositiveRatioOfARowOfAKnownSuite() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("Benchmarks/targets.json"))
        let targets = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(targets.count >= 20)
        let main = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/diary-bench/main.swift"), encoding: .utf8)
        for (key, value) in targets {
            let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
            #expect(parts.count == 2 && !parts[1].isEmpty, "\(key)")
            #expect(main.contains("case \"\(parts[0])\""), "\(key): no suite \(parts[0]) in diary-bench")
            #expect(((value as? NSNumber)?.doubleValue ?? 0) > 0, "\(key)")
        }
    }

    /// The targets live in the file alone: no benchmark passes one of its own.
    @Test func noBenchmarkHardCodesATarget() throws {
        let folder = Self.root.appendingPathComponent("Sources/diary-bench")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(text.range(of: #"target: [0-9]"#, options: .regularExpression) == nil, "\(name)")
        }
    }
}
