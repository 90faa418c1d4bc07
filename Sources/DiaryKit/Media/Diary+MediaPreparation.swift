import Foundation
import MediaKit
import ObjectGraph

extension Diary {
    /// Prepares every requested file on all cores: each file is checked completely by MediaKit
    /// (one decode that validates it and makes its thumbnail or waveform) and, at the same
    /// time on another thread, streamed into the blob store's staging area, hashed on the way
    /// and fsynced. `receive` is called on the calling thread with each file's outcome, in the
    /// order of `requests`.
    ///
    /// The requests are read as the pool has room, so a folder import can feed any number of
    /// files through it: at most the pool's width of decodes run at once and at most its
    /// capacity are in flight, whatever the number of files. A prepared file handed to
    /// `receive` is the receiver's: attach it with ``EntryEditor/add(_:)`` or drop it with
    /// ``discard(_:)``. When `receive` throws, nothing more is read, the files still in flight
    /// are waited for and discarded, and the error is rethrown.
    ///
    /// - Parameters:
    ///   - pool: the threads and room in flight: by default two per core, since about half
    ///     the steps spend their time waiting for the disk (a staged copy's fsync), and a
    ///     core left idle by one of them takes a decode meanwhile.
    ///   - receive: each request with its prepared file, or the first problem found with it:
    ///     ``DiaryError/missingFile(_:)``, ``DiaryError/permissionDenied(_:)``,
    ///     ``DiaryError/folderNotFile(_:)``, ``DiaryError/unreadableFile(_:reason:)``,
    ///     ``DiaryError/invalidMedia(_:reason:)``, ``DiaryError/wrongMediaKind(_:expected:found:)``,
    ///     or a store error when the copy cannot be written.
    /// - Throws: what `receive` throws.
    package func prepareMedia(
        _ requests: some Sequence<MediaRequest>,
        pool: OrderedWorkPool = OrderedWorkPool(width: 2 * ProcessInfo.processInfo.activeProcessorCount),
        _ receive: (MediaRequest, Result<PreparedFile, DiaryError>) throws(DiaryError) -> Void
    ) throws(DiaryError) {
        let inspector = self.inspector, blobStore = self.blobStore, store = databaseURL
        // Two pieces of work per file, the copy first (it is mostly waiting for the disk), so
        // a recording's hash and copy run beside a photo's decode; they come back side by side.
        let steps = requests.lazy.flatMap { [MediaStep.stage($0), .inspect($0)] }
        var staged: Result<StagedBlob, DiaryError>?
        try pool.run(
            steps,
            work: { step in
                step.run(inspector: inspector, blobStore: blobStore, store: store)
            },
            abandon: { outcome in
                if case .staged(_, .success(let blob)) = outcome { blobStore.discard(blob) }
            },
            deliver: { (outcome: MediaStepOutcome) throws(DiaryError) in
                switch outcome {
                case .staged(_, let result):
                    staged = result
                case .inspected(let request, let inspected):
                    let copy = staged
                    staged = nil
                    switch (inspected, copy) {
                    case (.success(let medium), .success(let blob)?):
                        try receive(request, .success(PreparedFile(medium: medium, blob: blob)))
                    case (.failure(let error), let copy):
                        if case .success(let blob)? = copy { blobStore.discard(blob) }
                        try receive(request, .failure(error))
                    case (.success, .failure(let error)?):
                        try receive(request, .failure(error))
                    case (.success, nil):
                        try receive(request, .failure(.io(path: request.url.path, reason: "the file was not copied")))
                    }
                }
            })
    }

    /// Removes the staged copy of a prepared file that will not be saved.
    package func discard(_ file: PreparedFile) {
        blobStore.discard(file.blob)
    }

    /// Prepares `requests` as ``prepareMedia(_:pool:_:)`` does, all or nothing.
    /// - Returns: the prepared files in the order of `requests`.
    /// - Throws: the first file's problem (in request order); every file prepared is discarded then.
    func prepareAll(
        _ requests: [MediaRequest], progress: ((_ done: Int, _ total: Int, _ file: URL) -> Void)?
    )
        throws(DiaryError) -> [PreparedFile]
    {
        var prepared: [PreparedFile] = []
        do throws(DiaryError) {
            try prepareMedia(requests) { (request, result) throws(DiaryError) in
                prepared.append(try result.get())
                progress?(prepared.count, requests.count, request.url)
            }
        } catch {
            for file in prepared { discard(file) }
            throw error
        }
        return prepared
    }
}

/// One of the two pieces of work a file is prepared in.
private enum MediaStep: Sendable {
    /// Stream the file into the staging area, hashing it.
    case stage(MediaRequest)
    /// Check and describe it (one decode).
    case inspect(MediaRequest)

    func run(inspector: MediaInspector, blobStore: BlobStore, store: URL) -> MediaStepOutcome {
        switch self {
        case .stage(let request):
            return .staged(
                request,
                Result { () throws(DiaryError) in
                    try DiaryError.wrapping(store) { try blobStore.stage(fileAt: request.url) }
                })
        case .inspect(let request):
            return .inspected(
                request,
                Result { () throws(DiaryError) in
                    try PreparedMedium(
                        fileAt: request.url, expected: request.expected, fileName: request.fileName,
                        inspector: inspector)
                })
        }
    }
}

/// What a ``MediaStep`` gave.
private enum MediaStepOutcome: Sendable {
    case staged(MediaRequest, Result<StagedBlob, DiaryError>)
    case inspected(MediaRequest, Result<PreparedMedium, DiaryError>)
}
