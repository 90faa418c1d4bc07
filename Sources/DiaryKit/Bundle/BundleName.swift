import Foundation

/// How a bundle is named: `<local date>-<slug>`, e.g. `2026-11-29-beach-day`.
enum BundleName {
    /// The longest slug; longer ones are cut at the last word boundary before it.
    static let maximumSlugLength = 40

    /// `<yyyy-MM-dd of creationTime in timeZone>-<slug of the text's first line>`.
    static func stem(for entry: EntrySnapshot, timeZone: any TimeZoneRules) -> String {
        WallClockTime(entry.creationTime, in: timeZone).dayString + "-" + slug(entry.text ?? "")
    }

    /// The first line of `text` in lower case with diacritics folded, every run of other
    /// characters than ASCII letters and digits turned into one hyphen, at most
    /// `maximumSlugLength` characters cut on a word boundary; `entry` when nothing is left.
    static func slug(_ text: String) -> String {
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let folded =
            firstLine
            .folding(
                options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive],
                locale: nil
            )
            .lowercased()
        var slug = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            let spelled = asciiSpelling(scalar)
            if spelled.isEmpty {
                pendingHyphen = !slug.isEmpty
                continue
            }
            if pendingHyphen { slug += "-" }
            pendingHyphen = false
            slug += spelled
        }
        if slug.count > maximumSlugLength {
            let head = slug.prefix(maximumSlugLength + 1)
            if let cut = head.lastIndex(of: "-"), cut > head.startIndex {
                slug = String(head[..<cut])
            } else {
                slug = String(slug.prefix(maximumSlugLength))
            }
        }
        return slug.isEmpty ? "entry" : slug
    }

    /// A letter or digit as ASCII (ligatures and letters folding leaves alone spelled out),
    /// or "" for anything else.
    private static func asciiSpelling(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "a"..."z", "0"..."9": return String(scalar)
        case "ß": return "ss"
        case "æ": return "ae"
        case "œ": return "oe"
        case "ø": return "o"
        case "đ", "ð": return "d"
        case "ł": return "l"
        case "þ": return "th"
        case "ı": return "i"
        default: return ""
        }
    }

    /// The first of `stem + suffix`, `stem-2 + suffix`, `stem-3 + suffix`, … for which
    /// `isTaken` is false.
    static func unique(stem: String, suffix: String, isTaken: (String) -> Bool) -> String {
        var candidate = stem + suffix
        var number = 2
        while isTaken(candidate) {
            candidate = "\(stem)-\(number)\(suffix)"
            number += 1
        }
        return candidate
    }
}
