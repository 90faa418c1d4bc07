internal import CDeferredLibraries
internal import CKeyutils
import Foundation
import ObjectGraph

extension KeyCache {
    /// The keyring entry that keeps, while a diary is unlocked, how many commits its database
    /// holds: `photodiary-commits:<key identifier>`, holding `<store UUID> <count>`. The
    /// database's commit counter witness (``CommitCountWitness``): an older database put back
    /// together with its counter file is refused while this is kept.
    static func commitsDescription(of identifier: UUID) -> String {
        "photodiary-commits:" + identifier.lowercaseText
    }

    /// The witness of the diary whose key is named `identifier`: it recalls the count kept in
    /// the keyring, and remembers each new count while the diary's key is kept there (unlocked).
    package static func commitWitness(key identifier: UUID) -> CommitCountWitness {
        CommitCountWitness(
            recall: { store in recalledCommits(key: identifier, store: store) },
            remember: { store, commits in rememberCommits(commits, key: identifier, store: store) })
    }

    /// The commits store `store` held when last remembered under key `identifier`; nil when
    /// none is kept (or the keyring cannot be used).
    static func recalledCommits(key identifier: UUID, store: UUID) -> Int? {
        guard loadError() == nil, case .success(let serial?) = search(described: commitsDescription(of: identifier)),
            let kept = keptCommits(serial), kept.store == store
        else { return nil }
        return kept.commits
    }

    /// What the count entry with keyring serial `serial` holds; nil when it cannot be read.
    private static func keptCommits(_ serial: Int) -> (store: UUID, commits: Int)? {
        var bytes = [UInt8](repeating: 0, count: 96)
        let count = bytes.withUnsafeMutableBytes {
            keyctl_read(key_serial_t(serial), $0.baseAddress?.assumingMemoryBound(to: CChar.self), $0.count)
        }
        guard count > 0, count < bytes.count else { return nil }
        let parts = String(decoding: bytes[..<Int(count)], as: UTF8.self).split(separator: " ")
        guard parts.count == 2, let store = UUID(uuidString: String(parts[0])), let commits = Int(parts[1]) else {
            return nil
        }
        return (store, commits)
    }

    /// Keeps that store `store` holds `commits` commits, when the key named `identifier` is kept
    /// in the keyring (the diary is unlocked); nothing otherwise. Best effort.
    static func rememberCommits(_ commits: Int, key identifier: UUID, store: UUID) {
        guard loadError() == nil, case .success(_?) = search(described: description(of: identifier)),
            let ring = try? targetKeyring()
        else { return }
        let payload = Array((store.uuidString.lowercased() + " \(commits)").utf8)
        let serial = payload.withUnsafeBytes {
            add_key("user", commitsDescription(of: identifier), $0.baseAddress, $0.count, ring)
        }
        guard serial >= 0 else { return }
        _ = keyctl_setperm(serial, entryPermissions)
    }

    /// Forgets the kept count of the diary whose key is named `identifier` (a database put back
    /// on purpose is accepted as it is); the count it held, nil when none was kept.
    package static func forgetCommits(key identifier: UUID) -> Int? {
        guard loadError() == nil else { return nil }
        var forgotten: Int?
        for _ in 0..<16 {
            guard case .success(let serial?) = search(described: commitsDescription(of: identifier)) else { break }
            forgotten = keptCommits(serial)?.commits ?? forgotten
            guard keyctl_invalidate(key_serial_t(serial)) == 0 || keyctl_revoke(key_serial_t(serial)) == 0 else {
                break
            }
        }
        return forgotten
    }
}
