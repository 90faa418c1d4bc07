import Foundation
import MediaKit

extension PhotoImportPlan {
    /// The plan without the files the import would refuse, each checked as the import checks it
    /// (decoded in full on all cores; nothing is copied or stored): what `--dry-run` reports, so
    /// that a dry run says what a real run would do. Each entry is dated by its earliest file
    /// left, and dropped when none is left.
    /// - Returns: the plan, and the files the import would refuse with why, in plan order.
    public func checked(
        inspector: MediaInspector = MediaInspector()
    )
        -> (plan: PhotoImportPlan, refused: [PhotoImportSummary.Refusal])
    {
        var refused: [PhotoImportSummary.Refusal] = []
        var refusedURLs = Set<URL>()
        OrderedWorkPool().run(
            entries.lazy.flatMap(\.items),
            work: { item in
                (
                    item.url,
                    Result { () throws(DiaryError) in _ = try PreparedMedium(fileAt: item.url, inspector: inspector) }
                )
            },
            deliver: { (outcome: (URL, Result<Void, DiaryError>)) in
                if case .failure(let error) = outcome.1 {
                    refused.append(.init(url: outcome.0, error: error))
                    refusedURLs.insert(outcome.0)
                }
            })
        var result = self
        result.entries = entries.compactMap { entry in
            var entry = entry
            entry.items.removeAll { refusedURLs.contains($0.url) }
            guard let earliest = entry.items.map(\.instant).min() else { return nil }
            entry.date = earliest
            return entry
        }
        return (result, refused)
    }
}
