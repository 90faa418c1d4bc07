# PhotoDiary — build, test and demo on a fresh Debian machine.
# Quick start (as root or with sudo): `make demo`, then `make test`.

SWIFT        ?= swift
SWIFT_FLAGS  ?=
BIN_DIR       = $(shell $(SWIFT) build $(SWIFT_FLAGS) --show-bin-path 2>/dev/null)

# Debian packages the build needs (C libraries; zlib's and libstdc++'s static archives, which
# `diary` links, see StaticLibraries/) and the tests use (tools).
BUILD_PACKAGES = pkg-config libsqlite3-dev libpng-dev libjpeg-dev libsndfile1-dev \
                 nettle-dev libarchive-dev libheif-dev libwebp-dev libexif-dev libavformat-dev libavcodec-dev \
                 libsodium-dev libkeyutils-dev libcmark-gfm-dev libcmark-gfm-extensions-dev zlib1g-dev libstdc++-12-dev \
                 libchafa-dev libglib2.0-dev libcurl4-openssl-dev libxml2-dev
# exiftool, ffmpeg (ffprobe) and libheif-examples (heif-convert) are the oracles MediaKit's facts are
# compared with (Tests/MediaKitTests/OracleAgreementTests.swift); rclone and apache2 (mod_dav) are the sync tests' remotes and servers; faketime sets their devices' clocks hours apart.
TEST_PACKAGES  = sqlite3 chromium man-db zsh fish tzdata keyutils libimage-exiftool-perl ffmpeg libheif-examples rclone apache2 faketime
# The tools the benchmark suites make their media with and compare against.
BENCH_PACKAGES = imagemagick sox webp libheif-examples libvips-tools ffmpeg

.PHONY: all deps test-deps build release lint format test demo bench fuzz install install-files uninstall clean

all: build

## deps: install the missing Debian packages (a no-op when all are present).
deps:
	@./scripts/install-packages $(BUILD_PACKAGES)

test-deps: deps
	@./scripts/install-packages $(TEST_PACKAGES)

## build: debug build of every target.
build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

## release: optimised build; the Swift runtime and Foundation linked in statically, which
## halves a `diary` process's start (see BENCHMARKS.md).
RELEASE_FLAGS = -c release --static-swift-stdlib $(SWIFT_FLAGS)
release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

## lint: every Swift file against .swift-format, as `swift format lint --strict` (seconds, no build);
## format: rewrites them so lint passes.
FORMATTED = Sources Tests Fuzz Package.swift
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

## test: the whole suite: the fast unit targets first, then DiaryEndToEndTests, which runs the
## built `diary` as a user does. The first run skips exactly what the second runs, so every test
## runs once.
END_TO_END = '^DiaryEndToEndTests\.'
test: test-deps build
	DIARY_BIN="$(BIN_DIR)/diary" $(SWIFT) test $(SWIFT_FLAGS) --skip $(END_TO_END)
	DIARY_BIN="$(BIN_DIR)/diary" $(SWIFT) test $(SWIFT_FLAGS) --filter $(END_TO_END)

## demo: a short real session against a temporary store.
demo: build
	@DIARY_BIN="$(BIN_DIR)/diary" ./scripts/demo

## bench: every benchmark suite, release build.
## (`swift run` does not take --static-swift-stdlib, so the built binary is run directly.)
## BENCH_SUITES names each suite of diary-bench's usage line once: `crypto` runs `crypto-cli`
## too, `sync` runs `sync-snapshot`, `book` runs `preview`. Not here: `cli-media` (rows
## without targets) and `cli-jrnl`, which needs jrnl installed by hand (see its source).
BENCH_SUITES = objectgraph contexts migration media photos diary interop cli crypto sync book
bench: release
	@./scripts/install-packages $(BENCH_PACKAGES)
	@for suite in $(BENCH_SUITES); do \
		"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/diary-bench" $$suite --check || exit 1; \
	done

## fuzz: libFuzzer over MediaKit's image and audio probes/validators (FUZZ_SECONDS per target).
FUZZ_SECONDS ?= 600
fuzz: deps
	./Fuzz/run-fuzz.sh $(FUZZ_SECONDS)

## install: the release `diary` (stripped), its manual page diary(1), bash, zsh and fish
## completions and the systemd user units diary-sync.service and diary-sync.timer (not
## enabled) under $(DESTDIR)$(PREFIX); `make uninstall` removes them again.
PREFIX   ?= /usr/local
DESTDIR  ?=
INSTALL_FILES = $(DESTDIR)$(PREFIX)/bin/diary \
                $(DESTDIR)$(PREFIX)/share/man/man1/diary.1 \
                $(DESTDIR)$(PREFIX)/share/bash-completion/completions/diary \
                $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_diary \
                $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/diary.fish \
                $(DESTDIR)$(PREFIX)/lib/systemd/user/diary-sync.service \
                $(DESTDIR)$(PREFIX)/lib/systemd/user/diary-sync.timer

install: release
	@$(MAKE) --no-print-directory install-files BUILT="$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)"

## install-files: what `install` does once the build is there; BUILT is the folder holding
## `diary` and `diary-docs` (which writes the page and completions from diary's own help).
install-files:
	@test -n "$(BUILT)" || { echo "install-files: BUILT=<folder with diary and diary-docs> is required" >&2; exit 64; }
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d \
		$(DESTDIR)$(PREFIX)/lib/systemd/user
	install -m 755 -s "$(BUILT)/diary" $(DESTDIR)$(PREFIX)/bin/diary
	"$(BUILT)/diary-docs" man > .build/diary.1
	"$(BUILT)/diary-docs" completion bash > .build/diary.bash
	"$(BUILT)/diary-docs" completion zsh > .build/diary.zsh
	"$(BUILT)/diary-docs" completion fish > .build/diary.fish
	install -m 644 .build/diary.1 $(DESTDIR)$(PREFIX)/share/man/man1/diary.1
	install -m 644 .build/diary.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/diary
	install -m 644 .build/diary.zsh $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_diary
	install -m 644 .build/diary.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/diary.fish
	sed 's|@BINDIR@|$(PREFIX)/bin|' scripts/diary-sync.service.in > .build/diary-sync.service
	install -m 644 .build/diary-sync.service $(DESTDIR)$(PREFIX)/lib/systemd/user/diary-sync.service
	install -m 644 scripts/diary-sync.timer $(DESTDIR)$(PREFIX)/lib/systemd/user/diary-sync.timer

uninstall:
	rm -f $(INSTALL_FILES)

clean:
	rm -rf .build
