import Foundation
import Testing

@testable import ObjectGraph

@Suite struct ObserverTests {
    @Test(arguments: allStoreTypes)
    func eventsCarryTheChangedObjects(type: PersistentStoreType) async throws {
        let stack = try TestStack(model: vocabularyModel, type: type)
        var events: [String] = []
        var saved: SaveSummary?
        let token = stack.context.addObserver { event in
            switch event {
            case .objectsDidChange(let changes):
                events.append("change \(changes.inserted.count)/\(changes.updated.count)/\(changes.deleted.count)")
            case .willSave(let changes):
                events.append("will \(changes.inserted.count)/\(changes.updated.count)/\(changes.deleted.count)")
            case .didSave(let summary): events.append("did"); saved = summary
            }
        }
        let (stream, streamToken) = stack.context.didSaveSummaries()
        let word = try stack.context.insert(Word.self)
        word.word = "eins"
        try stack.context.save()
        #expect(events == ["change 1/0/0", "will 1/0/0", "did"])
        #expect(saved?.inserted == [word.objectID])

        word.word = "zwei"
        stack.context.processPendingChanges()
        stack.context.delete(word)
        try stack.context.save()
        #expect(events.suffix(4) == ["change 0/1/0", "change 0/0/1", "will 0/0/1", "did"])
        #expect(saved?.deleted.count == 1)

        stack.context.removeObserver(token)
        stack.context.removeObserver(streamToken)
        var summaries: [SaveSummary] = []
        for await summary in stream { summaries.append(summary) }
        #expect(summaries.count == 2)
        #expect(summaries.first?.inserted.first?.isTemporaryID == false)
    }
}
