import Foundation
import Testing

@testable import DiaryKit

/// Imported entries are recognised on a second import by their name-based UUIDs, so these
/// must never change: the expected values were computed independently (Python's hashlib:
/// SHA-256 of the parts joined by U+001F, first 16 bytes, version 8 and RFC variant bits).
@Suite struct NameBasedUUIDTests {
    @Test func givesTheSameUUIDsAsEver() {
        #expect(
            NameBasedUUID.make(["jrnl", "2024-01-02", "10:30", "Hello é wörld"])
                == UUID(uuidString: "75EB30A0-7DCE-88AD-BD60-F549B5295206"))
        #expect(
            NameBasedUUID.make(["dayone", "1700000000.0", ""])
                == UUID(uuidString: "23A76BF8-B126-8DB3-8CB9-83DC0D83A7E5"))
    }

    @Test func separatesItsParts() {
        #expect(NameBasedUUID.make(["ab", "c"]) != NameBasedUUID.make(["a", "bc"]))
    }
}
