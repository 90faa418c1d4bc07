#!/bin/sh
# Builds the libFuzzer harness over MediaKit (sources compiled with ASan and coverage,
# outside SwiftPM) and runs the image and audio targets side by side.
# Usage: Fuzz/run-fuzz.sh [seconds per target, default 600]
set -eu
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${1:-600}
BIN=.build/fuzz
SWIFT_BIN=$(dirname "$(readlink -f "$(command -v swiftc)")")
mkdir -p "$BIN"
printf 'module CMediaShim {\n    header "%s/Sources/CMediaShim/include/CMediaShim.h"\n    export *\n}\n' "$PWD" \
    > "$BIN/module.modulemap"
printf 'module CDeferredLibraries {\n    header "%s/Sources/CDeferredLibraries/include/CDeferredLibraries.h"\n    export *\n}\n' \
    "$PWD" > "$BIN/CDeferredLibraries.modulemap"
for c in Sources/CMediaShim/*.c Sources/CDeferredLibraries/*.c; do
    "$SWIFT_BIN/clang" -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CMediaShim/include \
        -I Sources/CDeferredLibraries/include -c "$c" -o "$BIN/$(basename "$c" .c).o"
done
for target in image audio; do
    flag=$(echo "FUZZ_$target" | tr a-z A-Z)
    "$SWIFT_BIN/swiftc" -sanitize=fuzzer,address -parse-as-library -O -g -D "$flag" -module-name MediaFuzz \
        -I "$BIN" -I Sources/CJPEG -I Sources/CPNG -I Sources/CSndFile -I Sources/CHeif -I Sources/CWebP \
        -Xcc -fmodule-map-file="$BIN/CDeferredLibraries.modulemap" \
        Fuzz/MediaFuzzer.swift Sources/MediaKit/*.swift "$BIN"/*.o \
        -ljpeg -lpng16 -Xlinker --export-dynamic-symbol=mpg123_new -o "$BIN/fuzz-$target" 2> "$BIN/build-$target.log" \
        || { cat "$BIN/build-$target.log"; exit 1; }   # the log is long: gold warns about ASan symbols
    mkdir -p "$BIN/corpus-$target" "$BIN/crashes-$target"
done
cp Fixtures/*.jpg Fixtures/*.png Fixtures/*.heic Fixtures/*.avif Fixtures/*.webp "$BIN/corpus-image/"
cp Fixtures/*.wav Fixtures/*.flac Fixtures/*.ogg Fixtures/*.aiff Fixtures/*.opus Fixtures/*.mp3 Fixtures/*.m4a \
    "$BIN/corpus-audio/"
for target in image audio; do
    "$BIN/fuzz-$target" -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -artifact_prefix="$BIN/crashes-$target/" -print_final_stats=1 "$BIN/corpus-$target" \
        > "$BIN/fuzz-$target.log" 2>&1 &
done
wait
for target in image audio; do
    echo "== $target: $(grep -c -E 'ERROR|deadly|timeout' "$BIN/fuzz-$target.log" || true) findings"
    tail -n 12 "$BIN/fuzz-$target.log"
done
