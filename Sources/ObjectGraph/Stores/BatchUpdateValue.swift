import Foundation

/// One attribute a batch update sets: its name and its value, already checked against the model.
struct BatchUpdateValue: Sendable {
    var key: String
    var value: StoredValue
}
