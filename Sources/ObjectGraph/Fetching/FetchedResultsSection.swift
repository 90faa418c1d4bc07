import Foundation

/// A position in a ``FetchedResultsController``'s results: section, then item within it.
public struct SectionIndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The section's index.
    public var section: Int
    /// The object's index within its section.
    public var item: Int

    /// The position of item `item` of section `section`.
    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    /// Section first, then item.
    public static func < (lhs: SectionIndexPath, rhs: SectionIndexPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `[section, item]`.
    public var description: String { "[\(section), \(item)]" }
}

/// One section of a ``FetchedResultsController``: its name and objects, in order.
public struct FetchedResultsSection<Result: ManagedObject> {
    /// The section's name (empty without a section key).
    public let name: String
    /// The section's objects, sorted as the fetch request says.
    public let objects: [Result]
    /// How many objects the section holds.
    public var numberOfObjects: Int { objects.count }
}
