internal import CDeferredLibraries

/// Why libarchive gave no object: it could not be loaded (it is opened on first use), or
/// it is out of memory.
var libarchiveUnavailableReason: String {
    cdl_archive_load_error().map { String(cString: $0) } ?? "libarchive is out of memory"
}
