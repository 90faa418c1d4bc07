import Foundation
import TestSupport
import Testing

@testable import DiaryKit

/// Chromium's path on PATH (`chromium` or `chromium-browser`), nil when it is absent.
private let chromiumPath: String? = {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    for name in ["chromium", "chromium-browser"] {
        for folder in folders {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
    }
    return nil
}()

// Skipped where Chromium is absent: `make test-deps` (apt-get install chromium) enables it.
@Suite(
    .enabled(
        if: chromiumPath != nil,
        "Chromium is not installed (apt-get install chromium): index.html browser check skipped"))
struct BundleBrowserTests {
    /// Appended to a copy of index.html: reports whether every image decoded and how
    /// many audio players there are, in the DOM that Chromium dumps.
    private static let probe = """
        <script>
        window.addEventListener("load", () => {
          const images = Array.from(document.images);
          const loaded = images.length > 0 && images.every(i => i.complete && i.naturalWidth > 0);
          const result = document.createElement("pre");
          result.id = "probe";
          result.textContent = "images=" + images.length + " loaded=" + loaded +
            " audio=" + document.querySelectorAll("audio").length;
          document.body.appendChild(result);
        });
        </script>
        """

    @Test func exportedPageLoadsItsImageAndHasAnAudioPlayer() throws {
        let folder = try TemporaryDirectory(prefix: "diarykit-tests")
        let bundle = try BundleWriter(timeZone: testTimeZone)
            .write(try TestEntries.beachDay(in: folder), to: try folder.folder("out"))
        let page = try String(contentsOf: bundle.appendingPathComponent("index.html"), encoding: .utf8)
        let probeURL = bundle.appendingPathComponent("probe.html")
        try Data(page.replacingOccurrences(of: "</body>", with: Self.probe + "\n</body>").utf8)
            .write(to: probeURL)

        let dom = try dumpDOM(of: probeURL, profile: try folder.folder("chromium-profile"))

        #expect(dom.contains("images=1 loaded=true audio=1"), "Chromium's DOM: \(dom.suffix(600))")
    }

    /// Runs headless Chromium on `url` and returns the DOM it dumps after loading.
    private func dumpDOM(of url: URL, profile: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(chromiumPath))
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu",
            "--user-data-dir=\(profile.path)", "--no-first-run",
            "--virtual-time-budget=3000", "--dump-dom", url.absoluteString
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A hung browser must not hang the suite.
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return String(decoding: data, as: UTF8.self)
    }
}
