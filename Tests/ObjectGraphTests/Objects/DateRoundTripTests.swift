import Foundation
import TestSupport
import Testing

@testable import ObjectGraph

/// Events with an indexed time and a note.
let eventModel: ManagedObjectModel = makeModel([
    EntityDescription(
        "Event",
        attributes: [
            AttributeDescription("at", .date, isIndexed: true),
            AttributeDescription("note", .string),
            AttributeDescription("title", .string)
        ])
])

/// A saved `Date` comes back bit for bit from every store, and existing SQLite stores, which
/// kept seconds since 1970, are migrated to the exact representation once.
@Suite struct DateRoundTripTests {
    /// Dates whose seconds since 2001 need every bit of a `Double` (half of them lost their
    /// lowest bit on the way through seconds since 1970), in order.
    private static let dates: [Date] = {
        var generator = SeededGenerator(seed: 14)
        return (0..<200).map { _ in
            Date(timeIntervalSinceReferenceDate: Double.random(in: 600_000_000..<900_000_000, using: &generator))
        }.sorted()
    }()

    @Test(arguments: allStoreTypes)
    func savedDatesComeBackBitForBit(type: PersistentStoreType) throws {
        let stack = try TestStack(model: eventModel, type: type)
        for (number, date) in Self.dates.enumerated() {
            let event = try stack.context.insertObject(entityName: "Event")
            event.setValue(date, forKey: "at")
            event.setValue("event \(number)", forKey: "note")
        }
        try stack.context.save()
        try stack.reopen()
        let stored = try fetchAll("Event", in: stack.context, sortedBy: "at")
        let read = stored.compactMap { $0["at", as: Date.self] }
        #expect(
            read.map(\.timeIntervalSinceReferenceDate.bitPattern)
                == Self.dates.map(\.timeIntervalSinceReferenceDate.bitPattern))
        // Equality to the saved value finds each one in the store, as a range finds its neighbours.
        let probe = Self.dates[57]
        let equal = try stack.context.fetch(
            FetchRequest(entityName: "Event", predicate: try FetchPredicate(format: "at == %@", probe)))
        #expect(equal.compactMap { $0["note", as: String.self] } == ["event 57"])
        let range = try stack.context.fetch(
            FetchRequest(
                entityName: "Event",
                predicate: try FetchPredicate(format: "at >= %@ AND at < %@", Self.dates[10], Self.dates[20]),
                sortOrderings: [SortOrdering("at")]))
        #expect(range.compactMap { $0["note", as: String.self] } == (10..<20).map { "event \($0)" })
    }

    @Test(arguments: allStoreTypes)
    func aConflictNamesOnlyTheKeysChangedElsewhere(type: PersistentStoreType) throws {
        let stack = try TestStack(model: eventModel, type: type)
        let mine = try Self.dates.prefix(40).map { date in  // some of them lost their bit, whichever
            let event = try stack.context.insertObject(entityName: "Event")
            event.setValue(date, forKey: "at")
            return event
        }
        try stack.context.save()
        let other = stack.newContext()
        for event in mine { try other.existingObject(with: event.objectID).setValue("theirs", forKey: "title") }
        try other.save()
        for event in mine { event.setValue("mine", forKey: "note") }
        #expect {
            try stack.context.save()
        } throws: { error in
            guard case ConcurrencyError.mergeConflict(let conflicts) = error else { return false }
            // Nobody else changed `at`.
            return conflicts.count == 40
                && conflicts.allSatisfy { $0.storeChangedKeys == ["title"] && $0.clashingKeys.isEmpty }
        }
    }

    @Test func anExistingStoreKeepingSecondsSince1970IsMigratedOnce() throws {
        let stack = try TestStack(model: eventModel, type: .sqlite)
        for (number, date) in Self.dates.enumerated() {
            let event = try stack.context.insertObject(entityName: "Event")
            event.setValue(date, forKey: "at")
            event.setValue("event \(number)", forKey: "note")
        }
        try stack.context.insertObject(entityName: "Event").setValue("no date", forKey: "note")
        try stack.context.save()
        let url = try #require(stack.storeURL)
        // What a store written before looks like: seconds since 1970, no encoding recorded.
        _ = try sqliteWrite(
            """
            UPDATE "Event" SET "at" = "at" + 978307200.0 WHERE "at" IS NOT NULL;
            DELETE FROM "Z_METADATA" WHERE "key" = 'dateEncoding'
            """, at: url)
        let old = try sqliteRows(
            "SELECT printf('%!.17g', \"at\") FROM \"Event\" WHERE \"at\" IS NOT NULL ORDER BY \"at\"", at: url
        )
        .compactMap { $0[0].flatMap(Double.init) }
        // What the program before read from it.
        let held = old.map { Date(timeIntervalSince1970: $0) }

        for _ in 0..<2 {  // migrated once: opening it again changes nothing
            try stack.reopen()
            let stored = try fetchAll("Event", in: stack.context, sortedBy: "at").compactMap { $0["at", as: Date.self] }
            #expect(stored == held)
            let range = try stack.context.fetch(
                FetchRequest(
                    entityName: "Event",
                    predicate: try FetchPredicate(format: "at >= %@ AND at < %@", held[10], held[20])))
            #expect(range.count == 10)
        }
        let raw = try sqliteRows(
            "SELECT printf('%!.17g', \"at\") FROM \"Event\" WHERE \"at\" IS NOT NULL ORDER BY \"at\"", at: url
        )
        .compactMap { $0[0].flatMap(Double.init) }
        #expect(raw == held.map(\.timeIntervalSinceReferenceDate))
        #expect(try sqliteRows("SELECT count(*) FROM \"Event\" WHERE \"at\" IS NULL", at: url) == [["1"]])
        #expect(
            try sqliteRows("SELECT \"value\" FROM \"Z_METADATA\" WHERE \"key\" = 'dateEncoding'", at: url)
                == [["secondsSinceReferenceDate"]])
    }
}
