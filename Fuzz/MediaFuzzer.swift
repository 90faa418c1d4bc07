// libFuzzer harness over MediaKit's probes, validators and one-pass imports.
// Built by Fuzz/run-fuzz.sh together with MediaKit's sources into one module:
// `-D FUZZ_IMAGE` for the image target, `-D FUZZ_AUDIO` for the audio target.
import Foundation

/// Where each input is written: MediaKit reads files, as in the product.
private let inputPath = "/dev/shm/mediakit-fuzz-\(getpid())"
/// Small limits so legitimately huge images do not count as timeouts.
private let inspector = MediaInspector(limits: MediaLimits(maxPixels: 4_000_000, maxFileSize: 16 << 20))

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard let file = fopen(inputPath, "wb") else { return 0 }
    fwrite(data, 1, size, file)
    fclose(file)
    let url = URL(fileURLWithPath: inputPath)
    _ = try? inspector.sniff(fileAt: url)
    _ = try? inspector.probe(fileAt: url)
    #if FUZZ_IMAGE
        _ = try? inspector.importImage(fileAt: url, thumbnailMaxSide: 64)
        _ = try? inspector.thumbnail(fileAt: url, maxSide: 16, format: .png)
        // Side 8 of the 64-pixel fixtures takes the 1/8 path (the compact progressive store).
        _ = try? inspector.thumbnail(fileAt: url, maxSide: 8, format: .png)
    #else
        _ = try? inspector.validate(fileAt: url)
        if let (_, peaks) = try? inspector.importAudio(fileAt: url, peakCount: 32) {
            _ = try? inspector.waveformImage(peaks: peaks, width: 40, height: 16)
        }
    #endif
    return 0
}
