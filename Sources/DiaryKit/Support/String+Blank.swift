import Foundation

extension String {
    /// Whether the string is empty or only white space and newlines. Checked natively, not
    /// through `trimmingCharacters` (an `NSString` bridge that stood out in bulk imports,
    /// where it runs for every entry saved).
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}
