import Foundation

/// The committed media fixtures of the repository's `Fixtures/` folder (see Fixtures/README.md),
/// found from this file's path.
public enum Fixture {
    /// The `Fixtures/` folder.
    public static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures", isDirectory: true)

    /// The fixture file `name`.
    public static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// The path of fixture file `name`, for command lines.
    public static func path(_ name: String) -> String { url(name).path }
}
