#!/bin/sh
# Regenerates every file in Fixtures/ (see README.md). Needs ImageMagick (/usr/bin/convert),
# cjpeg (libjpeg-turbo-progs), sox, exiftool, python3 and libsndfile. Deterministic: random bytes come from a fixed seed.
set -eu
cd "$(dirname "$0")"
CONVERT=/usr/bin/convert
rm -f ./*.jpg ./*.png ./*.wav ./*.flac ./*.ogg ./*.aiff ./*.opus ./*.mp3 ./*.bin

# ---- The upright reference picture: 64 x 48, a gradient with a yellow block top left,
# so every mirror and rotation is visible.
$CONVERT -size 48x64 gradient:'#2060c0-#c04020' -rotate 90 \
    -fill yellow -draw 'rectangle 2,2 21,13' -fill white -draw 'rectangle 40,30 61,45' \
    -depth 8 -define png:color-type=2 reference.png

# ---- JPEG
$CONVERT reference.png -quality 92 jpeg-baseline.jpg
$CONVERT reference.png -quality 92 -interlace JPEG jpeg-progressive.jpg
# Progressive with detail in every block (AC refinement scans matter), 4:4:4 and 4:2:0.
$CONVERT -seed 3 -size 128x96 plasma:fractal -quality 90 -interlace JPEG jpeg-progressive-detail-444.jpg
$CONVERT -seed 3 -size 128x96 plasma:fractal -sampling-factor 4:2:0 -quality 90 -interlace JPEG \
    jpeg-progressive-detail-420.jpg
# A valid progressive JPEG that takes 66 scans (one per AC coefficient of Y): every scan is a
# pass over the picture, so its decode work is many times a real file's (the decode budget).
scans=$(mktemp)
{ echo "0,1,2: 0-0, 0, 0;"; k=1; while [ $k -le 63 ]; do echo "0: $k-$k, 0, 0;"; k=$((k + 1)); done
  echo "1: 1-63, 0, 0;"; echo "2: 1-63, 0, 0;"; } > "$scans"
$CONVERT -seed 3 -size 64x48 plasma:fractal ppm:- | cjpeg -quality 90 -scans "$scans" > jpeg-many-scans.jpg
rm -f "$scans"
$CONVERT reference.png -quality 92 -colorspace Gray jpeg-gray.jpg
$CONVERT reference.png -quality 92 -colorspace CMYK jpeg-ycck.jpg
# ImageMagick writes CMYK as YCCK; a plain CMYK JPEG (Adobe convention: inks stored
# inverted) comes from a few lines of C over libjpeg.
helper=$(mktemp -d)
cat > "$helper/cmyk.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
int main(int argc, char **argv) {   /* cmyk WIDTH HEIGHT < raw-inverted-cmyk > out.jpg */
    struct jpeg_compress_struct c; struct jpeg_error_mgr e;
    unsigned w = atoi(argv[1]), h = atoi(argv[2]);
    unsigned char *pixels = malloc(w * h * 4);
    if (fread(pixels, 4, w * h, stdin) != w * h) return 1;
    c.err = jpeg_std_error(&e); jpeg_create_compress(&c); jpeg_stdio_dest(&c, stdout);
    c.image_width = w; c.image_height = h; c.input_components = 4; c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c); jpeg_set_colorspace(&c, JCS_CMYK); jpeg_set_quality(&c, 92, TRUE);
    jpeg_start_compress(&c, TRUE);
    for (unsigned y = 0; y < h; y++) { JSAMPROW row = pixels + y * w * 4; jpeg_write_scanlines(&c, &row, 1); }
    jpeg_finish_compress(&c); return 0;
}
C
cc -o "$helper/cmyk" "$helper/cmyk.c" -ljpeg
$CONVERT reference.png -colorspace CMYK -negate -depth 8 cmyk:- | "$helper/cmyk" 64 48 > jpeg-cmyk.jpg
rm -rf "$helper"
$CONVERT reference.png -quality 92 -profile /usr/share/color/icc/ghostscript/srgb.icc jpeg-icc.jpg
# Orientation N: the stored pixels are the reference turned the opposite way, so every
# file shows the reference once its orientation is applied.
for n in 1 2 3 4 5 6 7 8; do
    case $n in
        1) op="" ;; 2) op="-flop" ;; 3) op="-rotate 180" ;; 4) op="-flip" ;;
        5) op="-transpose" ;; 6) op="-rotate 270" ;; 7) op="-transverse" ;; 8) op="-rotate 90" ;;
    esac
    # shellcheck disable=SC2086
    $CONVERT reference.png $op -quality 92 "jpeg-orientation-$n.jpg"
    exiftool -q -overwrite_original -n -Orientation="$n" "jpeg-orientation-$n.jpg"
done

# ---- PNG of every colour type and bit depth, written byte by byte (python3 below)
# plus interlaced ones from ImageMagick; then the broken files.
python3 - <<'PY'
import random, struct, zlib

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)

def png(name, width, height, depth, ctype, rows, extra=b""):
    raw = b"".join(b"\0" + r for r in rows)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, ctype, 0, 0, 0)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(name, "wb").write(data)
    return data

W, H = 32, 24
def sample(x, y, maximum):          # a diagonal ramp
    return (x * 2 + y * 3) * maximum // (2 * (W - 1) + 3 * (H - 1))

def pack(values, depth):            # samples of `depth` bits, MSB first
    if depth >= 8:
        return b"".join(v.to_bytes(depth // 8, "big") for v in values)
    out, acc, bits = bytearray(), 0, 0
    for v in values:
        acc, bits = (acc << depth) | v, bits + depth
        if bits == 8:
            out.append(acc); acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)

for depth in (1, 2, 4, 8, 16):      # gray
    m = (1 << depth) - 1
    png(f"png-gray-{depth}.png", W, H, depth, 0, [pack([sample(x, y, m) for x in range(W)], depth) for y in range(H)])
for depth in (8, 16):                # RGB, gray+alpha, RGBA
    m = (1 << depth) - 1
    png(f"png-rgb-{depth}.png", W, H, depth, 2,
        [pack([v for x in range(W) for v in (sample(x, y, m), m - sample(x, y, m), m // 2)], depth) for y in range(H)])
    png(f"png-grayalpha-{depth}.png", W, H, depth, 4,
        [pack([v for x in range(W) for v in (sample(x, y, m), m if x < W // 2 else 0)], depth) for y in range(H)])
    png(f"png-rgba-{depth}.png", W, H, depth, 6,
        [pack([v for x in range(W) for v in (m, 0, 0, m if x < W // 2 else 0)], depth) for y in range(H)])
for depth in (1, 2, 4, 8):           # palette: a gray ramp of 2^depth entries
    n = 1 << depth
    plte = chunk(b"PLTE", b"".join(bytes([i * 255 // (n - 1)] * 3) for i in range(n)))
    png(f"png-palette-{depth}.png", W, H, depth, 3, [pack([sample(x, y, n - 1) for x in range(W)], depth) for y in range(H)], plte)
# palette with transparency (tRNS): left opaque red, right transparent blue
plte = chunk(b"PLTE", bytes([255, 0, 0, 0, 0, 255])) + chunk(b"tRNS", bytes([255, 0]))
png("png-palette-trns.png", W, H, 8, 3, [bytes([0 if x < W // 2 else 1 for x in range(W)]) for y in range(H)], plte)

# ---- Broken files
random.seed(20261130)
good = open("png-rgb-8.png", "rb").read()
open("broken-truncated.png", "wb").write(good[: len(good) * 2 // 3])
bad = bytearray(good); idat = good.index(b"IDAT"); bad[idat + 10] ^= 0xFF
open("broken-bad-crc.png", "wb").write(bytes(bad))
ihdr_end = good.index(b"IDAT") - 4
open("broken-garbage-after-header.png", "wb").write(good[:ihdr_end] + bytes(random.randrange(256) for _ in range(400)))
huge = struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0)
open("broken-huge-header.png", "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", huge)
    + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))
open("trailing-garbage.png", "wb").write(good + b"TRAILING GARBAGE")
open("png-named.jpg", "wb").write(good)

jpeg = open("jpeg-baseline.jpg", "rb").read()
open("broken-truncated.jpg", "wb").write(jpeg[: len(jpeg) * 2 // 3])
sos = jpeg.index(b"\xff\xda"); scan = sos + 2 + int.from_bytes(jpeg[sos + 2:sos + 4], "big")
noise = bytes(random.choice([b for b in range(256) if b != 0xFF]) for _ in range(len(jpeg) - scan - 2))
open("broken-garbage-after-header.jpg", "wb").write(jpeg[:scan] + noise + b"\xff\xd9")
open("trailing-garbage.jpg", "wb").write(jpeg + b"TRAILING GARBAGE")
open("broken-zero-bytes.jpg", "wb").write(b"")
open("broken-random.bin", "wb").write(bytes(random.randrange(256) for _ in range(2048)))
open("broken-text.jpg", "w").write("This is a text file, not a photo.\n")
open("broken-text.wav", "w").write("This is a text file, not a recording.\n")
PY
$CONVERT reference.png -depth 8 -define png:color-type=2 -interlace PNG png-interlaced-rgb-8.png
$CONVERT reference.png -alpha set -channel A -evaluate set 50% +channel -depth 16 \
    -define png:color-type=6 -define png:bit-depth=16 -interlace PNG png-interlaced-rgba-16.png

# ---- Audio: 0.25 s tones (stereo where the codec allows)
sox -n -r 8000 -c 1 -b 16 audio-tone.wav synth 0.25 sine 440
sox -n -r 8000 -c 2 -b 16 audio-tone.aiff synth 0.25 sine 440
sox -n -r 8000 -c 2 -b 16 audio-tone.flac synth 0.25 sine 440
sox -n -r 16000 -c 1 audio-tone.ogg synth 0.25 sine 440
# Waveform shape: 4000 frames at 8 kHz, a +-0.5 square (period 20 frames), then silence.
python3 - <<'PY'
import struct, wave
with wave.open("audio-half-square.wav", "wb") as out:
    out.setnchannels(1); out.setsampwidth(2); out.setframerate(8000)
    square = [16384 if (i // 10) % 2 == 0 else -16384 for i in range(2000)]
    out.writeframes(struct.pack("<4000h", *(square + [0] * 2000)))
# A data chunk declaring more than the file holds.
good = open("audio-tone.wav", "rb").read()
open("broken-truncated-data.wav", "wb").write(good[: len(good) // 2])
PY
# Opus and MP3 through libsndfile itself (sox cannot write them here).
python3 - <<'PY'
import ctypes, math
sf = ctypes.CDLL("libsndfile.so.1")
class Info(ctypes.Structure):
    _fields_ = [("frames", ctypes.c_int64), ("samplerate", ctypes.c_int), ("channels", ctypes.c_int),
                ("format", ctypes.c_int), ("sections", ctypes.c_int), ("seekable", ctypes.c_int)]
sf.sf_open.restype = ctypes.c_void_p
for name, rate, fmt in (("audio-tone.opus", 48000, 0x200000 | 0x0064), ("audio-tone.mp3", 44100, 0x230000 | 0x0082)):
    info = Info(0, rate, 1, fmt, 0, 0)
    handle = sf.sf_open(name.encode(), 0x20, ctypes.byref(info))
    if not handle:
        print("skipping", name, "(libsndfile cannot write it)"); continue
    frames = rate // 4
    samples = (ctypes.c_float * frames)(*[0.5 * math.sin(2 * math.pi * 440 * i / rate) for i in range(frames)])
    sf.sf_writef_float(ctypes.c_void_p(handle), samples, ctypes.c_int64(frames))
    sf.sf_close(ctypes.c_void_p(handle))
PY
echo "Fixtures: $(du -sh . | cut -f1)"
