import Foundation

/// Prints benchmark results: one human line each, or with `--json` one JSON object per line,
/// `{"suite", "name", "value", "unit", "baseline", "ratio"}` (ratio = value / baseline, lower is better).
struct BenchmarkReporter {
    let suite: String
    let json: Bool

    /// Reports `value` beside `baseline` (both in `unit`); a row `Benchmarks/targets.json` gives
    /// a target ratio says on its human line whether it is met, and one above it is kept for
    /// `--check` (``BenchmarkTargets``).
    func report(_ name: String, value: Double, baseline: Double, unit: String = "s") {
        let ratio = baseline > 0 ? value / baseline : 0
        let target = (try? BenchmarkTargets.shared.target(suite: suite, name: name)) ?? nil
        if let target, ratio > target {
            BenchmarkTargets.shared.recordMiss(
                "\(suite)/\(name): \(String(format: "%.2f", ratio))x, target ≤ \(target)x")
        }
        if json {
            let object: [String: Any] = [
                "suite": suite, "name": name, "value": value, "unit": unit,
                "baseline": baseline, "ratio": ratio
            ]
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
                print(String(decoding: data, as: UTF8.self))
            }
        } else {
            let verdict = target.map { ratio <= $0 ? "  (target ≤ \($0)x: met)" : "  (target ≤ \($0)x: NOT met)" } ?? ""
            print(
                "\(suite) \(name): \(format(value)) \(unit) vs baseline \(format(baseline)) \(unit) = \(String(format: "%.2f", ratio))x\(verdict)"
            )
        }
    }

    /// Prints a note (human mode only).
    func note(_ text: String) {
        if !json { print(text) }
    }

    private func format(_ number: Double) -> String { String(format: "%.4f", number) }

    /// The median seconds of CPU time this thread spent in `runs` calls of `body` (each call
    /// sets up with `prepare`, untimed). CPU time rather than wall-clock time, because these
    /// machines are shared and busy: the ratio against a baseline stays meaningful under load.
    static func median<State>(runs: Int, prepare: () throws -> State, _ body: (State) throws -> Void) rethrows -> Double
    {
        var times: [Double] = []
        for _ in 0..<runs {
            let state = try prepare()
            let start = threadCPUTime()
            try body(state)
            times.append(threadCPUTime() - start)
        }
        return times.sorted()[times.count / 2]
    }

    /// ``median(runs:prepare:_:)`` of a measured path and of its baseline, their runs
    /// alternated (baseline, value, baseline, …) so both meet the same spells of load on a
    /// shared machine and the same state of the heap, rather than one after the other.
    static func alternatingMedians<Value, Baseline>(
        runs: Int,
        value: (prepare: () throws -> Value, body: (Value) throws -> Void),
        baseline: (prepare: () throws -> Baseline, body: (Baseline) throws -> Void)
    ) throws -> (value: Double, baseline: Double) {
        var values: [Double] = [], baselines: [Double] = []
        for _ in 0..<runs {
            baselines.append(try median(runs: 1, prepare: baseline.prepare, baseline.body))
            values.append(try median(runs: 1, prepare: value.prepare, value.body))
        }
        return (values.sorted()[runs / 2], baselines.sorted()[runs / 2])
    }

    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
