extension BundleReader {
    /// What a bundle may hold before the reader refuses it as absurd (a zip bomb, a manifest
    /// that lists a million media): checked against the manifest's declared sizes before any
    /// file is hashed or unpacked, and against every member's bytes while a zip is unpacked.
    public struct Limits: Sendable, Hashable {
        /// The most bytes one medium (or zip member) may have.
        public var maximumFileSize: Int64
        /// The most bytes all media of the bundle together may have.
        public var maximumTotalSize: Int64
        /// The most members a zip may have.
        public var maximumEntryCount: Int
        /// The most media one bundle's entry may list.
        public var maximumMediaCount: Int

        /// Limits; the defaults (2 GiB a file, as MediaKit accepts, 16 GiB in all, 10,000
        /// members, ``EntryLimits/maximumMediaCount`` media) are far above any real entry and
        /// far below what fills a disk by surprise.
        public init(
            maximumFileSize: Int64 = 2 << 30, maximumTotalSize: Int64 = 16 << 30,
            maximumEntryCount: Int = 10_000,
            maximumMediaCount: Int = EntryLimits.maximumMediaCount
        ) {
            self.maximumFileSize = maximumFileSize
            self.maximumTotalSize = maximumTotalSize
            self.maximumEntryCount = maximumEntryCount
            self.maximumMediaCount = maximumMediaCount
        }
    }
}
