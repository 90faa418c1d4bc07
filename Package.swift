// swift-tools-version:6.0
// PhotoDiary: a photo-diary media archive for the Linux command line, on its own
// Core-Data-style object-graph framework. See README.md and the targets below.

import PackageDescription

/// Strict Swift 6 settings shared by every Swift target.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    // Generic metadata through the accessors, with the conformances the compiler knows, not
    // built at run time from mangled names: each of those whose type has a requirement
    // (`[Int: String]` needs `Int: Hashable`) made the runtime scan all of the binary's
    // ~5,800 conformance records on first use, about 300,000 instructions a type.
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
]

let package = Package(
    name: "PhotoDiary",
    // What the code needs on Apple platforms: Synchronization's Mutex and Atomic (macOS 15).
    // Linux, where the program runs, has no platform version; Glibc, or Musl for a static
    // build, is imported where C calls are made.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        .library(name: "MediaKit", targets: ["MediaKit"]),
        .library(name: "DiaryKit", targets: ["DiaryKit"]),
        .executable(name: "diary", targets: ["diary"]),
        .executable(name: "diary-bench", targets: ["diary-bench"])
    ],
    targets: [
        // MARK: System libraries (Debian -dev packages, found through pkg-config)
        // SQLite, libjpeg, libpng and nettle without pkg-config: their headers are in /usr/include,
        // and pkg-config's `-L/usr/lib/x86_64-linux-gnu` would put the shared libraries ahead of
        // StaticLibraries/ on `diary`'s search path (see `diary` below).
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CJPEG", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CPNG", providers: [.apt(["libpng-dev"])]),
        // Headers only: the executable is not linked against libsndfile and libarchive;
        // CDeferredLibraries loads them on first use.
        .systemLibrary(name: "CSndFile", providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CNettle", providers: [.apt(["nettle-dev"])]),
        .systemLibrary(name: "CArchive", providers: [.apt(["libarchive-dev"])]),
        // Headers only as well, opened on first use: libheif (HEIC, AVIF), libwebp, and FFmpeg's
        // libavformat/libavcodec, which CMediaShim's MP4 reader includes straight from the system.
        .systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CWebP", providers: [.apt(["libwebp-dev"])]),
        // libexif's headers: CMediaShim's EXIF reader calls it through CDeferredLibraries.
        .systemLibrary(name: "CExif", providers: [.apt(["libexif-dev"])]),
        // libsodium (encrypted stores) and keyutils (the unlocked key kept in a kernel keyring):
        // headers only as well, opened on first use, so a plain store never loads them.
        .systemLibrary(name: "CSodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CKeyutils", providers: [.apt(["libkeyutils-dev"])]),
        // cmark-gfm and its core extensions (Markdown of entry text in the book and the bundle
        // page): headers only as well, opened on first use.
        .systemLibrary(name: "CCmarkGFM", providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),

        // MARK: C shim: libjpeg/libpng calls guarded by setjmp/longjmp; FFmpeg's and libheif's
        // reader callbacks over an open FILE
        .target(
            name: "CMediaShim", dependencies: ["CJPEG", "CPNG", "CHeif", "CExif", "CDeferredLibraries"],
            // Its mpg123_new must be in the dynamic symbol table for the dlopen'ed libsndfile
            // to bind to it (see Mpg123Quiet.c); nothing at link time refers to it any more.
            // libjpeg and libpng by name: this C target includes their headers directly, so no
            // module map's `link` reaches the linker for it.
            linkerSettings: [
                .linkedLibrary("jpeg"), .linkedLibrary("png16"),
                .unsafeFlags(["-Xlinker", "--export-dynamic-symbol=mpg123_new"])
            ]),
        // MARK: C: libsndfile, libarchive, libheif, libwebp, libexif, FFmpeg, libsodium, keyutils, cmark-gfm,
        // libchafa, and libcurl with libxml2 (WebDAV sync remotes; libcurl4-openssl-dev, libxml2-dev), opened
        // with dlopen on first use
        .target(
            name: "CDeferredLibraries",
            dependencies: ["CSndFile", "CArchive", "CHeif", "CWebP", "CExif", "CSodium", "CKeyutils", "CCmarkGFM"],
            // libchafa (libchafa-dev; pictures in the terminal) and the GLib its header includes: their
            // headers are outside /usr/include, and a `.systemLibrary` with `pkgConfig: "chafa"` would
            // also put pkg-config's `-lchafa -lglib-2.0` on `diary`'s link line, loading both in every
            // process. So the C files that include them are told where the headers are (Debian's
            // multiarch folders), and no Swift module imports them.
            cSettings: [
                .unsafeFlags([
                    "-I/usr/include/chafa", "-I/usr/include/glib-2.0", "-I/usr/include/libxml2",
                    "-I/usr/lib/x86_64-linux-gnu/chafa/include",
                    "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
                    "-I/usr/lib/aarch64-linux-gnu/chafa/include",
                    "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include"
                ])
            ]),

        // MARK: C: the encrypting SQLite VFS of encrypted stores (sqlite3_io_methods are C callbacks;
        // libsodium through CDeferredLibraries, so a plain store never loads it)
        .target(name: "CStoreCipher", dependencies: ["CSQLite", "CSodium", "CDeferredLibraries"]),

        // MARK: Swift layers, bottom to top
        .target(
            name: "ObjectGraph", dependencies: ["CSQLite", "CNettle", "CSodium", "CDeferredLibraries", "CStoreCipher"],
            exclude: ["README.md"], swiftSettings: swiftSettings),
        .target(
            name: "MediaKit",
            dependencies: [
                "CMediaShim", "CJPEG", "CPNG", "CSndFile", "CHeif", "CWebP",
                "CDeferredLibraries"
            ],
            exclude: ["README.md"], swiftSettings: swiftSettings),
        .target(
            name: "DiaryKit",
            dependencies: [
                "ObjectGraph", "MediaKit", "CArchive", "CSodium", "CKeyutils",
                "CCmarkGFM", "CDeferredLibraries"
            ],
            exclude: ["README.md"], swiftSettings: swiftSettings),
        .target(
            name: "DiaryCLI", dependencies: ["DiaryKit", "ObjectGraph", "CDeferredLibraries"],
            exclude: ["README.md"], swiftSettings: swiftSettings),
        .executableTarget(
            name: "diary", dependencies: ["DiaryCLI"],
            swiftSettings: swiftSettings,
            // Linked by the toolchain's lld with packed relative relocations (DT_RELR):
            // the program stays position-independent, and the loader reads 14 KB of
            // relocations at every start instead of 1.8 MB (about 0.3 ms of each command).
            //
            // SQLite, nettle, libjpeg, libpng and libstdc++ come from their static archives
            // (StaticLibraries/README.md): the loader no longer maps them and binds their
            // ~4,000 symbols at every start (3.8M of `diary --version`'s 5.2M instructions).
            // No `-export-dynamic` (the toolchain's static-stdlib-args.lnk asks for it): the
            // ~6,000 exported symbols made the runtime's start-up `dladdr` scan them all, and
            // nothing looks the program's own symbols up; mpg123_new stays exported (CMediaShim).
            // bench: cli-jrnl/process_start_version
            linkerSettings: [
                .unsafeFlags([
                    "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                    "-L", Context.packageDirectory + "/StaticLibraries",
                    "-Xlinker", "--no-export-dynamic"
                ])
            ]),
        // Writes the manual page and shell completions `make install` installs (not installed itself).
        .executableTarget(
            name: "diary-docs", dependencies: ["DiaryCLI"],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "diary-bench",
            dependencies: [
                "ObjectGraph", "MediaKit", "DiaryKit", "CSQLite",
                "CJPEG", "CPNG", "CSndFile", "CHeif", "CWebP"
            ],
            swiftSettings: swiftSettings),
        // A child process for the crash-consistency tests: writes to a store until SIGKILLed.
        .executableTarget(
            name: "og-crash-child", dependencies: ["ObjectGraph", "ObjectGraphCrashSupport"],
            swiftSettings: swiftSettings),
        // The model and store location the crash child and its test share.
        .target(
            name: "ObjectGraphCrashSupport", dependencies: ["ObjectGraph"],
            swiftSettings: swiftSettings),

        // MARK: Tests mirror the targets
        // What every test target shares: temporary directories, fixtures, folder fingerprints, the
        // child-process runner and the runs of the built `diary` (`runDiary`, `TestStore`).
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "ObjectGraphTests",
            dependencies: ["ObjectGraph", "ObjectGraphCrashSupport", "CSQLite", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MediaKitTests", dependencies: ["MediaKit", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "DiaryKitTests", dependencies: ["DiaryKit", "TestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "DiaryCLITests", dependencies: ["DiaryCLI", "TestSupport"],
            swiftSettings: swiftSettings),
        // The built `diary` run as a user runs it (DIARY_BIN, `TestStore`, a pseudo-terminal); `make test`
        // runs this target after the fast ones above.
        .testTarget(
            name: "DiaryEndToEndTests", dependencies: ["DiaryCLI", "TestSupport"],
            swiftSettings: swiftSettings)
    ],
    swiftLanguageModes: [.v6]
)
