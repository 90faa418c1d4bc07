import Foundation
import TestSupport
import Testing

/// Text from the store or from the command line never controls the terminal it is shown on:
/// C0 and C1 controls (but newline and tab) and the bidi overrides and isolates are shown as
/// visible `\u{…}` escapes on a terminal, as they are; a pipe gets the text as it is; JSON
/// escapes them.
@Suite struct TerminalSafetyTests {
    /// Clears the screen, sets the window title, a C1 CSI, a right-to-left override, a lone
    /// carriage return that would overwrite the line, and a CRLF that does no harm.
    static let hostileText =
        "Hi \u{1B}[2J\u{1B}]0;owned\u{07} \u{9B}31m \u{202E}evil\u{202C} \u{2067}iso\u{2069} lone\rCR\r\nnext\ttab"
    static let shownText =
        #"Hi \u{1B}[2J\u{1B}]0;owned\u{7} \u{9B}31m \u{202E}evil\u{202C} \u{2067}iso\u{2069} lone\u{D}CR"#
    static let hostileTag = "x\u{1B}[5my"
    static let hostileFileName = "pic\u{1B}[8m\u{202E}gpj.jpg"

    /// Whether `text` holds a character that can make a terminal do something: a control
    /// character other than newline, carriage return and tab (a pseudo-terminal turns every
    /// newline into CRLF), or a bidi override or isolate.
    static func controlsTerminal(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A, 0x0D, 0x09: false
            case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    /// `text` without the colour sequences diary itself writes (`ESC [ digits ; … m`), and
    /// without the graphics query it writes to a terminal it does not know before drawing a picture.
    static func withoutColour(_ text: String) -> String {
        text.replacingOccurrences(of: PicturePreviewTests.query, with: "")
            .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// A store holding one entry with the hostile text, tag and file name.
    static func hostileStore() throws -> TestStore {
        let store = try TestStore()
        let picture = store.scratch.appendingPathComponent(hostileFileName)
        try FileManager.default.copyItem(atPath: Fixture.path("jpeg-baseline.jpg"), toPath: picture.path)
        try store.succeed(["new", "--text", hostileText, "--tag", hostileTag, "--image", picture.path])
        return store
    }

    @Test func storedTextIsShownAsVisibleEscapesOnATerminal() throws {
        let store = try Self.hostileStore()
        for arguments in [["show", "1"], ["list"], ["search", "Hi"], ["tags"]] {
            for environment in [["NO_COLOR": "1"], [:]] {
                let run = try runDiaryInTerminal(arguments, store: store.url, environment: environment)
                let shown = Self.withoutColour(run.stdout)
                #expect(run.status == 0, "diary \(arguments.joined(separator: " ")): \(run)")
                #expect(
                    !Self.controlsTerminal(shown),
                    "diary \(arguments.joined(separator: " ")): \(shown.debugDescription)")
                if environment.isEmpty { continue }
                #expect(!run.stdout.contains("\u{1B}"))
                switch arguments[0] {
                case "show":
                    // The stored CRLF, after the pseudo-terminal made its LF a CRLF.
                    #expect(shown.contains(Self.shownText + "\r\r\nnext\ttab"), "\(shown.debugDescription)")
                    #expect(shown.contains(#"#x\u{1B}[5my"#))
                    #expect(shown.contains(#"pic\u{1B}[8m\u{202E}gpj.jpg"#))
                case "tags":
                    #expect(shown.contains(#"#x\u{1B}[5my  1 entry"#), "\(shown.debugDescription)")
                default:
                    #expect(shown.contains(#"Hi \u{1B}[2J\u{1B}]0;owned"#), "\(shown.debugDescription)")
                    #expect(shown.contains(#"#x\u{1B}[5my"#))
                }
            }
        }
    }

    @Test func aPipeGetsTheTextAsItIs() throws {
        let store = try Self.hostileStore()
        let shown = try store.succeed(["show", "1"]).stdout
        #expect(shown.contains("\n" + Self.hostileText + "\n"))
        #expect(shown.contains("#" + Self.hostileTag))
        #expect(shown.contains(Self.hostileFileName))
        #expect(try store.succeed(["tags"]).stdout.hasPrefix("#" + Self.hostileTag))
    }

    @Test func jsonEscapesControlsAndBidiCharactersAndKeepsTheText() throws {
        let store = try Self.hostileStore()
        let raw = try store.succeed(["show", "1", "--json"]).stdout
        #expect(!Self.controlsTerminal(raw))
        #expect(
            raw.contains(
                #"Hi \u001b[2J\u001b]0;owned\u0007 \u009b31m \u202eevil\u202c \u2067iso\u2069 lone\rCR\r\nnext\ttab"#))
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(raw.utf8)) as? [String: Any])
        #expect(entry["text"] as? String == Self.hostileText)
        #expect(entry["tags"] as? [String] == [Self.hostileTag])
    }

    @Test func errorsNamingAFileEscapeItOnATerminal() throws {
        let store = try TestStore()
        try store.succeed(["new", "--text", "first"])
        let missing = store.scratch.appendingPathComponent("gone\u{1B}[2J\u{9B}\u{202E}.jpg").path
        let before = try store.snapshot()
        let run = try runDiaryInTerminal(
            ["new", "--text", "x", "--image", missing], store: store.url,
            environment: ["NO_COLOR": "1"])
        #expect(run.status == 66, "\(run)")
        #expect(!Self.controlsTerminal(run.stdout), "\(run.stdout.debugDescription)")
        #expect(run.stdout.contains(#"gone\u{1B}[2J\u{9B}\u{202E}.jpg"#), "\(run.stdout.debugDescription)")
        #expect(try store.snapshot() == before)
        // Not on a terminal: the name as it is, so a script can use it.
        let piped = try store.run(["new", "--text", "x", "--image", missing])
        #expect(piped.stderr.contains(missing))
    }

    @Test func usageErrorsEscapeWhatWasTypedOnATerminal() throws {
        let store = try TestStore()
        let run = try runDiaryInTerminal(
            ["list", "--on", "2026\u{1B}[2J"], store: store.url, environment: ["NO_COLOR": "1"])
        #expect(run.status == 64, "\(run)")
        #expect(!Self.controlsTerminal(run.stdout), "\(run.stdout.debugDescription)")
        #expect(run.stdout.contains(#"2026\u{1B}[2J"#))
    }
}
