import Foundation
import Testing

@testable import DiaryKit

@Suite struct RandomUUIDTests {
    @Test func randomUUIDsAreVersion4AndNeverRepeat() {
        // More than one pool of 4 KiB (256 UUIDs), so refills are crossed many times.
        let uuids = (0..<10_000).map { _ in UUID.randomVersion4() }
        #expect(Set(uuids).count == uuids.count)
        for uuid in uuids.prefix(600) {
            #expect(uuid.uuid.6 >> 4 == 4)
            #expect(uuid.uuid.8 >> 6 == 0b10)
        }
        // Not all zeros, nor the same bytes in every UUID.
        #expect(Set(uuids.map(\.uuid.0)).count > 100)
    }
}
