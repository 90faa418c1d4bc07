import Foundation

extension BookBuilder {
    /// Puts `medium` into the book once (later entries showing the same file reuse it): the
    /// original, streamed from the store (decrypted in an encrypted one) and checked, on the
    /// builder's media thread unless a copy for browsers is decoded from it; its copy
    /// for browsers when it needs one, decoded from that plaintext original; and for a photo
    /// its stored thumbnail (`thumbnail` is asked only when the previous book lacks it). A copy
    /// that cannot be made is left out and noted: the page then shows the original.
    func place(_ medium: MediumSnapshot, thumbnail: () -> Data?) throws(DiaryError) {
        guard placed[medium.sha256] == nil else { return }
        let original = BookLayout.original(medium)
        // A copy is decoded from the original, which must then be whole first.
        let decodes = BrowserCopy.needed(for: medium) != nil || BrowserCopy.dependsOnContent(medium)
        try produce(original, key: "original:\(medium.sha256)") { () throws(DiaryError) in
            if !decodes {
                let target = work.appendingPathComponent(original)
                copier.start { () throws(DiaryError) in try DiaryExporter.copy(medium, to: target, synchronize: false) }
            } else {
                // Its copy for browsers is decoded from it now: whether one could be made decides the page.
                try DiaryExporter.copy(medium, to: work.appendingPathComponent(original), synchronize: false)
            }
        }
        var result = PlacedMedium(shown: original)
        if decodes, let copy = BrowserCopy.needed(for: medium, original: work.appendingPathComponent(original)) {
            let path = BookLayout.browserCopy(medium, copy)
            do {
                try produce(path, key: "\(copy.rawValue):\(medium.sha256)") { () throws(DiaryError) in
                    try copy.make(from: work.appendingPathComponent(original), to: work.appendingPathComponent(path))
                }
                result = PlacedMedium(shown: path, original: original)
            } catch {
                manifest.files[path] = nil
                try? FileManager.default.removeItem(at: work.appendingPathComponent(path))
                uncopied.append("\(medium.originalFileName): \(error.description)")
            }
        }
        if medium.kind == .image {
            let path = BookLayout.thumbnail(medium)
            let key = "thumbnail:\(medium.sha256)"
            let kept = previous?.manifest.files[path] == key
            if let data = kept ? Data() : thumbnail() {
                try produce(path, key: key) { () throws(DiaryError) in
                    guard let fresh = kept ? thumbnail() : data else {
                        throw .io(path: medium.originalFileName, reason: "the photo has no stored thumbnail")
                    }
                    let url = work.appendingPathComponent(path)
                    copier.start { () throws(DiaryError) in try Self.write(fresh, at: url) }
                }
                result.thumbnail = path
            }
        }
        placed[medium.sha256] = result
    }
}
