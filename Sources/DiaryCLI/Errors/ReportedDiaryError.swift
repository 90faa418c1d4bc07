import DiaryKit

/// DiaryKit's errors as the command line reports them: the one place where a
/// ``DiaryError`` or a ``BundleError`` becomes a message and an exit status.
///
/// DiaryKit only sorts its errors into families (``DiaryError/Category``); the statuses
/// are chosen here and nowhere else.
///
/// | what went wrong | status |
/// |---|---|
/// | a bad tag name, a medium number the entry does not have, a file given as the store folder | 64 |
/// | a corrupt or mistaken photo or recording, an empty entry, a broken or tampered bundle, a damaged store | 65 |
/// | a missing file or bundle, an unknown entry id, no diary where a reading command looks | 66 |
/// | reading or writing failed, a store folder that cannot be created, a read-only diary to write to | 74 |
/// | another `diary` holds the store's write lock too long | 75 |
/// | libsodium or the kernel keyring is missing | 69 |
/// | this user may not read a file or enter a folder on its way; a wrong passphrase, or none to be had | 77 |
struct ReportedDiaryError: CLIReportableError {
    /// The exit status.
    let exitCode: ExitCode
    /// DiaryKit's one-line description, naming the file, value or store.
    let message: String

    /// Wraps `error` when it is one of DiaryKit's; nil for anything else.
    init?(_ error: any Error) {
        if let error = error as? DiaryError {
            self.init(message: error.description, exitCode: Self.exitCode(for: error))
        } else if let error = error as? BundleError {
            self.init(message: error.description, exitCode: Self.exitCode(for: error.category))
        } else {
            return nil
        }
    }

    private init(message: String, exitCode: ExitCode) {
        self.message = message
        self.exitCode = exitCode
    }

    /// DiaryKit sorts its errors into sysexits families; each becomes its status here.
    private static func exitCode(for error: DiaryError) -> ExitCode {
        switch error.category {
        case .usage: .usage
        case .dataError: .dataError
        case .missingInput: .noInput
        case .ioError: .ioError
        case .busy: .temporaryFailure
        case .permission: .noPermission
        case .unavailable: .unavailable
        }
    }

    private static func exitCode(for category: BundleError.Category) -> ExitCode {
        switch category {
        case .dataError: .dataError
        case .missingInput: .noInput
        case .ioError: .ioError
        case .permission: .noPermission
        }
    }
}
