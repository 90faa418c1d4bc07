/// Safe, unique file names for the `media/` folder of a bundle, derived from the media's
/// original names.
enum MediaFileName {
    /// The longest name base (without extension) kept from an original name.
    static let maximumBaseLength = 80

    /// One name per medium, in order: only ASCII letters, digits, `.`, `_` and `-`, no
    /// leading dot or hyphen, the extension of the MIME type the content was found to be
    /// (the original's own spelling of it, `.JPG` or `.jpeg`, is kept; any other is
    /// replaced, so a JPEG called `x.html` is written as `x.jpg`, never as a page), and
    /// `-2`, `-3`, … where two would clash (case-insensitively).
    static func names(for media: [MediumSnapshot]) -> [String] {
        var taken = Set<String>()
        return media.enumerated().map { position, medium in
            let (base, ext) = parts(of: medium, position: position)
            let name = BundleName.unique(stem: base, suffix: ext) { taken.contains($0.lowercased()) }
            taken.insert(name.lowercased())
            return name
        }
    }

    /// The name of each medium's copy for browsers (`IMG_1.heic` gets `IMG_1.jpg`, or
    /// `IMG_1-2.jpg` when a medium has that name; `Memo.aiff` and an ALAC `Memo.m4a` get
    /// `Memo.wav`), nil for media browsers show or play as they are; an MP4 recording gets a
    /// name in case its content needs a copy. `names` are the originals' names from ``names(for:)``.
    static func browserCopyNames(for media: [MediumSnapshot], names: [String]) -> [String?] {
        var taken = Set(names.map { $0.lowercased() })
        return zip(media, names).map { medium, name in
            guard let kind = BrowserCopy.needed(for: medium) ?? (BrowserCopy.dependsOnContent(medium) ? .wav : nil)
            else { return nil }
            let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
            let copy = BundleName.unique(stem: base, suffix: "." + kind.fileExtension) {
                taken.contains($0.lowercased())
            }
            taken.insert(copy.lowercased())
            return copy
        }
    }

    /// The cleaned base and extension (with its dot, or "") of one medium.
    private static func parts(of medium: MediumSnapshot, position: Int) -> (String, String) {
        // Whatever a path separator precedes is a folder name from another machine.
        let lastComponent =
            medium.originalFileName
            .split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var base = clean(lastComponent)
        var ext = ""
        if let dot = lastComponent.lastIndex(of: "."), dot > lastComponent.startIndex {
            let candidate = clean(String(lastComponent[lastComponent.index(after: dot)...]))
            if !candidate.isEmpty, candidate.count <= 8, !candidate.contains(".") {
                ext = "." + candidate
                base = clean(String(lastComponent[..<dot]))
            }
        }
        base = trimmed(String(base.prefix(maximumBaseLength)))
        if base.isEmpty { base = "\(medium.kind.rawValue)-\(position + 1)" }
        // The content decides: the name's extension stays only when it spells the MIME type.
        if !spellings(of: medium.mimeType).contains(String(ext.dropFirst()).lowercased()) {
            ext = defaultExtension(for: medium.mimeType).map { "." + $0 } ?? ""
        }
        return (base, ext)
    }

    /// Runs of unsafe characters become one `-`; leading dots and hyphens are dropped.
    private static func clean(_ name: String) -> String {
        var out = ""
        var pendingHyphen = false
        for scalar in name.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-":
                if pendingHyphen, !out.isEmpty { out += "-" }
                pendingHyphen = false
                out.unicodeScalars.append(scalar)
            default:
                pendingHyphen = true
            }
        }
        return trimmed(out)
    }

    private static func trimmed(_ name: String) -> String {
        var name = Substring(name)
        while let first = name.first, first == "." || first == "-" { name = name.dropFirst() }
        while let last = name.last, last == "." || last == "-" { name = name.dropLast() }
        return String(name)
    }

    /// The usual extension for a MIME type, so a browser and a file manager know the file;
    /// nil for a type without one (then the file gets no extension at all).
    static func defaultExtension(for mimeType: String) -> String? {
        spellings(of: mimeType).first
    }

    /// The extensions (lower case, the usual one first) that name files of a MIME type.
    static func spellings(of mimeType: String) -> [String] {
        switch mimeType.lowercased() {
        case "image/jpeg": return ["jpg", "jpeg", "jpe"]
        case "image/png": return ["png"]
        case "image/heic": return ["heic"]
        case "image/heif": return ["heif", "heifs"]
        case "image/avif": return ["avif"]
        case "image/webp": return ["webp"]
        case "audio/mp4", "audio/x-m4a", "audio/m4a": return ["m4a", "mp4"]
        case "audio/wav", "audio/x-wav", "audio/wave": return ["wav", "wave"]
        case "audio/flac", "audio/x-flac": return ["flac"]
        case "audio/ogg": return ["ogg", "oga", "opus"]
        case "audio/mpeg": return ["mp3"]
        case "audio/aiff", "audio/x-aiff": return ["aiff", "aif", "aifc"]
        case "audio/basic": return ["au", "snd"]
        case "audio/x-caf": return ["caf"]
        default: return []
        }
    }
}
