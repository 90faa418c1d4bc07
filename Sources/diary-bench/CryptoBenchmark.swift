import Foundation
import ObjectGraph

// The crypto suite, at ObjectGraph level: the same work on an encrypted SQLite store beside a
// plain one in the same run (ratio = encrypted / plain), and the page cipher's throughput beside
// a plain memory copy. These rows say where an encrypted diary's time goes; the issue's targets
// (≤ 1.3x, ≤ 1.2x) are on the whole-process rows of CryptoCLIBenchmark.swift, which carry them.

private let entryCount = 20_000
private let runs = 5
private let fetchRuns = 9

private let cryptoModel: ManagedObjectModel? = try? ManagedObjectModel(entities: [
    EntityDescription(
        "Entry",
        attributes: [
            AttributeDescription("text", .string, isSearchable: true),
            AttributeDescription("created", .date, isOptional: false, isIndexed: true),
            AttributeDescription("starred", .boolean)
        ])
])

private enum CryptoBenchmarkError: Error {
    case setup(String)
}

/// Runs the suite and prints its results.
func runCryptoBenchmarks(json: Bool) throws {
    let reporter = BenchmarkReporter(suite: "crypto", json: json)
    guard let model = cryptoModel else { throw CryptoBenchmarkError.setup("the benchmark model does not build") }
    let key = try StoreEncryptionKey.random()
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "og-crypto-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var counter = 0
    func freshURL() -> URL {
        counter += 1
        return directory.appendingPathComponent("bench-\(counter).sqlite")
    }
    func options(_ encrypted: Bool) -> PersistentStoreOptions {
        var options = PersistentStoreOptions()
        options.encryptionKey = encrypted ? key : nil
        return options
    }
    func context(at url: URL, encrypted: Bool) throws -> ManagedObjectContext {
        let coordinator = PersistentStoreCoordinator(model: model)
        try coordinator.addPersistentStore(type: .sqlite, at: url, options: options(encrypted))
        return ManagedObjectContext(coordinator: coordinator)
    }

    // Inserting 20,000 entries in one save, each side on a fresh store.
    let (encryptedInsert, plainInsert) = try BenchmarkReporter.alternatingMedians(
        runs: runs,
        value: (prepare: { try context(at: freshURL(), encrypted: true) }, body: { try insertEntries(into: $0) }),
        baseline: (prepare: { try context(at: freshURL(), encrypted: false) }, body: { try insertEntries(into: $0) }))
    reporter.report("insert-20k-save", value: encryptedInsert, baseline: plainInsert)

    let plainURL = freshURL(), encryptedURL = freshURL()
    try insertEntries(into: try context(at: plainURL, encrypted: false))
    try insertEntries(into: try context(at: encryptedURL, encrypted: true))

    // Opening the store and saving one new entry (what `diary new --text` does to the database).
    let (encryptedSave, plainSave) = try BenchmarkReporter.alternatingMedians(
        runs: fetchRuns,
        value: (prepare: {}, body: { _ in try saveOne(at: encryptedURL, encrypted: true, context: context) }),
        baseline: (prepare: {}, body: { _ in try saveOne(at: plainURL, encrypted: false, context: context) }))
    reporter.report("open-save-one-entry", value: encryptedSave, baseline: plainSave)

    // Fetching every entry and reading its values.
    var plainChecksum = 0, encryptedChecksum = 0
    let (encryptedFetch, plainFetch) = try BenchmarkReporter.alternatingMedians(
        runs: fetchRuns,
        value: (
            prepare: { try context(at: encryptedURL, encrypted: true) }, body: { encryptedChecksum = try readAll($0) }
        ),
        baseline: (prepare: { try context(at: plainURL, encrypted: false) }, body: { plainChecksum = try readAll($0) }))
    guard plainChecksum == encryptedChecksum else {
        throw CryptoBenchmarkError.setup("plain and encrypted fetches read different values")
    }
    reporter.report("fetch-20k-read", value: encryptedFetch, baseline: plainFetch)

    // A month of entries through the indexed date, newest first (`diary list --month`), on a
    // newly opened store each run (the first pages of a short process come from the file).
    let (encryptedMonth, plainMonth) = try BenchmarkReporter.alternatingMedians(
        runs: fetchRuns,
        value: (
            prepare: {},
            body: { _ in encryptedChecksum = try monthQuery(at: encryptedURL, encrypted: true, context: context) }
        ),
        baseline: (
            prepare: {}, body: { _ in plainChecksum = try monthQuery(at: plainURL, encrypted: false, context: context) }
        ))
    guard plainChecksum == encryptedChecksum, plainChecksum > 0 else {
        throw CryptoBenchmarkError.setup("plain and encrypted month queries found different entries")
    }
    reporter.report("month-query-open", value: encryptedMonth, baseline: plainMonth)

    try reportPageThroughput(reporter: reporter, key: key)
}

/// The creation time of entry `index`: about one entry every half hour over a year.
private func creationTime(_ index: Int) -> Date {
    Date(timeIntervalSince1970: 1_764_547_200 + Double(index) * 1_577)
}

private func insertEntries(into context: ManagedObjectContext) throws {
    for index in 0..<entryCount {
        let entry = try context.insertObject(entityName: "Entry")
        entry["text"] = "Entry number \(index): a walk by the river, coffee with a friend, and a photo of the sunset"
        entry["created"] = creationTime(index)
        entry["starred"] = index % 7 == 0
    }
    try context.save()
}

private func saveOne(
    at url: URL, encrypted: Bool,
    context makeContext: (URL, Bool) throws -> ManagedObjectContext
) throws {
    let context = try makeContext(url, encrypted)
    let entry = try context.insertObject(entityName: "Entry")
    entry["text"] = "One more entry"
    entry["created"] = Date()
    try context.save()
}

private func readAll(_ context: ManagedObjectContext) throws -> Int {
    var checksum = 0
    for entry in try context.fetch(FetchRequest(entityName: "Entry")) {
        checksum +=
            (entry["text", as: String.self]?.utf8.count ?? 0) + ((entry["starred", as: Bool.self] ?? false) ? 1 : 0)
    }
    return checksum
}

private func monthQuery(
    at url: URL, encrypted: Bool,
    context makeContext: (URL, Bool) throws -> ManagedObjectContext
) throws -> Int {
    let context = try makeContext(url, encrypted)
    let start = creationTime(entryCount / 2), end = start.addingTimeInterval(30 * 86_400)
    let predicate = try FetchPredicate(format: "created >= %@ AND created < %@", start, end)
    var checksum = 0
    for entry in try context.fetch(
        FetchRequest(
            entityName: "Entry", predicate: predicate,
            sortOrderings: [SortOrdering("created", ascending: false)]))
    {
        checksum += entry["text", as: String.self]?.utf8.count ?? 0
    }
    return checksum
}

/// Sealing 64 MiB of 4 KiB pages, and sealing and opening them, in MB/s, beside copying them.
private func reportPageThroughput(reporter: BenchmarkReporter, key: StoreEncryptionKey) throws {
    let pageSize = 4096, byteCount = 64 << 20
    let input = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 16)
    let output = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 16)
    defer {
        input.deallocate()
        output.deallocate()
    }
    for index in 0..<byteCount { input[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 12) }
    // Page 1's header is not involved: the pages are numbered from 2.
    let megabytes = Double(byteCount) / 1_000_000
    let copy = BenchmarkReporter.median(runs: runs, prepare: {}) {
        output.copyMemory(from: UnsafeRawBufferPointer(input))
    }
    var failures = 0
    let seal = BenchmarkReporter.median(runs: runs, prepare: {}) {
        failures += StoreCipher.benchmarkPages(
            key: key, input: UnsafeRawBufferPointer(input), output: output,
            pageSize: pageSize, opening: false)
    }
    let sealAndOpen = BenchmarkReporter.median(runs: runs, prepare: {}) {
        failures += StoreCipher.benchmarkPages(
            key: key, input: UnsafeRawBufferPointer(input), output: output,
            pageSize: pageSize, opening: true)
    }
    guard failures == 0 else { throw CryptoBenchmarkError.setup("\(failures) pages failed to seal or open") }
    // Throughput: higher is better, so the ratio here is cipher / copy speed.
    reporter.report("page-seal-MBps", value: megabytes / seal, baseline: megabytes / copy, unit: "MB/s")
    reporter.report("page-seal-open-MBps", value: megabytes / sealAndOpen, baseline: megabytes / copy, unit: "MB/s")
}
