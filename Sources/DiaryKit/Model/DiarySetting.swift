import Foundation
import ObjectGraph

/// A setting that follows the user to every device (`diary config set KEY VALUE`): synced, the
/// last device to set it winning.
final class DiarySetting: ManagedObject {
    @Attribute(.unique, minLength: 1) var key: String
    @Attribute var value: String
}

/// A setting of this device only (`diary config set --local KEY VALUE`, and the editor by
/// default): never synced, and it wins over the synced one of the same key here.
final class LocalSetting: ManagedObject {
    @Attribute(.unique, minLength: 1) var key: String
    @Attribute var value: String
}

/// A synced setting another device changed, said once by the next command on this device
/// (as `NSUbiquitousKeyValueStoreDidChangeExternallyNotification` tells an app). Never synced.
final class SettingChange: ManagedObject {
    @Attribute var key: String
    /// The new value; nil when it was unset.
    @Attribute var value: String?
    @Attribute var deviceName: String
    @Attribute var time: Date
}
