import DiaryKit

/// The selection options `list` and `search` share besides the dates: `--tag`, `--all-tags`,
/// `--not-tag`, `--starred` and `--with-media`. Their `--limit` and `--all` differ in help
/// (the defaults differ), so each command declares its own and checks them with
/// ``checkLimit(_:all:)``.
struct ListingFilter: ParsableArguments {
    /// `--tag`: only entries with any of these tags (none: any entry).
    @RepeatingOption(
        "tag", valueName: "name",
        help: "Only entries with this tag; given several times, with any of them (a leading # or @ is ignored).")
    var tags: [String]
    /// `--all-tags`: the tags are all required instead.
    @Flag("all-tags", help: "With several --tag: only entries with all of them, not any.")
    var requiresAllTags: Bool
    /// `--not-tag`.
    @RepeatingOption("not-tag", valueName: "name", help: "Leave out entries with this tag; repeat for more.")
    var excludedTags: [String]
    /// `--starred`.
    @Flag("starred", help: "Only starred entries.")
    var starred: Bool
    /// `--with-media`.
    @Flag("with-media", help: "Only entries with photos or recordings.")
    var withMedia: Bool

    /// Refuses `--all-tags` without `--tag`.
    func validate() throws(UsageError) {
        if requiresAllTags && tags.isEmpty {
            throw .invalid("--all-tags goes with --tag")
        }
    }

    /// The entry filter for `period` (and optionally the search text).
    func entryFilter(period: EntryFilter.Period?) -> EntryFilter {
        var filter = EntryFilter(
            period: period, tags: requiresAllTags ? [] : tags, starred: starred ? true : nil,
            hasMedia: withMedia ? true : nil)
        if requiresAllTags { filter.requiredTags = tags }
        filter.excludedTags = excludedTags
        return filter
    }

    /// Refuses `--limit` together with `--all`.
    static func checkLimit(_ limit: PositiveInt?, all: Bool) throws(UsageError) {
        if limit != nil && all {
            throw .invalid("Use either --limit or --all, not both")
        }
    }

    /// The limit to apply: none with `--all`, else `--limit`, else `defaultLimit`.
    static func limit(_ limit: PositiveInt?, all: Bool, default defaultLimit: Int?) -> Int? {
        all ? nil : limit?.value ?? defaultLimit
    }
}
