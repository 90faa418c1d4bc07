#!/bin/sh
# Builds the Day One export folder of Fixtures/interop from the media fixtures one level up:
# Day One names every attachment by its MD5 and extension. The jrnl files and Journal.json
# are written by hand in each tool's documented format and kept as they are, except
# jrnl/jrnl46-*, which jrnl 4.6 wrote (jrnl/make-jrnl46-fixtures.sh).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
media=$here/..
out=$here/dayone
rm -rf "$out/photos" "$out/audios"
mkdir -p "$out/photos" "$out/audios"
for pair in "jpeg-baseline.jpg jpeg" "png-rgb-8.png png"; do
    set -- $pair
    sum=$(md5sum "$media/$1" | cut -d' ' -f1)
    cp "$media/$1" "$out/photos/$sum.$2"
    echo "photo $1 -> photos/$sum.$2"
done
sum=$(md5sum "$media/audio-tone.wav" | cut -d' ' -f1)
cp "$media/audio-tone.wav" "$out/audios/$sum.wav"
echo "audio audio-tone.wav -> audios/$sum.wav"
