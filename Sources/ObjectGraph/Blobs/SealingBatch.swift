import Foundation

/// One batch of an encrypted blob's plaintext, hashed and sealed: on two cores when it holds
/// more than one chunk, else on the caller's.
///
/// The two passes share nothing they write: pass 0 reads the plaintext and updates the hasher;
/// pass 1 reads the same plaintext and writes the sealer's state and the output buffer, chunk
/// after chunk in order. `DispatchQueue.concurrentPerform` returns only once both have ended,
/// which orders everything they wrote before the caller's next step. That is why this type may
/// cross to the second thread although the hasher, the sealer and the buffers are not
/// `Sendable`: it is built, run and dropped within one call of `BlobStore.writeSealed`, and no
/// part of it is reachable from anywhere else.
final class SealingBatch: @unchecked Sendable {
    private let plaintext: UnsafeRawBufferPointer
    private let hasher: SHA256Hasher
    private let sealer: BlobSealer
    private let output: UnsafeMutableRawBufferPointer
    /// The sealed bytes written to the start of `output`; set by the sealing pass.
    private var sealedCount = 0

    /// A batch of `plaintext` (at most ``BlobCipher/batchChunks`` chunks), to be hashed into
    /// `hasher` and sealed by `sealer` into `output` (room for as many sealed chunks).
    init(_ plaintext: UnsafeRawBufferPointer, hasher: SHA256Hasher, sealer: BlobSealer,
         output: UnsafeMutableRawBufferPointer) {
        self.plaintext = plaintext
        self.hasher = hasher
        self.sealer = sealer
        self.output = output
    }

    /// Hashes and seals the batch; returns how many sealed bytes now start `output`.
    func run() -> Int {
        if plaintext.count <= BlobCipher.chunkSize {
            hash()
            seal()
        } else {
            DispatchQueue.concurrentPerform(iterations: 2) { pass in
                if pass == 0 { hash() } else { seal() }
            }
        }
        return sealedCount
    }

    private func hash() {
        hasher.update(plaintext)
    }

    private func seal() {
        var written = 0
        for start in stride(from: 0, to: plaintext.count, by: BlobCipher.chunkSize) {
            let chunk = UnsafeRawBufferPointer(rebasing: plaintext[start..<min(start + BlobCipher.chunkSize, plaintext.count)])
            written += sealer.seal(chunk, into: UnsafeMutableRawBufferPointer(rebasing: output[written...]))
        }
        sealedCount = written
    }
}
