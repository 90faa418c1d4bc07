import MediaKit

/// What a medium in an entry is: a photo or a sound recording. One concept with MediaKit's
/// ``MediaKit/MediaKind`` (this is that type, under the name DiaryKit's API uses), so what
/// sniffing or probing finds is an entry's kind as it is, with nothing to convert.
///
/// The raw values (`image`, `audio`) are the `kind` strings of `entry.json` and of the
/// `--json` output; ``MediaKit/MediaKind/acceptedFormats`` names each kind's formats.
public typealias MediumKind = MediaKind
