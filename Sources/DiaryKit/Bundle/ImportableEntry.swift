import Foundation

/// A checked bundle ready to be imported: the entry with its media's `sourceURL`s
/// pointing at verified files inside the bundle (or inside the folder a zip was
/// unpacked into).
///
/// Call `cleanUp()` once the media have been copied into the store; until then the
/// files stay where `entry` says.
public struct ImportableEntry: Sendable {
    /// The entry, its media's bytes checked against size and SHA-256 and validated.
    public let entry: EntrySnapshot
    /// The bundle it was read from, as given.
    public let bundleURL: URL
    /// The temporary folder a zip was unpacked into; nil for a directory bundle.
    public let extractionFolder: URL?

    /// Removes the extraction folder of a zip (a no-op for a directory bundle, whose
    /// files are the user's); calling it twice is harmless.
    public func cleanUp() {
        guard let extractionFolder else { return }
        try? FileManager.default.removeItem(at: extractionFolder)
    }
}
