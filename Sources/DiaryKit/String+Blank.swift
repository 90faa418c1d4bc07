import Foundation

extension String {
    /// Whether the string is empty or only white space and newlines.
    var isBlank: Bool { trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
}
