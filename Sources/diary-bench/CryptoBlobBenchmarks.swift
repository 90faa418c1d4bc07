// The blob rows of the `crypto` suite: an encrypted BlobStore beside a plain one in the same
// run. Blob encryption throughput (stage = read, hash, seal, write, fsync; and the streamed
// decryption back) against the plain store's copy of the same file, and `diary new`'s media
// step (a 12 MP JPEG and a 3-minute WAV checked, copied and saved) into an encrypted diary
// against a plain one. Other crypto rows (the database) live beside these in the same suite:
// `runCryptoBlobBenchmarks(json:)` is called from there, one line.
import CMediaShim
import DiaryKit
import Foundation
import ObjectGraph

/// Runs the blob rows of the `crypto` suite; prints one line per result (JSON lines with `json`).
/// - Throws: ``BenchmarkFailure`` when the media cannot be made; store errors.
func runCryptoBlobBenchmarks(json: Bool) throws {
    let reporter = BenchmarkReporter(suite: "crypto", json: json)
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("diary-bench-cryptoblobs-\(getpid())")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let key = try StoreEncryptionKey.random()

    // Throughput: a 128 MB file of incompressible bytes, staged and committed, then read back.
    let big = root.appendingPathComponent("big.bin")
    try writeNoise(to: big, byteCount: 128 << 20)
    let megabytes = Double(128)
    let plainStore = try BlobStore(directory: root.appendingPathComponent("Plain.blobs"))
    let encryptedStore = try BlobStore(directory: root.appendingPathComponent("Encrypted.blobs"), encryptionKey: key)
    func stage(_ store: BlobStore) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let reference = try store.commit(try store.stage(fileAt: big))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        try store.remove(sha256: reference.sha256)
        return seconds
    }
    func read(_ store: BlobStore, _ reference: BlobReference) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try store.openContents(reference).stream(mappingErrors: { $0 }) { (_) throws(BlobStoreError) in }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    var stagePlain: [Double] = [], stageEncrypted: [Double] = []
    for _ in 0..<5 {
        stagePlain.append(try stage(plainStore))
        stageEncrypted.append(try stage(encryptedStore))
    }
    reporter.report(
        "blob_stage_128mb_encrypted_vs_plain_mb_per_second",
        value: megabytes / ProcessTimer.median(stageEncrypted),
        baseline: megabytes / ProcessTimer.median(stagePlain), unit: "MB/s")
    let plainReference = try plainStore.commit(try plainStore.stage(fileAt: big))
    let encryptedReference = try encryptedStore.commit(try encryptedStore.stage(fileAt: big))
    var readPlain: [Double] = [], readEncrypted: [Double] = []
    for _ in 0..<5 {
        readPlain.append(try read(plainStore, plainReference))
        readEncrypted.append(try read(encryptedStore, encryptedReference))
    }
    reporter.report(
        "blob_read_128mb_decrypted_vs_plain_mb_per_second",
        value: megabytes / ProcessTimer.median(readEncrypted),
        baseline: megabytes / ProcessTimer.median(readPlain), unit: "MB/s")

    // What padding to a bucket costs: a photo-sized file (12,345,678 bytes, padded to 12,582,912:
    // 1.9 % more to seal and write) staged and read back padded (layout 3, written now) and
    // unpadded (layout 2, as before padding), alternating, median of 9; wall time (with the
    // fsync) and the process's CPU time (both cores: hashing beside sealing), which a busy
    // machine moves less.
    let photoSized = root.appendingPathComponent("photo-sized.bin")
    try writeNoise(to: photoSized, byteCount: 12_345_678)
    let padded = try BlobStore(
        directory: root.appendingPathComponent("Padded.blobs"), encryptionKey: key, padsFiles: true)
    let unpadded = try BlobStore(
        directory: root.appendingPathComponent("Unpadded.blobs"), encryptionKey: key, padsFiles: false)
    // [padded?][stage wall, stage CPU, read wall, read CPU]
    var samples = [[[Double]]](repeating: [[Double]](repeating: [], count: 4), count: 2)
    for _ in 0..<9 {
        for isPadded in [false, true] {
            let store = isPadded ? padded : unpadded
            let (start, startCPU) = (DispatchTime.now().uptimeNanoseconds, processCPUSeconds())
            let reference = try store.commit(try store.stage(fileAt: photoSized))
            let (staged, stagedCPU) = (
                Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, processCPUSeconds() - startCPU
            )
            let readCPU = processCPUSeconds()
            let readBack = try read(store, reference)
            let readBackCPU = processCPUSeconds() - readCPU
            try store.remove(sha256: reference.sha256)
            for (index, value) in [staged, stagedCPU, readBack, readBackCPU].enumerated() {
                samples[isPadded ? 1 : 0][index].append(value)
            }
        }
    }
    for (index, name) in [
        "blob_stage_12mb_padded_vs_unpadded", "blob_stage_12mb_padded_vs_unpadded_cpu",
        "blob_read_12mb_padded_vs_unpadded", "blob_read_12mb_padded_vs_unpadded_cpu"
    ].enumerated() {
        reporter.report(
            name, value: ProcessTimer.median(samples[1][index]), baseline: ProcessTimer.median(samples[0][index]))
    }

    // `diary new`'s media step: both files checked and copied on every core, then the save.
    let photo = root.appendingPathComponent("photo-12mp.jpg"),
        recording = root.appendingPathComponent("recording-3min.wav")
    try writeJPEG(to: photo, width: 4000, height: 3000)
    try writeWAV(to: recording, seconds: 180)
    let plainDiary = try Diary(directory: root.appendingPathComponent("plain"))
    let encryptedDiary = try Diary(
        directory: root.appendingPathComponent("encrypted"), key: DiaryKey(dataKey: key, identifier: UUID()))
    func importMedia(_ diary: Diary) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let editor = try diary.newEntry()
        editor.text = "Harbour at dusk"
        try editor.addMedia([MediaRequest(photo, expected: .image), MediaRequest(recording, expected: .audio)])
        let record = try editor.save()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        _ = try diary.deleteEntry(id: record.id)
        return seconds
    }
    _ = try importMedia(plainDiary)
    _ = try importMedia(encryptedDiary)
    var importPlain: [Double] = [], importEncrypted: [Double] = []
    for _ in 0..<7 {
        importPlain.append(try importMedia(plainDiary))
        importEncrypted.append(try importMedia(encryptedDiary))
    }
    reporter.report(
        "import_12mp_jpeg_3min_wav_encrypted_blobs_vs_plain", value: ProcessTimer.median(importEncrypted),
        baseline: ProcessTimer.median(importPlain), unit: "s")
}

/// The CPU time this process has used, user and system, on all its threads.
private func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// Writes `byteCount` pseudo-random bytes (xorshift), 1 MiB at a time.
private func writeNoise(to url: URL, byteCount: Int) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw BenchmarkFailure("cannot create \(url.path)")
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var block = [UInt64](repeating: 0, count: (1 << 20) / 8)
    var left = byteCount
    while left > 0 {
        for index in block.indices {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            block[index] = state
        }
        let count = min(left, 1 << 20)
        try handle.write(contentsOf: block.withUnsafeBytes { Data($0.prefix(count)) })
        left -= count
    }
}

/// A `width` × `height` JPEG at quality 90: noise over a gradient, about a byte per pixel like a photo.
private func writeJPEG(to url: URL, width: Int, height: Int) throws {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    var state: UInt32 = 7
    for y in 0..<height {
        for x in 0..<width {
            state = state &* 1_664_525 &+ 1_013_904_223
            let noise = Int(state >> 27) - 16
            let base = (y * width + x) * 3
            pixels[base] = UInt8(clamping: 80 + x * 100 / width + noise)
            pixels[base + 1] = UInt8(clamping: 120 + y * 80 / height + noise)
            pixels[base + 2] = UInt8(clamping: 200 - x * 60 / width + noise)
        }
    }
    var output: UnsafeMutablePointer<UInt8>?
    var length = 0
    var message = [CChar](repeating: 0, count: 256)
    guard cms_jpeg_encode_rgb(pixels, UInt32(width), UInt32(height), 90, &output, &length, &message, 256) == CMS_OK,
        let output
    else { throw BenchmarkFailure("libjpeg could not encode the benchmark photo") }
    defer { cms_free(output) }
    try Data(bytes: output, count: length).write(to: url)
}

/// A 44.1 kHz 16-bit stereo WAV of `seconds` of a slowly sweeping tone with a little noise.
private func writeWAV(to url: URL, seconds: Int) throws {
    let rate = 44_100, frames = rate * seconds
    var header = Data("RIFF".utf8)
    func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { header.append(contentsOf: $0) }
    }
    append(UInt32(36 + frames * 4))
    header.append(contentsOf: Data("WAVEfmt ".utf8))
    append(UInt32(16)); append(UInt16(1)); append(UInt16(2)); append(UInt32(rate)); append(UInt32(rate * 4))
    append(UInt16(4)); append(UInt16(16))
    header.append(contentsOf: Data("data".utf8))
    append(UInt32(frames * 4))
    guard FileManager.default.createFile(atPath: url.path, contents: header) else {
        throw BenchmarkFailure("cannot create \(url.path)")
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.seekToEnd()
    var state: UInt32 = 11
    var samples = [Int16](repeating: 0, count: rate * 2)
    for second in 0..<seconds {
        for frame in 0..<rate {
            state = state &* 1_664_525 &+ 1_013_904_223
            let time = Double(second * rate + frame) / Double(rate)
            let value = sin(2 * Double.pi * (220 + time) * time) * 6000 + Double(Int(state >> 24) - 128) * 8
            samples[frame * 2] = Int16(value)
            samples[frame * 2 + 1] = Int16(value * 0.8)
        }
        try handle.write(contentsOf: samples.withUnsafeBytes { Data($0) })
    }
}
