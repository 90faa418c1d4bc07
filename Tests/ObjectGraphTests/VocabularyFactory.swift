import Foundation

@testable import ObjectGraph

/// Short ways to fill a context with the vocabulary model's objects.
extension ManagedObjectContext {
    /// Inserts a vocabulary named `name`.
    func insertVocabulary(_ name: String) throws -> Vocabulary {
        let vocabulary = try insert(Vocabulary.self)
        vocabulary.name = name
        return vocabulary
    }

    /// Inserts the word `text`, in `vocabulary` when one is given.
    @discardableResult
    func insertWord(_ text: String, in vocabulary: Vocabulary?) throws -> Word {
        let word = try insert(Word.self)
        word.word = text
        if let vocabulary { word.vocabulary = vocabulary }
        return word
    }
}
