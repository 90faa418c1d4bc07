import Foundation
import TestSupport
import Testing

@testable import DiaryCLI

/// Photos and recordings drawn in the terminal (`show`, `show --photo N`, `list --preview`):
/// the bytes of each mode on a pseudo-terminal with the terminal types set, the terminal's own
/// answer to the graphics query taken, and the plain text wherever pictures do not belong.
@Suite struct PicturePreviewTests {
    /// The query diary writes to a terminal it does not know (kitty's graphics query, then DA1).
    static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

    /// A store with one entry holding a photo (turned by its EXIF orientation) and a recording.
    static func store() throws -> TestStore {
        let store = try TestStore()
        try store.succeed([
            "new", "--text", "Harbour", "--image", Fixture.path("jpeg-orientation-6.jpg"),
            "--audio", Fixture.path("audio-tone.wav"), "--on", "2026-11-29 14:03"
        ])
        return store
    }

    /// What starts each mode's pictures, and what no other mode writes.
    static let signatures: [(environment: [String: String], mode: String, marker: String)] = [
        (["TERM": "xterm-kitty"], "kitty", "\u{1B}_Ga=T,f=32,"),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], "iTerm2", "\u{1B}]1337;File=inline=1;"),
        (["TERM": "foot"], "sixel", "\u{1B}P0;1;0q"),
        (
            ["TERM": "xterm-256color", "COLORTERM": "truecolor", "TMUX": "/tmp/tmux-0/default,1,0"], "truecolor",
            "\u{1B}[38;2;"
        ),
        (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], "256 colours", "\u{1B}[38;5;")
    ]

    @Test func eachTerminalGetsItsOwnKindOfPicture() throws {
        let store = try Self.store()
        let plain = try store.succeed(["show", "1"]).stdout
        for (environment, mode, marker) in Self.signatures {
            let run = try runDiaryInTerminal(["show", "1"], store: store.url, environment: environment)
            #expect(run.status == 0, "\(mode): \(run)")
            // One picture under the photo's line and one under the recording's.
            #expect(
                run.stdout.components(separatedBy: marker).count - 1 >= 2,
                "\(mode): \(run.stdout.prefix(400).debugDescription)")
            for (_, other, otherMarker) in Self.signatures where other != mode && !otherMarker.hasPrefix("\u{1B}[38;") {
                #expect(!run.stdout.contains(otherMarker), "\(mode) wrote \(other)'s pictures")
            }
            // A known terminal is not asked anything.
            #expect(!run.stdout.contains(Self.query), "\(mode)")
            // The text is today's text, the pictures between its lines.
            let lines = TerminalSafetyTests.withoutColour(run.stdout).replacingOccurrences(of: "\r\n", with: "\n")
                .components(separatedBy: "\n")
            for line in plain.components(separatedBy: "\n") where !line.isEmpty {
                #expect(lines.contains(line), "\(mode): \(line) missing")
            }
            let photoLine = lines.firstIndex { $0.hasPrefix("  1  photo") } ?? 0
            let recordingLine = lines.firstIndex { $0.hasPrefix("  2  recording") } ?? 0
            #expect(recordingLine > photoLine + 1, "\(mode): nothing drawn under the photo")
        }
    }

    @Test func sixteenColourSymbolsOnTheLinuxConsoleOnceItHasNotAnswered() throws {
        let store = try Self.store()
        let run = try runDiaryInTerminal(["show", "1"], store: store.url, environment: ["TERM": "linux"])
        #expect(run.status == 0, "\(run)")
        // Asked, no answer within 100 ms: symbols in the 16 colours (SGR 30–37, 40–47, 90–97, 100–107).
        #expect(run.stdout.contains(Self.query))
        #expect(!run.stdout.contains("\u{1B}[38;2;") && !run.stdout.contains("\u{1B}[38;5;"))
        #expect(
            run.stdout.range(of: "\u{1B}\\[(3[0-7]|9[0-7]|4[0-7]|10[0-7])(;[0-9]+)*m", options: .regularExpression)
                != nil)
    }

    @Test func theTerminalsOwnAnswerPicksTheProtocol() throws {
        let store = try Self.store()
        // `script` hands what it reads to the terminal's input, as a terminal answering would.
        let sixel = try runDiaryInTerminal(
            ["show", "1"], store: store.url, environment: ["TERM": "xterm-256color"],
            typing: "\u{1B}[?62;4;6;22c")
        #expect(sixel.stdout.contains("\u{1B}P0;1;0q"), "\(sixel.stdout.prefix(600).debugDescription)")
        let kitty = try runDiaryInTerminal(
            ["show", "1"], store: store.url, environment: ["TERM": "xterm-256color"],
            typing: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")
        #expect(kitty.stdout.contains("\u{1B}_Ga=T,f=32,"), "\(kitty.stdout.prefix(600).debugDescription)")
        let neither = try runDiaryInTerminal(
            ["show", "1"], store: store.url, environment: ["TERM": "xterm-256color"],
            typing: "\u{1B}[?62;22c")
        #expect(neither.stdout.contains("\u{1B}[38;5;") && !neither.stdout.contains("\u{1B}P0;1;0q"))
    }

    @Test func noPreviewNoColourDumbTerminalsAndPipesGetTheTextExactly() throws {
        let store = try Self.store()
        let piped = try store.succeed(["show", "1"]).stdout
        #expect(!piped.contains("\u{1B}"))
        #expect(try store.succeed(["show", "1", "--no-preview"]).stdout == piped)
        let noPreview = try runDiaryInTerminal(
            ["show", "1", "--no-preview"], store: store.url,
            environment: ["TERM": "xterm-kitty"])
        for environment in [["NO_COLOR": "1", "TERM": "xterm-kitty"], ["TERM": "dumb"]] {
            let run = try runDiaryInTerminal(["show", "1"], store: store.url, environment: environment)
            #expect(!run.stdout.contains("\u{1B}_G") && !run.stdout.contains(Self.query), "\(environment)")
            #expect(!run.stdout.contains("\u{1B}"), "\(environment): \(run.stdout.debugDescription)")
            #expect(TerminalSafetyTests.withoutColour(noPreview.stdout) == run.stdout, "\(environment)")
        }
        #expect(!noPreview.stdout.contains("\u{1B}_G"))
        #expect(
            TerminalSafetyTests.withoutColour(noPreview.stdout).replacingOccurrences(of: "\r\n", with: "\n") == piped)
    }

    @Test func oneMediumAsLargeAsTheTerminalAllows() throws {
        let store = try Self.store()
        let run = try runDiaryInTerminal(
            ["show", "1", "--photo", "1"], store: store.url,
            environment: ["TERM": "xterm-kitty"])
        #expect(run.status == 0, "\(run)")
        // `script` gives an 80 x 24 terminal when it has none: the picture fills 23 rows (a line is
        // left for the prompt), its upright 4:3 aspect kept (48 x 64 stored, orientation 6).
        let header = try #require(run.stdout.range(of: "\u{1B}_Ga=T,f=32,[^;]*;", options: .regularExpression))
        let fields = run.stdout[header].dropFirst(2).dropLast().split(separator: ",")
        #expect(fields.contains("r=23"), "\(fields)")
        #expect(!run.stdout.contains("Harbour"))
        let waveform = try runDiaryInTerminal(
            ["show", "1", "--photo", "2"], store: store.url,
            environment: ["TERM": "xterm-kitty"])
        #expect(waveform.status == 0 && waveform.stdout.contains("\u{1B}_Ga=T,f=32,"), "\(waveform)")
        let missing = try runDiaryInTerminal(
            ["show", "1", "--photo", "3"], store: store.url,
            environment: ["TERM": "xterm-kitty"])
        #expect(missing.status == 64, "\(missing)")
        #expect(missing.stdout.contains("entry #1 has no medium 3"))
        let piped = try store.run(["show", "1", "--photo", "1"])
        #expect(piped.status == 64 && piped.stdout.isEmpty, "\(piped)")
        #expect(piped.stderr.contains("--photo draws on a terminal"))
        #expect(try store.run(["show", "1", "--photo", "1", "--json"]).status == 64)
    }

    @Test func listPreviewDrawsAStripOfPhotosPerEntry() throws {
        let store = try Self.store()
        try store.succeed(["new", "--text", "Words only", "--on", "2026-11-30 09:00"])
        try store.succeed([
            "new", "--text", "Two photos", "--image", Fixture.path("jpeg-baseline.jpg"),
            "--image", Fixture.path("png-rgb-8.png"), "--on", "2026-12-01 10:00"
        ])
        let run = try runDiaryInTerminal(["list", "--preview"], store: store.url, environment: ["TERM": "xterm-kitty"])
        #expect(run.status == 0, "\(run)")
        let pictures = run.stdout.components(separatedBy: "\u{1B}_Ga=T,f=32,").dropFirst()
        // One strip for each entry with photos (the recording is not drawn in a listing), three rows high.
        #expect(pictures.count == 2, "\(run.stdout.prefix(300).debugDescription)")
        for picture in pictures { #expect(picture.contains(",r=3,")) }
        let words = try #require(run.stdout.range(of: "Words only"))
        let after = run.stdout[words.upperBound...].prefix(200)
        #expect(after.contains("Harbour") || !after.prefix(while: { $0 != "#" }).contains("\u{1B}_G"))
        #expect(
            try runDiaryInTerminal(["list"], store: store.url, environment: ["TERM": "xterm-kitty"])
                .stdout.contains("\u{1B}_G") == false)
        #expect(try store.run(["list", "--preview", "--json"]).status == 64)
        #expect(try store.succeed(["list", "--preview"]).stdout == (try store.succeed(["list"]).stdout))
    }

    @Test func storedTextNeverReachesThePicturePath() throws {
        let store = try TerminalSafetyTests.hostileStore()
        for environment in [["TERM": "xterm-kitty"], ["TERM": "xterm-256color", "COLORTERM": "truecolor", "TMUX": "x"]]
        {
            let run = try runDiaryInTerminal(["show", "1"], store: store.url, environment: environment)
            let noPreview = try runDiaryInTerminal(
                ["show", "1", "--no-preview"], store: store.url, environment: environment)
            // Take the picture out and what is left is the text-only view, escapes and all.
            let lines = run.stdout.components(separatedBy: "\r\n")
            let kept = lines.filter {
                !$0.contains("\u{1B}_G") && !$0.contains("\u{1B}[38;2;") && !$0.contains("\u{1B}[48;2;")
            }
            #expect(kept.joined(separator: "\r\n") == noPreview.stdout, "\(environment)")
            // And a picture line holds only what the library writes: no byte of the stored text.
            for line in lines where !kept.contains(line) {
                #expect(!line.contains("owned") && !line.contains("pic"), "\(environment)")
            }
        }
    }
}

/// How the terminal is detected, from the environment and from its answer.
@Suite struct PictureModeDetectionTests {
    @Test func theEnvironmentNamesTheProtocolsTerminalsAreKnownBy() {
        #expect(PictureMode.detect(environment: ["TERM": "xterm-kitty"]) == .known(.kitty))
        #expect(PictureMode.detect(environment: ["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"]) == .known(.kitty))
        #expect(PictureMode.detect(environment: ["TERM": "xterm-ghostty"]) == .known(.kitty))
        #expect(
            PictureMode.detect(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]) == .known(.iterm2))
        #expect(
            PictureMode.detect(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]) == .known(.iterm2))
        #expect(PictureMode.detect(environment: ["TERM": "foot"]) == .known(.sixel))
        #expect(PictureMode.detect(environment: ["TERM": "mlterm"]) == .known(.sixel))
    }

    @Test func otherwiseTheColoursOfSymbolsAndWhetherToAsk() {
        #expect(
            PictureMode.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"])
                == .ask(symbols: .trueColor))
        #expect(
            PictureMode.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "24bit"])
                == .ask(symbols: .trueColor))
        #expect(PictureMode.detect(environment: ["TERM": "xterm-direct"]) == .ask(symbols: .trueColor))
        #expect(PictureMode.detect(environment: ["TERM": "xterm-256color"]) == .ask(symbols: .colors256))
        #expect(PictureMode.detect(environment: ["TERM": "xterm"]) == .ask(symbols: .colors16))
        #expect(PictureMode.detect(environment: ["TERM": "linux"]) == .ask(symbols: .colors16))
        // tmux and screen answer for themselves, so they are not asked; kitty inside tmux gets symbols.
        #expect(PictureMode.detect(environment: ["TERM": "tmux-256color", "TMUX": "x"]) == .symbols(.colors256))
        #expect(PictureMode.detect(environment: ["TERM": "screen"]) == .symbols(.colors16))
        #expect(PictureMode.detect(environment: ["TERM": "xterm-kitty", "TMUX": "x"]) == .symbols(.colors256))
    }

    @Test func answersAreReadWhenTheDeviceAttributesArrive() {
        func answer(_ text: String) -> TerminalGraphicsQuery.Answer? {
            TerminalGraphicsQuery.answer(from: Array(text.utf8))
        }
        #expect(answer("\u{1B}[?62;4;6;22c") == .sixel)
        #expect(answer("\u{1B}[?64;1;2;6;9;15;22c") == .none)
        #expect(answer("\u{1B}[?64;14;22c") == .none)
        #expect(answer("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c") == .kitty)
        #expect(answer("\u{1B}_Gi=31;ENOTSUPPORTED\u{1B}\\\u{1B}[?62;c") == .none)
        #expect(answer("\u{1B}_Gi=31;OK\u{1B}\\") == nil)
        #expect(answer("\u{1B}[?62;4") == nil)
        #expect(answer("") == nil)
    }
}
