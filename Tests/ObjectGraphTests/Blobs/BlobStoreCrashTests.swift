import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// SIGKILLs a child that commits blobs (`og-crash-child blobs`) at random moments and checks
/// after every kill that what the child reported committed is complete on disk.
@Suite struct BlobStoreCrashTests {
    /// One reported commit: `blob <sha256> <byteCount>`.
    static func reference(fromLine line: String) -> BlobReference? {
        let fields = line.split(separator: " ")
        guard fields.count == 3, fields[0] == "blob", let byteCount = Int64(fields[2]) else { return nil }
        return BlobReference(sha256: String(fields[1]), byteCount: byteCount)
    }

    @Test func committedBlobsSurviveFiftyKillsAndASweepLeavesNoTemporaries() throws {
        let child = try #require(
            ProcessKiller.builtExecutable(named: "og-crash-child"),
            "build the og-crash-child product first (swift build), or set OG_CRASH_CHILD")
        let scratch = try TemporaryDirectory(prefix: "blob-crash")
        let blobDirectory = scratch.appending("Crash.blobs")
        let arguments = ["blobs", blobDirectory.path, scratch.appending("sources").path]
        var killer = ProcessKiller(seed: 0x0B10_B5EE_D)
        var committed: Set<BlobReference> = []
        var runsWithLeftoverTemporaries = 0

        for run in 1...50 {
            let outcome = try killer.runAndKill(child, arguments: arguments)
            #expect(
                outcome.wasKilled, "run \(run): child ended by itself (\(outcome.status)): \(outcome.standardError)")

            // Reopening after the crash must work, and every reported blob must be intact.
            let store = try BlobStore(directory: blobDirectory)
            for line in outcome.lines {
                let reference = try #require(Self.reference(fromLine: line), "run \(run): unexpected line '\(line)'")
                if committed.insert(reference).inserted {
                    #expect(try store.verify(reference), "run \(run): blob \(reference.sha256) is damaged")
                }
            }
            for reference in committed {
                #expect(store.contains(sha256: reference.sha256), "run \(run): blob \(reference.sha256) vanished")
            }

            // A blob the kill caught between commit and report must be whole too: no torn
            // file ever carries a blob's name.
            for hash in try store.allHashes().subtracting(committed.map(\.sha256)) {
                let path = store.url(for: BlobReference(sha256: hash, byteCount: 0)).path
                let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
                #expect(
                    try store.verify(BlobReference(sha256: hash, byteCount: Int64(size))),
                    "run \(run): unreported blob \(hash) is torn")
            }

            let staging = store.directory.appending(component: ".staging").path
            if try !FileManager.default.contentsOfDirectory(atPath: staging).isEmpty {
                runsWithLeftoverTemporaries += 1
            }
            // The kill may also have fallen between a commit and its report; those blobs go too.
            try store.sweep(keeping: Set(committed.map(\.sha256)), temporaryFilesOlderThan: 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: staging).isEmpty)
            #expect(try store.allHashes() == Set(committed.map(\.sha256)))
        }
        // Without commits between the kills the test would prove nothing.
        #expect(committed.count >= 10, "only \(committed.count) blobs committed in 50 runs")
        print(
            "BlobStoreCrashTests: \(committed.count) blobs committed, \(runsWithLeftoverTemporaries) of 50 kills left a temporary file"
        )
    }

    @Test func processKillerKeepsOnlyCompleteLines() {
        #expect(ProcessKiller.completeLines(of: Data("a\nb\ncut sh".utf8)) == ["a", "b"])
        #expect(ProcessKiller.completeLines(of: Data("a\n".utf8)) == ["a"])
        #expect(ProcessKiller.completeLines(of: Data()).isEmpty)
    }

    @Test func processKillerDrawsRepeatableDelaysInRange() throws {
        var first = ProcessKiller(seed: 42)
        var second = ProcessKiller(seed: 42)
        let shell = URL(fileURLWithPath: "/bin/sh")
        let a = try first.runAndKill(shell, arguments: ["-c", "echo started; exec sleep 5"])
        let b = try second.runAndKill(shell, arguments: ["-c", "echo started; exec sleep 5"])
        #expect(a.delay == b.delay)
        #expect(a.delay >= .milliseconds(5) && a.delay <= .milliseconds(200))
        #expect(a.wasKilled && b.wasKilled)
    }

    @Test func processKillerReportsAChildThatExitedOnItsOwn() throws {
        var killer = ProcessKiller(seed: 7, delayRange: 10_000...10_000)
        let outcome = try killer.runAndKill(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", "echo one; echo two; echo oops >&2; exit 3"])
        #expect(outcome.lines == ["one", "two"])
        #expect(outcome.standardError == "oops\n")
        #expect(!outcome.wasKilled)
        #expect(outcome.status == 3)
    }
}
