// swift-tools-version:6.0
// PhotoDiary: a photo-diary media archive for the Linux command line, on its own
// Core-Data-style object-graph framework. See README.md and the targets below.

import PackageDescription

/// Strict Swift 6 settings shared by every Swift target.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "PhotoDiary",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        .library(name: "MediaKit", targets: ["MediaKit"]),
        .library(name: "DiaryKit", targets: ["DiaryKit"]),
        .executable(name: "diary", targets: ["diary"]),
        .executable(name: "diary-bench", targets: ["diary-bench"]),
    ],
    targets: [
        // MARK: System libraries (Debian -dev packages, found through pkg-config)
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3",
                       providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg",
                       providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile",
                       providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(name: "CNettle", pkgConfig: "nettle",
                       providers: [.apt(["nettle-dev"])]),
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive",
                       providers: [.apt(["libarchive-dev"])]),

        // MARK: C shim: libjpeg/libpng calls guarded by setjmp/longjmp
        .target(name: "CMediaShim", dependencies: ["CJPEG", "CPNG"]),

        // MARK: Swift layers, bottom to top
        .target(name: "ObjectGraph", dependencies: ["CSQLite", "CNettle"],
                swiftSettings: swiftSettings),
        .target(name: "MediaKit", dependencies: ["CMediaShim", "CJPEG", "CPNG", "CSndFile"],
                swiftSettings: swiftSettings),
        .target(name: "DiaryKit", dependencies: ["ObjectGraph", "MediaKit", "CArchive"],
                swiftSettings: swiftSettings),
        .target(name: "DiaryCLI", dependencies: ["DiaryKit"],
                swiftSettings: swiftSettings),
        .executableTarget(name: "diary", dependencies: ["DiaryCLI"],
                          swiftSettings: swiftSettings),
        .executableTarget(name: "diary-bench",
                          dependencies: ["ObjectGraph", "MediaKit", "DiaryKit", "CSQLite",
                                         "CJPEG", "CPNG", "CSndFile"],
                          swiftSettings: swiftSettings),
        // A child process for the crash-consistency tests: writes to a store until SIGKILLed.
        .executableTarget(name: "og-crash-child", dependencies: ["ObjectGraph", "ObjectGraphCrashSupport"],
                          swiftSettings: swiftSettings),
        // The model and store location the crash child and its test share.
        .target(name: "ObjectGraphCrashSupport", dependencies: ["ObjectGraph"],
                swiftSettings: swiftSettings),

        // MARK: Tests mirror the targets
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph", "ObjectGraphCrashSupport", "CSQLite"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "MediaKitTests", dependencies: ["MediaKit"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "DiaryKitTests", dependencies: ["DiaryKit"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "DiaryCLITests", dependencies: ["DiaryCLI"],
                    swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
