extension BundleReader {
    /// What a zip may unpack to before the reader refuses it as absurd (a zip bomb).
    public struct Limits: Sendable, Hashable {
        /// The most bytes one member may unpack to.
        public var maximumFileSize: Int64
        /// The most bytes all members together may unpack to.
        public var maximumTotalSize: Int64
        /// The most members a zip may have.
        public var maximumEntryCount: Int

        /// Limits; the defaults (16 GiB a file, 64 GiB in all, 10,000 members) are far
        /// above any real entry and far below what fills a disk by surprise.
        public init(maximumFileSize: Int64 = 16 << 30, maximumTotalSize: Int64 = 64 << 30,
                    maximumEntryCount: Int = 10_000) {
            self.maximumFileSize = maximumFileSize
            self.maximumTotalSize = maximumTotalSize
            self.maximumEntryCount = maximumEntryCount
        }
    }
}
