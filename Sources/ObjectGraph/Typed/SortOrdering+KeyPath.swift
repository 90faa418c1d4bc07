import Foundation

extension SortOrdering {
    /// Sorts by the typed properties along `keyPath` (`\Note.created`, `\Note.folder?.name`).
    public init<Root: ManagedObject, Value>(
        _ keyPath: KeyPath<Root, Value>, ascending: Bool = true,
        options: PredicateComparison.Options = []
    ) {
        self.init(KeyPathProbe.components(of: keyPath).joined(separator: "."), ascending: ascending, options: options)
    }

    /// Sorts by `keyPath` ignoring case (and diacritics when `ignoringDiacritics`).
    public static func caseInsensitive<Root: ManagedObject, Value>(
        _ keyPath: KeyPath<Root, Value>, ascending: Bool = true,
        ignoringDiacritics: Bool = false
    ) -> SortOrdering {
        SortOrdering(
            keyPath, ascending: ascending,
            options: ignoringDiacritics ? [.caseInsensitive, .diacriticInsensitive] : .caseInsensitive)
    }
}
