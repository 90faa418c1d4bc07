import DiaryKit

/// The selection options `list` and `search` share besides the dates: `--tag`, `--all-tags`,
/// `--not-tag`, `--starred`, `--with-media`, `--limit` and `--all`; each command declares its
/// own limit (their defaults differ) and reads them here.
struct ListingFilter {
    /// `--all-tags`: with several `--tag`, entries must carry all of them.
    static let allTags = Flag("all-tags", help: "With several --tag: only entries with all of them, not any.")
    /// `--not-tag`: entries without this tag.
    static let notTags = RepeatingOption<String>("not-tag", valueName: "name",
                                                 help: "Leave out entries with this tag; repeat for more.")

    /// `--tag`: only entries with any of these tags (none: any entry).
    let tags: [String]
    /// `--all-tags`: the tags are all required instead.
    let requiresAllTags: Bool
    /// `--not-tag`.
    let excludedTags: [String]
    /// `--starred`.
    let starred: Bool
    /// `--with-media`.
    let withMedia: Bool
    /// `--limit`, when given.
    let limit: Int?
    /// `--all`: no limit at all.
    let all: Bool

    /// Reads the options from `parsed`.
    /// - Throws: ``UsageError/invalid(_:)`` for a limit below 1 or `--limit` with `--all`.
    init(parsed: ParsedArguments, tags: RepeatingOption<String>, starred: Flag, withMedia: Flag,
         limit: Option<Int>, all: Flag) throws {
        self.tags = try parsed[tags]
        requiresAllTags = try parsed[Self.allTags]
        excludedTags = try parsed[Self.notTags]
        if requiresAllTags && self.tags.isEmpty {
            throw UsageError.invalid("--all-tags goes with --tag")
        }
        self.starred = try parsed[starred]
        self.withMedia = try parsed[withMedia]
        self.limit = try parsed[limit]
        self.all = try parsed[all]
        if let limit = self.limit, limit < 1 {
            throw UsageError.invalid("'--limit \(limit)' must be at least 1")
        }
        if self.limit != nil && self.all {
            throw UsageError.invalid("Use either --limit or --all, not both")
        }
    }

    /// The entry filter for `period` (and optionally the search text).
    func entryFilter(period: EntryFilter.Period?) -> EntryFilter {
        var filter = EntryFilter(period: period, tags: requiresAllTags ? [] : tags, starred: starred ? true : nil,
                                 hasMedia: withMedia ? true : nil)
        if requiresAllTags { filter.requiredTags = tags }
        filter.excludedTags = excludedTags
        return filter
    }

    /// The limit to apply: none with `--all`, else `--limit`, else `defaultLimit`.
    func limit(default defaultLimit: Int?) -> Int? {
        all ? nil : limit ?? defaultLimit
    }
}
