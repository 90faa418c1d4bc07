import Foundation
import TestSupport
import Testing

@testable import MediaKit

@Suite struct ImageDamageTests {
    let inspector = MediaInspector()

    /// The case of a MediaError without its payload, for matching.
    enum Kind: Equatable { case unreadable, unrecognised, truncated, corrupt, tooLarge, unsupported, encoding }

    static func kind(of error: any Error) -> Kind? {
        switch error as? MediaError {
        case .unreadable: .unreadable
        case .unrecognisedFormat: .unrecognised
        case .truncated: .truncated
        case .corrupt: .corrupt
        case .tooLarge: .tooLarge
        case .unsupported: .unsupported
        case .encodingFailed: .encoding
        case nil: nil
        }
    }

    func validationError(_ name: String) -> (any Error)? {
        do {
            _ = try inspector.validate(fileAt: Fixture.url(name))
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("broken-truncated.jpg", Kind.truncated),
        ("broken-truncated.png", .truncated),
        ("broken-bad-crc.png", .corrupt),
        ("broken-garbage-after-header.jpg", .corrupt),
        ("broken-garbage-after-header.png", .corrupt),
        ("broken-zero-bytes.jpg", .unrecognised),
        ("broken-huge-header.png", .tooLarge),
        ("broken-random.bin", .unrecognised),
        ("broken-text.jpg", .unrecognised),
        ("broken-text.wav", .unrecognised),
        ("no-such-file.jpg", .unreadable)
    ])
    func brokenFileGivesTypedError(_ name: String, _ expected: Kind) {
        let error = validationError(name)
        #expect(error.map(Self.kind(of:)) == expected, "\(name): \(String(describing: error))")
    }

    @Test func errorsNameTheFileAndTheProblem() throws {
        let error = try #require(validationError("broken-truncated.jpg") as? MediaError)
        #expect(error.description.contains("broken-truncated.jpg"))
        #expect(error.description.contains("truncated"))
        let huge = try #require(validationError("broken-huge-header.png") as? MediaError)
        #expect(
            huge.description.hasSuffix(
                "broken-huge-header.png: 100000 x 100000 pixels is more than the limit of 100000000 pixels"))
        let missing = try #require(validationError("no-such-file.jpg") as? MediaError)
        #expect(missing.description.hasSuffix("no-such-file.jpg: cannot read the file: No such file or directory"))
    }

    @Test func probeReadsOnlyHeadersSoTruncatedDataStillProbes() throws {
        guard case .image(let info) = try inspector.probe(fileAt: Fixture.url("broken-truncated.jpg")) else {
            Issue.record("not an image")
            return
        }
        #expect(info.width == 64)
    }

    @Test func aChunkDeclaringMoreThanTheFileHoldsIsRefusedBeforeLibpngAllocatesIt() {
        // libpng allocated the declared 2 GiB of this 141-byte file's tEXt chunk (5 s) before
        // finding the end of the file; the size is now checked first.
        let url = Fixture.url("broken-huge-text-chunk.png")
        #expect(
            throws: MediaError.truncated(
                path: url.path,
                detail: "a tEXt chunk declares 2147483647 bytes, more than the 96 the file has left for it")
        ) {
            try inspector.probe(fileAt: url)
        }
    }

    @Test func hugeHeaderIsRefusedBeforeDecoding() {
        #expect(
            throws: MediaError.tooLarge(
                path: Fixture.url("broken-huge-header.png").path,
                limit: .pixels(width: 100000, height: 100000, limit: 100_000_000))
        ) {
            try inspector.probe(fileAt: Fixture.url("broken-huge-header.png"))
        }
    }

    @Test func limitsAreConfigurable() {
        let strict = MediaInspector(limits: MediaLimits(maxPixels: 1000, maxFileSize: 1_000_000))
        #expect(
            throws: MediaError.tooLarge(
                path: Fixture.url("jpeg-baseline.jpg").path,
                limit: .pixels(width: 64, height: 48, limit: 1000))
        ) {
            try strict.validate(fileAt: Fixture.url("jpeg-baseline.jpg"))
        }
        let tiny = MediaInspector(limits: MediaLimits(maxFileSize: 100))
        #expect(throws: MediaError.self) { try tiny.probe(fileAt: Fixture.url("jpeg-baseline.jpg")) }
    }

    @Test(arguments: [("trailing-garbage.jpg", ImageFormat.jpeg), ("trailing-garbage.png", .png)])
    func trailingGarbageIsNotedNotRejected(_ name: String, _ format: ImageFormat) throws {
        guard case .image(let info) = try inspector.validate(fileAt: Fixture.url(name)) else {
            Issue.record("not an image")
            return
        }
        #expect(info.format == format)
        #expect(info.trailingByteCount == "TRAILING GARBAGE".utf8.count)
    }

    @Test func intactFilesHaveNoTrailingBytes() throws {
        for name in ["jpeg-baseline.jpg", "png-rgb-8.png"] {
            guard case .image(let info) = try inspector.validate(fileAt: Fixture.url(name)) else {
                Issue.record("not an image")
                continue
            }
            #expect(info.trailingByteCount == 0, "\(name)")
        }
    }

    @Test func thumbnailAndImportRefuseDamageToo() {
        #expect(throws: MediaError.self) { try inspector.importImage(fileAt: Fixture.url("broken-truncated.jpg")) }
        #expect(throws: MediaError.self) { try inspector.thumbnail(fileAt: Fixture.url("broken-bad-crc.png")) }
        #expect(throws: MediaError.self) { try inspector.importImage(fileAt: Fixture.url("audio-tone.wav")) }
    }

    @Test func aProgressiveJPEGOfFarMoreScansThanAnyRealFileIsRefusedByTheDecodeBudget() {
        for decode in [
            { _ = try inspector.validate(fileAt: Fixture.url("jpeg-many-scans.jpg")) },
            { _ = try inspector.importImage(fileAt: Fixture.url("jpeg-many-scans.jpg")) }
        ] as [() throws -> Void] {
            do {
                try decode()
                Issue.record("the many-scan JPEG was accepted")
            } catch {
                #expect(
                    error as? MediaError
                        == .tooLarge(
                            path: Fixture.url("jpeg-many-scans.jpg").path,
                            limit: .decodePasses(limit: 16)))
                #expect(
                    "\(error)".contains("jpeg-many-scans.jpg") && "\(error)".contains("limit of 16 passes"), "\(error)")
            }
        }
    }

    @Test func theDecodeBudgetIsALimitOfItsOwn() throws {
        let generous = MediaInspector(limits: MediaLimits(maxDecodePasses: 100))
        _ = try generous.validate(fileAt: Fixture.url("jpeg-many-scans.jpg"))
    }

    @Test(arguments: ["jpeg-progressive.jpg", "jpeg-progressive-detail-444.jpg", "jpeg-progressive-detail-420.jpg"])
    func realProgressiveJPEGsStayWithinTheDecodeBudget(_ name: String) throws {
        _ = try inspector.validate(fileAt: Fixture.url(name))
        _ = try inspector.importImage(fileAt: Fixture.url(name))
    }
}
