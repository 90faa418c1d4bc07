import Foundation

// Benchmarks: `diary-bench SUITE [--json]`. Suites register themselves below.
print("usage: diary-bench objectgraph|media|interop [--json]")
