import Testing

@testable import DiaryCLI

@Suite struct TerminalTests {
    func terminal(
        stdout: Bool = true, stderr: Bool = true, environment: [String: String] = [:],
        width: Int? = 80
    ) -> (Terminal, MemoryOutputWriter) {
        let errors = MemoryOutputWriter()
        let terminal = Terminal(
            standardOutput: MemoryOutputWriter(), standardError: errors,
            isStandardOutputTerminal: stdout, isStandardErrorTerminal: stderr, width: width,
            colorAllowed: Terminal.colorAllowed(environment: environment),
            canRewriteLines: Terminal.canRewriteLines(environment: environment))
        return (terminal, errors)
    }

    @Test func colourOnlyOnATerminal() {
        #expect(terminal(stdout: true).0.outputStyle.isEnabled)
        #expect(!terminal(stdout: false).0.outputStyle.isEnabled)
        #expect(terminal(stdout: false, stderr: true).0.errorStyle.isEnabled)
        #expect(!terminal(stdout: true, stderr: false).0.errorStyle.isEnabled)
    }

    @Test func noColorTurnsColourOffWhenSetToAnything() {
        #expect(!terminal(environment: ["NO_COLOR": "1"]).0.outputStyle.isEnabled)
        #expect(!terminal(environment: ["NO_COLOR": "false"]).0.errorStyle.isEnabled)
        // An empty NO_COLOR does not count (no-color.org).
        #expect(terminal(environment: ["NO_COLOR": ""]).0.outputStyle.isEnabled)
    }

    @Test func noColorKeepsProgress() {
        #expect(terminal(environment: ["NO_COLOR": "1"]).0.showsProgress)
    }

    @Test func dumbTerminalsGetNoColourAndNoProgress() {
        let dumb = terminal(environment: ["TERM": "dumb"]).0
        #expect(!dumb.outputStyle.isEnabled)
        #expect(!dumb.showsProgress)
        #expect(terminal(environment: ["TERM": "xterm-256color"]).0.outputStyle.isEnabled)
    }

    @Test func stylesVanishWhenColourIsOff() {
        let off = TextStyler(isEnabled: false)
        #expect(off.bold("Sunday") == "Sunday")
        #expect(off.apply(.red, .bold, to: "x") == "x")
        let on = TextStyler(isEnabled: true)
        #expect(on.bold("Sunday") == "\u{1B}[1mSunday\u{1B}[0m")
        #expect(on.apply(.red, .bold, to: "x") == "\u{1B}[31;1mx\u{1B}[0m")
        #expect(on.dim("") == "")
        #expect(on.apply(.cyan, .underline, to: "#travel").removingTerminalEscapes == "#travel")
    }

    @Test func progressRewritesOneLineOnATerminal() {
        let (terminal, errors) = terminal(stderr: true)
        let progress = terminal.progressReporter()
        progress.update(completed: 3, total: 10, "importing IMG_0042.jpg")
        progress.update(completed: 4, total: 10, "importing IMG_0043.jpg")
        progress.finish()
        #expect(
            errors.text == "\r[3/10] importing IMG_0042.jpg\u{1B}[K\r[4/10] importing IMG_0043.jpg\u{1B}[K\r\u{1B}[K")
    }

    @Test func progressIsSilentWhenStderrIsNotATerminal() {
        let (terminal, errors) = terminal(stderr: false)
        let progress = terminal.progressReporter()
        progress.update(completed: 1, total: 2, "importing a.jpg")
        progress.finish()
        #expect(errors.text == "")
    }

    @Test func progressLinesAreCutToTheTerminalWidth() {
        let (terminal, errors) = terminal(stderr: true, width: 20)
        terminal.progressReporter().update(completed: 1, total: 2, "importing a-very-long-file-name.jpg")
        #expect(errors.text == "\r[1/2] importing a-…\u{1B}[K")
    }
}

@Suite struct TerminalColumnsTests {
    @Test func wideCharactersTakeTwoColumns() {
        #expect("Beach day".terminalColumns == 9)
        #expect("日記".terminalColumns == 4)
        #expect("📷 x".terminalColumns == 4)
        #expect("e\u{301}".terminalColumns == 1)
    }

    @Test func truncationEndsInAnEllipsisAndFitsTheColumns() {
        #expect("Beach day at the sea".truncated(toColumns: 10) == "Beach day…")
        #expect("Beach day".truncated(toColumns: 9) == "Beach day")
        #expect("日記日記日記".truncated(toColumns: 6) == "日記…")
        #expect("日記日記日記".truncated(toColumns: 6).terminalColumns <= 6)
        #expect("abc".truncated(toColumns: 0) == "")
    }
}

@Suite struct TerminalEscaperTests {
    let on = TerminalEscaper(isEnabled: true)

    @Test func controlAndBidiCharactersBecomeVisibleEscapes() {
        #expect(on.escaped("a\u{1B}[2Jb") == #"a\u{1B}[2Jb"#)
        #expect(on.escaped("\u{0}\u{7}\u{7F}\u{80}\u{9B}\u{9F}") == #"\u{0}\u{7}\u{7F}\u{80}\u{9B}\u{9F}"#)
        #expect(on.escaped("\u{202A}\u{202E}\u{2066}\u{2069}") == #"\u{202A}\u{202E}\u{2066}\u{2069}"#)
        #expect(on.escaped("lone\rCR") == #"lone\u{D}CR"#)
    }

    @Test func newlinesTabsAndOrdinaryTextStayAsTheyAre() {
        for text in [
            "Beach day", "line\nnext\ttab", "crlf\r\nnext", "Käse 東京 🌊 \u{A0}\u{2029}\u{202F}\u{2065}\u{206A}", ""
        ] {
            #expect(on.escaped(text) == text)
        }
    }

    @Test func offLeavesEverythingAsItIs() {
        #expect(TerminalEscaper(isEnabled: false).escaped("a\u{1B}[2J\u{202E}") == "a\u{1B}[2J\u{202E}")
    }

    @Test func escapingFollowsEachStreamBeingATerminal() {
        let terminal = Terminal(
            standardOutput: MemoryOutputWriter(), standardError: MemoryOutputWriter(),
            isStandardOutputTerminal: true, isStandardErrorTerminal: false, colorAllowed: false)
        #expect(terminal.outputEscaper.isEnabled)
        #expect(!terminal.errorEscaper.isEnabled)
    }

    @Test func progressLinesEscapeFileNames() {
        let errors = MemoryOutputWriter()
        ProgressReporter(writer: errors, isEnabled: true, width: nil).update(
            completed: 1, total: 1, "importing a\u{1B}[2J.jpg")
        #expect(errors.text == "\r[1/1] importing a\\u{1B}[2J.jpg\u{1B}[K")
    }
}
