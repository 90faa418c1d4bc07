import Foundation

/// Told when a save has waited a while for another connection's write lock, so a program can
/// say so ("waiting for another process…") instead of hanging silently until the busy timeout.
///
/// Compared and hashed by identity, so it can sit in ``PersistentStoreOptions``.
public final class LockWaitNotice: Sendable, Hashable {
    /// How long a save waits in silence before ``handler`` is called, in milliseconds.
    public let afterMilliseconds: Int32
    /// Called once per save that waits longer than ``afterMilliseconds``, with the store's path
    /// and the busy timeout in milliseconds; on the saving thread, so keep it short.
    public let handler: @Sendable (_ path: String, _ timeoutMilliseconds: Int) -> Void

    /// Makes a notice called after `afterMilliseconds` of waiting.
    public init(
        afterMilliseconds: Int32 = 500,
        handler: @escaping @Sendable (_ path: String, _ timeoutMilliseconds: Int) -> Void
    ) {
        self.afterMilliseconds = max(0, afterMilliseconds)
        self.handler = handler
    }

    /// Identity.
    public static func == (lhs: LockWaitNotice, rhs: LockWaitNotice) -> Bool { lhs === rhs }

    /// Identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
