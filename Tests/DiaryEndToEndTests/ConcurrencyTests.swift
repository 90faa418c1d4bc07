import Foundation
import TestSupport
import Testing

/// Several `diary` processes writing to one store at once.
@Suite struct ConcurrencyTests {
    @Test func fourProcessesEachWritingFiftyEntriesLeaveTwoHundred() throws {
        let store = try TestStore()
        let loop = try makeScript(
            in: store.scratch,
            """
            i=0
            while [ $i -lt 50 ]; do
              "$1" new --text "writer $2 entry $i" --tag "w$2" > /dev/null || exit 1
              i=$((i + 1))
            done
            """)
        let binary = try diaryBinary().path
        let writers = try (1...4).map { number in
            let process = Process()
            process.executableURL = shell
            process.arguments = [loop.path, binary, String(number)]
            process.environment = ["DIARY_HOME": store.url.path, "PATH": "/usr/bin:/bin"]
            try process.run()
            return process
        }
        for writer in writers { writer.waitUntilExit() }
        #expect(writers.map(\.terminationStatus) == [0, 0, 0, 0])
        #expect(try store.sqlite("SELECT COUNT(*) FROM DiaryEntry") == "200")
        let tags = try #require(try store.json(["tags"]) as? [[String: Any]])
        #expect(tags.map { $0["count"] as? Int } == [50, 50, 50, 50])
        #expect(Set(try store.listedIDs(["--limit", "300"])).count == 200)
    }
}
