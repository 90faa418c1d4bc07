import Foundation
import TestSupport
import Testing

/// An encrypted diary whose `Diary.key` is gone or belongs to another diary: each is said for
/// what it is (a missing key file, 66; not this diary's key file, 65), never as a wrong or missing
/// passphrase (77), and the store is left as it was.
@Suite struct KeyFileCommandTests {
    static let pass = EncryptedStoreCommandTests.passphrase("key file pass")

    /// An encrypted diary with one entry.
    static func encryptedStore() throws -> TestStore {
        let store = try TestStore()
        try store.succeed(["new", "--text", "kept under lock"])
        try store.succeed(["encrypt"], environment: pass)
        return store
    }

    @Test func aMissingKeyFileIsReportedAsMissingNamingTheFile() throws {
        let store = try Self.encryptedStore()
        let keyFile = store.url.appendingPathComponent("Diary.key")
        try FileManager.default.removeItem(at: keyFile)
        let snapshot = try store.snapshot()
        for arguments in [["list"], ["new", "--text", "lost?"], ["check"], ["decrypt"], ["passphrase"], ["encrypt"]] {
            let run = try store.run(
                arguments, environment: Self.pass.merging(["DIARY_NEW_PASSPHRASE_COMMAND": "echo x"]) { $1 })
            #expect(run.status == 66, "\(arguments): \(run)")
            #expect(run.stderr.contains("\(keyFile.standardizedFileURL.path) is missing"), "\(arguments): \(run)")
            #expect(!run.stderr.contains("passphrase for"), "\(arguments): \(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run)")
        }
        #expect(try store.snapshot() == snapshot)
    }

    @Test func anotherDiarysKeyFileIsReportedAsNotThisDiarysKey() throws {
        let store = try Self.encryptedStore()
        // Another diary encrypted with the same passphrase: its key file unseals, but holds another data key.
        let other = try Self.encryptedStore()
        let keyFile = store.url.appendingPathComponent("Diary.key")
        try FileManager.default.removeItem(at: keyFile)
        try FileManager.default.copyItem(at: other.url.appendingPathComponent("Diary.key"), to: keyFile)
        let snapshot = try store.snapshot()
        for arguments in [["list"], ["new", "--text", "lost?"], ["check"], ["decrypt"]] {
            let run = try store.run(arguments, environment: Self.pass)
            #expect(run.status == 65, "\(arguments): \(run)")
            #expect(
                run.stderr.contains("\(keyFile.standardizedFileURL.path) is not this diary's key file"),
                "\(arguments): \(run)")
            #expect(!run.stderr.contains("wrong passphrase"), "\(arguments): \(run)")
        }
        #expect(try store.snapshot() == snapshot)
        // A wrong passphrase is still a wrong passphrase.
        #expect(try store.run(["list"], environment: EncryptedStoreCommandTests.passphrase("other")).status == 77)
    }
}
