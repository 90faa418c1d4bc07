import DiaryKit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The time zone `TZ` gives, read the way POSIX systems read it, and never silently UTC.
///
/// - unset: the system zone, `/etc/localtime`;
/// - empty, `UTC`: UTC;
/// - an IANA name with or without a leading `:` (`Europe/Berlin`, `:Europe/Berlin`): that zone;
/// - a path to a zone file (`/usr/share/zoneinfo/Europe/Berlin`, `:/etc/localtime`): the
///   IANA zone the file is (the link's target under the zoneinfo directory, else the
///   zoneinfo file with the same bytes), else the file itself through the C library;
/// - a POSIX rule string (`CET-1CEST,M3.5.0,M10.5.0/3`, `EST5`): the C library's reading of
///   it (``SystemTimeZone``).
///
/// Foundation's `TimeZone` takes IANA identifiers only, and would read `TZ=:Europe/Berlin`
/// or a rule string as UTC; a `TZ` that is none of the above is reported and then UTC.
enum ProcessTimeZone {
    /// Where zone files live: `$TZDIR`, else `/usr/share/zoneinfo`.
    static func zoneDirectory(environment: [String: String]) -> String {
        let directory = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        return directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    }

    /// The zone of `environment`'s `TZ`, and a warning when `TZ` names none.
    static func resolve(environment: [String: String]) -> (rules: any TimeZoneRules, warning: String?) {
        tzset()
        // Only for an empty or unreadable `TZ`: Foundation's first zone costs its zone cache.
        var utc: any TimeZoneRules { TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current }
        let directory = zoneDirectory(environment: environment)
        guard let value = environment["TZ"] else {
            return (zone(ofFile: "/etc/localtime", named: nil, directory: directory) ?? TimeZone.current, nil)
        }
        let name = value.hasPrefix(":") ? String(value.dropFirst()) : value
        if name.isEmpty { return (utc, nil) }
        if name.hasPrefix("/") {
            if let zone = zone(ofFile: name, named: value, directory: directory) { return (zone, nil) }
            return (utc, "TZ=\(value) is not a readable time zone file; times are in UTC")
        }
        if !name.contains(".."), let zone = zone(ofFile: directory + "/" + name, named: value, directory: directory) {
            return (zone, nil)
        }
        // Not a zone file: a POSIX rule string, which the C library read at `tzset`. When it
        // could not, it left the name of summer time (or of the zone) empty.
        if let names = cZoneNames(), names.standard.pointee != 0, names.summer.pointee != 0 {
            return (SystemTimeZone(identifier: value), nil)
        }
        // An IANA name on a system without zone files (no tzdata): Foundation has its own data.
        if let zone = TimeZone(identifier: name) { return (zone, nil) }
        return (
            utc,
            "TZ=\(value) is neither a time zone name (none such under \(directory)) nor a POSIX rule "
                + "such as CET-1CEST,M3.5.0,M10.5.0/3; times are in UTC"
        )
    }

    /// The zone a zone file is: the IANA zone under `directory` it links to or has the bytes
    /// of, else (when `name` is given) the file as the C library reads it; nil for no zone file.
    private static func zone(
        ofFile path: String, named name: String?,
        directory: String
    ) -> (any TimeZoneRules)? {
        guard isZoneFile(path) else { return nil }
        let target = resolvingLinks(path)
        let root = resolvingLinks(directory) + "/"
        if target.hasPrefix(root) {
            var relative = String(target.dropFirst(root.count))
            if relative.hasPrefix("posix/") { relative.removeFirst("posix/".count) }
            if let zone = UniversalTimeZone(named: relative) { return zone }
            // A `right/` zone (offsets plus leap seconds) is read by the C library for its offsets;
            // the diary's times are POSIX times, without leap seconds.
            if !relative.hasPrefix("right/"), let zone = TimeZone(identifier: relative) { return zone }
        }
        if let same = sameZoneFile(as: path, in: root), let zone = TimeZone(identifier: same) { return zone }
        return name.map { SystemTimeZone(identifier: $0) }
    }

    /// The name under `root` of a zone file with the same bytes as `path` (a copied
    /// `/etc/localtime`): the zone `/etc/timezone` names first, then the canonical zones of
    /// `zone1970.tab` (so Berlin's bytes are `Europe/Berlin`, not its alias
    /// `Arctic/Longyearbyen`), then every zone.
    private static func sameZoneFile(as path: String, in root: String) -> String? {
        guard let contents = FileManager.default.contents(atPath: path), contents.count < 1 << 20 else { return nil }
        var candidates: [String] = []
        if let named = try? String(contentsOfFile: "/etc/timezone", encoding: .utf8) {
            candidates.append(named.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        if let table = try? String(contentsOfFile: root + "zone1970.tab", encoding: .utf8) {
            candidates += table.split(separator: "\n").filter { !$0.hasPrefix("#") }
                .compactMap { line in line.split(separator: "\t").dropFirst(2).first.map(String.init) }
        }
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        candidates += all.filter { !$0.hasPrefix("posix") && !$0.hasPrefix("right") && $0.first?.isUppercase == true }
            .sorted()
        return candidates.first { candidate in
            !candidate.isEmpty && FileManager.default.contents(atPath: root + candidate) == contents
        }
    }

    /// The C library's `tzname` pair after `tzset`. Found by `dlsym`: Swift 6 refuses to read
    /// a C global variable, which it cannot prove free of data races (this one is written
    /// only by `tzset`, called once before).
    private static func cZoneNames() -> (standard: UnsafePointer<CChar>, summer: UnsafePointer<CChar>)? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "tzname") else { return nil }
        let names = symbol.assumingMemoryBound(to: UnsafePointer<CChar>?.self)
        guard let standard = names[0], let summer = names[1] else { return nil }
        return (standard, summer)
    }

    /// Whether `path` is a readable file starting with the zone-file magic `TZif`. (open and
    /// read, not `FileHandle`: every command asks this of /etc/localtime or `TZ`'s file, and the
    /// handle and its `Data` cost a quarter of a million instructions.)
    // bench: cli-jrnl/list_month_1000_vs_jrnl
    private static func isZoneFile(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var magic: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
        let count = withUnsafeMutableBytes(of: &magic) { read(descriptor, $0.baseAddress, 4) }
        return count == 4 && magic == (UInt8(ascii: "T"), UInt8(ascii: "Z"), UInt8(ascii: "i"), UInt8(ascii: "f"))
    }

    /// `path` with every symbolic link in it resolved (`realpath`), or as given when that fails
    /// (a missing file). What `URL.resolvingSymlinksInPath` gives for the zone files and folders
    /// asked about here, at a fiftieth of its cost (about 220,000 instructions a call).
    // bench: cli-jrnl/list_month_1000_vs_jrnl
    private static func resolvingLinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
