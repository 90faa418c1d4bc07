internal import CCmarkGFM
internal import CDeferredLibraries
import Foundation

/// Entry text, written as GitHub-flavoured Markdown, as HTML for a page: cmark-gfm with the
/// table, strikethrough, autolink, tagfilter and task-list extensions, line breaks kept as typed.
///
/// Nothing in the text becomes markup of its own: raw HTML (a `<script>`, an `<img onerror>`)
/// is turned into text before rendering, so it shows as typed, escaped, and cmark-gfm runs
/// without `CMARK_OPT_UNSAFE`, which also drops `javascript:` and other unsafe link targets.
/// When libcmark-gfm cannot be loaded the text is shown as escaped paragraphs instead.
enum MarkdownRenderer {
    /// The cmark-gfm extensions every page is rendered with.
    static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Renders with this version of the rules; part of every book page's fingerprint, so
    /// changing how text renders (here or in the pages) rewrites every page.
    static let version = 2

    /// Why the library is unusable, or nil once it is loaded and its extensions registered.
    private static let loadError: String? = {
        if let reason = cdl_cmark_load_error() { return String(cString: reason) }
        cmark_gfm_core_extensions_ensure_registered()
        return nil
    }()

    /// `text` as HTML block elements (no surrounding element); "" for blank text.
    static func html(_ text: String) -> String {
        guard !text.allSatisfy(\.isWhitespace) else { return "" }
        if loadError == nil, let rendered = render(text) { return rendered }
        return paragraphs(text)
    }

    /// Through cmark-gfm; nil when a call fails (out of memory, a missing extension).
    private static func render(_ text: String) -> String? {
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_HARDBREAKS
        guard let parser = cmark_parser_new(options) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            guard let found = cmark_find_syntax_extension(name),
                cmark_parser_attach_syntax_extension(parser, found) != 0
            else { return nil }
        }
        var source = text
        source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let document = cmark_parser_finish(parser) else { return nil }
        defer { cmark_node_free(document) }
        guard textifyRawHTML(in: document),
            let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser))
        else {
            return nil
        }
        defer { release(rendered) }
        return String(cString: rendered)
    }

    /// Replaces every raw HTML node under `document` by text holding the same characters (a
    /// block by a paragraph of it), so the renderer escapes it. False when a node cannot be made.
    private static func textifyRawHTML(in document: OpaquePointer) -> Bool {
        guard let iterator = cmark_iter_new(document) else { return false }
        var raw: [OpaquePointer] = []
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE { raw.append(node) }
        }
        cmark_iter_free(iterator)
        for node in raw {
            let isBlock = cmark_node_get_type(node) == CMARK_NODE_HTML_BLOCK
            var literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            if isBlock { while literal.last?.isNewline == true { literal.removeLast() } }
            guard let text = cmark_node_new(CMARK_NODE_TEXT), cmark_node_set_literal(text, literal) != 0 else {
                return false
            }
            var replacement = text
            if isBlock {
                guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else {
                    cmark_node_free(text)
                    return false
                }
                _ = cmark_node_append_child(paragraph, text)
                replacement = paragraph
            }
            guard cmark_node_replace(node, replacement) != 0 else {
                cmark_node_free(replacement)
                return false
            }
            cmark_node_free(node)
        }
        return true
    }

    /// Frees what `cmark_render_html` returned, through cmark's own allocator.
    private static func release(_ pointer: UnsafeMutablePointer<CChar>) {
        if let allocator = cmark_get_default_mem_allocator(), let free = allocator.pointee.free {
            free(pointer)
        }
    }

    /// The fallback: paragraphs split at blank lines, line breaks kept, everything escaped.
    static func paragraphs(_ text: String) -> String {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        var blocks: [[Substring]] = [[]]
        for line in normalized.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !(blocks.last?.isEmpty ?? true) { blocks.append([]) }
            } else {
                blocks[blocks.count - 1].append(line)
            }
        }
        return blocks.filter { !$0.isEmpty }.map { lines in
            "<p>" + lines.map { EntryPage.escape(String($0)) }.joined(separator: "<br>\n") + "</p>"
        }.joined(separator: "\n") + "\n"
    }
}
