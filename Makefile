# PhotoDiary — build, test and demo on a fresh Debian machine.
# Quick start (as root or with sudo): `make demo`, then `make test`.

SWIFT        ?= swift
SWIFT_FLAGS  ?=
BIN_DIR       = $(shell $(SWIFT) build $(SWIFT_FLAGS) --show-bin-path 2>/dev/null)

# Debian packages the build needs (C libraries) and the tests use (tools).
BUILD_PACKAGES = pkg-config libsqlite3-dev libpng-dev libjpeg-dev libsndfile1-dev \
                 nettle-dev libarchive-dev
TEST_PACKAGES  = sqlite3 chromium tzdata

.PHONY: all deps test-deps build release test demo bench fuzz clean

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

## test: the whole suite (unit, end-to-end against the built `diary`).
test: test-deps build
	DIARY_BIN="$(BIN_DIR)/diary" $(SWIFT) test $(SWIFT_FLAGS)

## demo: a short real session against a temporary store.
demo: build
	@DIARY_BIN="$(BIN_DIR)/diary" ./scripts/demo

## bench: every benchmark suite, release build.
## (`swift run` does not take --static-swift-stdlib, so the built binary is run directly.)
bench: release
	@for suite in objectgraph contexts migration media diary interop cli; do \
		"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/diary-bench" $$suite || exit 1; \
	done

## fuzz: libFuzzer over MediaKit's image and audio probes/validators (FUZZ_SECONDS per target).
FUZZ_SECONDS ?= 600
fuzz: deps
	./Fuzz/run-fuzz.sh $(FUZZ_SECONDS)

clean:
	rm -rf .build
