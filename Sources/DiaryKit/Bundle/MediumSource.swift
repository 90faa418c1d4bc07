import Foundation
import ObjectGraph

/// Where a medium's bytes are: a file given as a URL, or a blob of the diary's blob store
/// whose URL is only built when asked for (a listing makes a snapshot of every medium and
/// never reads its file; building each URL cost about a millisecond a month's listing).
///
/// Two sources are equal when their URLs are, whichever way they were given.
enum MediumSource: Sendable, Hashable {
    /// A file at this URL.
    case file(URL)
    /// The blob `reference` names in `store`.
    case blob(BlobStore, BlobReference)

    /// The file holding the bytes (in an encrypted store, a blob file of ciphertext: read the
    /// bytes through ``MediumReader``).
    var url: URL {
        switch self {
        case .file(let url): url
        case .blob(let store, let reference): store.url(for: reference)
        }
    }

    static func == (lhs: MediumSource, rhs: MediumSource) -> Bool {
        lhs.url == rhs.url
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(url)
    }
}
