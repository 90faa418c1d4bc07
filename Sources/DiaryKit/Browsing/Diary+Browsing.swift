import Foundation
import ObjectGraph

extension Diary {
    /// The entries `query` selects, as records, in its order and up to its limit.
    ///
    /// One query selects the entries; one more per relationship brings in the tags and the
    /// media of all of them (not one query per entry).
    /// - Throws: store errors as ``DiaryError``.
    public func entries(_ query: DiaryQuery = DiaryQuery()) throws(DiaryError) -> [EntryRecord] {
        let context = makeBrowsingContext()
        return try records(of: fetchEntries(query, in: context), in: context)
    }

    /// The entries `query` selects grouped under their local day, each on the clock of the zone
    /// it was written in (a New York evening stays that evening for a reader in Berlin), days
    /// and entries in the query's order: ObjectGraph's results controller sections them by the
    /// day of their floating local time (``EntryZone``).
    /// - Throws: store errors as ``DiaryError``.
    public func daySections(_ query: DiaryQuery = DiaryQuery()) throws(DiaryError) -> [DaySection] {
        let context = makeBrowsingContext()
        let request = entryRequest(query)
        let days = dayKey(readerZone: query.timeZone)
        return try DiaryError.wrapping(databaseURL) {
            let controller = try FetchedResultsController(
                fetchRequest: request, context: context,
                sectionKey: .localDay(
                    of: days.key, offsetFromUTC: { [zone = days.zone] in zone.secondsFromGMT(for: $0) }))
            try controller.performFetch()
            try prefetchTagsAndMedia(of: controller.fetchedObjects, in: context)
            return try controller.sections.map { section -> DaySection in
                let entries = try section.objects.map { try record(of: $0) }
                // A time no calendar can place (a store edited by hand) still lists its entries.
                let day = DiaryDay(iso: section.name) ?? entries.first?.localDay ?? DiaryDay(daysSince1970: 0)
                return DaySection(day: day, entries: entries)
            }
        }
    }

    /// How many entries each local day of a month has, each entry counted on the clock of the
    /// zone it was written in (`timeZone` is that of entries that name none). A month outside
    /// 1–12 (or a year outside 1…9999) gives an empty calendar.
    /// - Throws: store errors as ``DiaryError``.
    public func calendar(
        year: Int, month: Int, timeZone: any TimeZoneRules = TimeZone.current
    ) throws(DiaryError) -> MonthCalendar {
        guard let calendarMonth = CalendarMonth(year: year, month: month) else {
            return MonthCalendar(year: year, month: month, counts: [:])
        }
        let query = DiaryQuery(
            filter: EntryFilter(period: .month(calendarMonth)), newestFirst: false, timeZone: timeZone)
        let context = makeBrowsingContext()
        let days = dayKey(readerZone: timeZone)
        var counts: [DiaryDay: Int] = [:]
        for entry in try fetchEntries(query, in: context) {
            guard entry.hasIdentity, let time = entry[days.key, as: Date.self] else { continue }
            counts[DiaryDay(time, in: days.zone), default: 0] += 1
        }
        return MonthCalendar(year: year, month: month, counts: counts)
    }

    /// The entries whose text has every term of `text` (as a word or the start of one,
    /// ignoring case and diacritics, or as a run of characters inside the text, ignoring case;
    /// a term that is not a plain word, such as `C++` or `🎉`, only so) and every one of
    /// `phrases` (its words one after the other, the last as a start), through the store's
    /// full-text indexes (``FullTextSearch/matchesSubstrings``); narrowed further by `query`
    /// (newest first by default).
    /// - Throws: store errors as ``DiaryError``.
    public func search(
        _ text: String, phrases: [String] = [], query: DiaryQuery = DiaryQuery()
    ) throws(DiaryError) -> [EntryRecord] {
        let context = makeBrowsingContext()
        let search = FullTextSearch(
            text, phrases: phrases, in: ["text"], matchesPrefixes: true, matchesSubstrings: true)
        return try records(of: fetchEntries(query, fullText: search, in: context), in: context)
    }

    /// Every tag in use with the number of entries carrying it, sorted by name
    /// case-insensitively. Tags no entry carries any more are left out.
    /// - Throws: store errors as ``DiaryError``.
    public func tags() throws(DiaryError) -> [TagCount] {
        let context = makeContext()
        let request = FetchRequest(Tag.self, entityName: DiaryModel.Entity.tag)
        // One counting query for every tag, not every entry of every tag brought into the context.
        let (tags, entryCounts) = try DiaryError.wrapping(databaseURL) {
            let tags = try context.fetch(request)
            return (tags, try context.memberCounts(of: "entries", for: tags))
        }
        // The trash is small: its entries' tags are taken off the counts rather than every
        // count asking whether each member is trashed.
        var trashedCounts: [String: Int] = [:]
        // One query each for the entries and their tags (prefetched), not one per entry.
        let trashed = try fetchTrashedEntries(in: context)
        for record in try records(of: trashed, in: context) {
            for name in record.tags { trashedCounts[name, default: 0] += 1 }
        }
        let counts = zip(tags, entryCounts)
            .map { TagCount(name: $0.name, count: $1 - trashedCounts[$0.name, default: 0]) }
            .filter { $0.count > 0 }
        return counts.sorted { lhs, rhs in
            let order = lhs.name.caseInsensitiveCompare(rhs.name)
            return order == .orderedSame ? lhs.name < rhs.name : order == .orderedAscending
        }
    }

    /// How many entries `query` selects without its limit: what a listing cut at its limit
    /// says it left out.
    /// - Throws: store errors as ``DiaryError``.
    public func entryCount(_ query: DiaryQuery) throws(DiaryError) -> Int {
        var unlimited = query
        unlimited.limit = nil
        let context = makeContext()
        return try DiaryError.wrapping(databaseURL) { try context.count(for: entryRequest(unlimited)) }
    }

    /// The entries of the same month and day as `day` in every earlier year, newest year
    /// first (Day One's "On this day"). On 28 February of a year without a leap day, the
    /// 29ths of earlier leap years come too, so they are not hidden for three years.
    /// - Throws: store errors as ``DiaryError``.
    public func onThisDay(_ day: DiaryDay, query: DiaryQuery = DiaryQuery()) throws(DiaryError) -> [EntryRecord] {
        let context = makeBrowsingContext()
        let (key, zone) = dayKey(readerZone: query.timeZone)
        var oldest = FetchRequest(
            DiaryEntry.self, entityName: DiaryModel.Entity.entry,
            predicate: Self.outsideTrash(
                .comparison(PredicateComparison(.keyPath([key]), .notEqual, .constant(.null)))),
            sortOrderings: [SortOrdering(key)])
        oldest.fetchLimit = 1
        guard let first = try DiaryError.wrapping(databaseURL, { try context.fetch(oldest) }).first?[key, as: Date.self]
        else { return [] }
        let firstYear = DiaryDay(first, in: zone).year
        guard firstYear < day.year else { return [] }
        let days = (firstYear..<day.year).reversed().flatMap { year in
            day.sameDay(inYear: year)
        }
        var request = entryRequest(query)
        let intervals = days.map { candidate -> FetchPredicate in
            .and([
                .comparison(
                    PredicateComparison(.keyPath([key]), .greaterOrEqual, .constant(.date(candidate.start(in: zone))))),
                .comparison(
                    PredicateComparison(.keyPath([key]), .less, .constant(.date(candidate.next.start(in: zone)))))
            ])
        }
        guard !intervals.isEmpty else { return [] }
        let onThoseDays: FetchPredicate = intervals.count == 1 ? intervals[0] : .or(intervals)
        request.predicate = request.predicate.map { .and([$0, onThoseDays]) } ?? onThoseDays
        return try records(of: DiaryError.wrapping(databaseURL) { try context.fetch(request) }, in: context)
    }

    /// How many entries the diary holds.
    /// - Throws: store errors as ``DiaryError``.
    public func entryCount() throws(DiaryError) -> Int {
        let context = makeContext()
        let request = FetchRequest(
            DiaryEntry.self, entityName: DiaryModel.Entity.entry,
            predicate: Self.outsideTrash(nil))
        return try DiaryError.wrapping(databaseURL) { try context.count(for: request) }
    }

    /// The entries `query` selects, as objects of `context`: the whole filter goes to the
    /// store as one predicate, plus a full-text search of the text when `fullText` is given.
    func fetchEntries(
        _ query: DiaryQuery, fullText: FullTextSearch? = nil,
        in context: ManagedObjectContext
    ) throws(DiaryError) -> [DiaryEntry] {
        var request = entryRequest(query)
        request.fullTextSearch = fullText
        return try DiaryError.wrapping(databaseURL) { try context.fetch(request) }
    }

    /// The fetch request for `query`: its filter as one predicate, ordered by local time (each
    /// entry on its own zone's clock, so a day's entries come together). Entries of the same
    /// local time come in the index's order (by row): a second sort key made SQLite sort every
    /// row of a month again (1.4 ms of `list --month`'s 18).
    func entryRequest(_ query: DiaryQuery) -> FetchRequest<DiaryEntry> {
        let days = dayKey(readerZone: query.timeZone)
        var request = FetchRequest(
            DiaryEntry.self, entityName: DiaryModel.Entity.entry,
            predicate: Self.outsideTrash(query.filter.predicate(days: days)),
            sortOrderings: [SortOrdering(days.key, ascending: !query.newestFirst)])
        request.fetchLimit = query.limit
        return request
    }

    /// The records of `entries`, their tags and media brought in with one query each.
    func records(of entries: [DiaryEntry], in context: ManagedObjectContext) throws(DiaryError) -> [EntryRecord] {
        try DiaryError.wrapping(databaseURL) { try prefetchTagsAndMedia(of: entries, in: context) }
        return try entries.map { entry throws(DiaryError) in try record(of: entry) }
    }

    /// Loads the tags and media of all of `entries` with one query per relationship, as a
    /// listing needs them (not one query per entry).
    private func prefetchTagsAndMedia(of entries: [DiaryEntry], in context: ManagedObjectContext) throws {
        try context.prefetch("tags", of: entries)
        try context.prefetch("media", of: entries)
    }
}
