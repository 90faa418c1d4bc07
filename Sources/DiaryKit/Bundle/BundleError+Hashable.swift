import Foundation

extension BundleError: Hashable {
    /// Bundle errors compare by their message.
    public static func == (lhs: BundleError, rhs: BundleError) -> Bool { lhs.description == rhs.description }

    /// Hashes the message.
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
