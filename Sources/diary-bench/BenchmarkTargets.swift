import Foundation
import Synchronization

/// The performance targets, read from `Benchmarks/targets.json` (`$DIARY_BENCH_TARGETS` names
/// another file): the largest ratio each row may have, by `suite/name`. Rows the file does
/// not name have no target. `diary-bench SUITE --check` exits non-zero when a row is above its
/// target, so `make bench` fails as a test does.
final class BenchmarkTargets: Sendable {
    /// The targets of this run.
    static let shared = BenchmarkTargets()

    /// The file the targets come from.
    static var file: URL {
        if let path = ProcessInfo.processInfo.environment["DIARY_BENCH_TARGETS"] { return URL(fileURLWithPath: path) }
        // The checkout this binary was built from: Sources/diary-bench/ is two folders down.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/targets.json")
    }

    private let targets: Result<[String: Double], BenchmarkFailure>
    /// Rows above their target so far, as lines to print.
    private let missed = Mutex<[String]>([])

    private init() {
        let file = Self.file
        do {
            let data = try Data(contentsOf: file)
            guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw BenchmarkFailure("\(file.path): not a JSON object of row names and ratios")
            }
            var targets: [String: Double] = [:]
            for (key, value) in object {
                guard let ratio = (value as? NSNumber)?.doubleValue, ratio > 0, key.contains("/") else {
                    throw BenchmarkFailure("\(file.path): \(key) needs a positive ratio and a suite/name key")
                }
                targets[key] = ratio
            }
            self.targets = .success(targets)
        } catch let failure as BenchmarkFailure {
            self.targets = .failure(failure)
        } catch {
            self.targets = .failure(BenchmarkFailure("\(file.path): \(error.localizedDescription)"))
        }
    }

    /// The target of row `name` of `suite`, if the file names one.
    /// - Throws: ``BenchmarkFailure`` when the file cannot be read.
    func target(suite: String, name: String) throws(BenchmarkFailure) -> Double? {
        try targets.get()["\(suite)/\(name)"]
    }

    /// Notes that a row was above its target.
    func recordMiss(_ line: String) {
        missed.withLock { $0.append(line) }
    }

    /// The rows above their targets in this run.
    var misses: [String] { missed.withLock { $0 } }
}
