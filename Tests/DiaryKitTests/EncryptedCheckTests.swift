import Foundation
import ObjectGraph
import Testing
import TestSupport
@testable import DiaryKit

/// `diary check` on an encrypted diary authenticates every page of its database first.
@Suite struct EncryptedCheckTests {
    @Test func aTamperedPageIsNamedByTheCheck() throws {
        let folder = try TemporaryDirectory()
        let directory = folder.url.appendingPathComponent("store")
        let key = DiaryKey(dataKey: try StoreEncryptionKey.random(), identifier: UUID())
        do {
            let diary = try Diary(directory: directory, key: key)
            for index in 0..<200 {
                let editor = try diary.newEntry()
                editor.text = String(repeating: "A long day at the lighthouse number \(index). ", count: 8)
                _ = try editor.save()
            }
            #expect(try diary.check().isHealthy)
        }
        // The last page of the file: entry text or an index, never what opening reads.
        let database = directory.appendingPathComponent("Diary.sqlite")
        var bytes = try Data(contentsOf: database)
        let pageSize = 4096
        let pages = bytes.count / pageSize
        #expect(pages > 10)
        bytes[(pages - 1) * pageSize + 200] ^= 0x01
        try bytes.write(to: database)

        let report = try Diary(directory: directory, key: key).check()
        #expect(!report.isHealthy)
        #expect(report.integrityProblems == [Diary.damagedPageProblem(pages)])
    }
}
