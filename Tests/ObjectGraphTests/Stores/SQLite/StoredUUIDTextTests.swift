import Foundation
import Testing

@testable import ObjectGraph

/// The UUIDs the SQLite store reads from its own text are read as Foundation reads them.
@Suite struct StoredUUIDTextTests {
    private func read(_ text: String) -> UUID? {
        Array(text.utf8).withUnsafeBufferPointer { UUID(storedText: $0) }
    }

    @Test func everyCanonicalTextReadsAsFoundationReadsIt() {
        for _ in 0..<500 {
            let uuid = UUID()
            #expect(read(uuid.uuidString) == uuid)
            #expect(read(uuid.uuidString.lowercased()) == uuid)
            #expect(UUID(storedString: uuid.uuidString.lowercased()) == UUID(uuidString: uuid.uuidString.lowercased()))
        }
        #expect(
            read("00000000-0000-0000-0000-000000000000") == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
        #expect(
            read("FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF") == UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"))
    }

    @Test(arguments: [
        "", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
        "E621E1F8C36C-495A-93FC-0C247A3E6E5F0", "E621E1F8-C36C-495A-93FC-0C247A3E6E5G",
        "E621E1F8 C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93F-C0C247A3E6E5F",
        "+621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6É"
    ])
    func anyOtherTextIsNotReadHere(text: String) {
        #expect(read(text) == nil)
        #expect(UUID(storedString: text) == UUID(uuidString: text))
    }
}
