import Foundation
import Testing

@testable import DiaryKit

@Suite struct UUIDTextTests {
    @Test func theLowercaseTextIsFoundationsStringLowercased() {
        var uuids = (0..<200).map { _ in UUID() }
        uuids += [
            UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
            UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))
        ]
        for uuid in uuids {
            #expect(uuid.lowercaseText == uuid.uuidString.lowercased())
        }
    }
}
