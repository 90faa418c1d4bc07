#!/bin/sh
# Regenerates every file in Fixtures/ (see README.md). Needs ImageMagick (/usr/bin/convert),
# cjpeg (libjpeg-turbo-progs), sox, exiftool, python3 and libsndfile; for the phone formats heif-enc
# (libheif-examples) and libheif-dev, cwebp (webp) and ffmpeg. Deterministic: random bytes come from a fixed seed.
set -eu
cd "$(dirname "$0")"
CONVERT=/usr/bin/convert
rm -f ./*.jpg ./*.png ./*.wav ./*.flac ./*.ogg ./*.aiff ./*.opus ./*.mp3 ./*.bin ./*.heic ./*.avif ./*.webp ./*.m4a ./*.mp4 ./*.oga ./*.spx ./*.ogv

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

# ---- Phone formats: HEIC/AVIF through libheif, WebP through libwebp, M4A through FFmpeg.
heif-enc -q 60 reference.png -o heic-reference.heic
heif-enc -q 60 png-rgba-8.png -o heic-alpha.heic
heif-enc -q 60 jpeg-icc.jpg -o heic-icc.heic
# heif-enc keeps a JPEG's EXIF block as it is: the stored pixels turned, Orientation 6.
heif-enc -q 60 jpeg-orientation-6.jpg -o heic-exif-orientation-6.heic
heif-enc -q 60 -A reference.png -o avif-reference.avif
# Sides that are no multiple of the codec's block (HEVC codes 64-pixel CTBs, AV1 8-pixel blocks
# in 64/128-pixel superblocks): libheif 1.15.1-1+deb12u2 checks the padded, coded size.
$CONVERT reference.png -resize 205x102! odd-size.png
heif-enc -q 60 odd-size.png -o heic-odd-size.heic
heif-enc -q 60 -A odd-size.png -o avif-odd-size.avif
rm -f odd-size.png
# The container's own transform (irot/imir) and no EXIF: a few lines of C over libheif's encoder.
helper=$(mktemp -d)
cat > "$helper/heic-transform.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <libheif/heif.h>
int main(int argc, char **argv) {   /* heic-transform WIDTH HEIGHT ORIENTATION OUT [EXIF-TIFF] < raw-rgb */
    int w = atoi(argv[1]), h = atoi(argv[2]), stride;
    struct heif_image *image; struct heif_encoder *encoder; struct heif_context *context = heif_context_alloc();
    heif_image_create(w, h, heif_colorspace_RGB, heif_chroma_interleaved_RGB, &image);
    heif_image_add_plane(image, heif_channel_interleaved, w, h, 8);
    uint8_t *plane = heif_image_get_plane(image, heif_channel_interleaved, &stride);
    for (int y = 0; y < h; y++) if (fread(plane + y * stride, 3, w, stdin) != (size_t)w) return 1;
    if (heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).code) return 1;
    heif_encoder_set_lossy_quality(encoder, 60);
    struct heif_encoding_options *options = heif_encoding_options_alloc();
    options->image_orientation = (enum heif_orientation)atoi(argv[3]);   /* written as irot/imir */
    struct heif_image_handle *handle;
    if (heif_context_encode_image(context, image, encoder, options, &handle).code) return 1;
    if (argc > 5) {                                 /* an EXIF block beside the transform, as phones write */
        static char exif[65536]; FILE *file = fopen(argv[5], "rb"); size_t size = fread(exif, 1, sizeof exif, file);
        if (heif_context_add_exif_metadata(context, handle, exif, (int)size).code) return 1;
    }
    return heif_context_write_to_file(context, argv[4]).code != 0;
}
C
cc -o "$helper/heic-transform" "$helper/heic-transform.c" -lheif
$CONVERT jpeg-orientation-6.jpg -depth 8 rgb:- | "$helper/heic-transform" 48 64 6 heic-transform-orientation-6.heic
# A phone's HEIC: the container's irot and an EXIF block that agrees (Orientation 6), with
# capture time, sub-seconds, offset, GPS, camera and lens (the block made by exiftool).
$CONVERT reference.png -quality 92 "$helper/camera.jpg"
exiftool -q -overwrite_original -n -Orientation=6 -DateTimeOriginal="2023:08:19 18:42:07" \
    -SubSecTimeOriginal=123 -OffsetTimeOriginal="+01:00" -Make=Apple -Model="iPhone 12 mini" \
    -LensMake=Apple -LensModel="iPhone 12 mini back dual wide camera 4.2mm f/1.6" \
    -GPSLatitude=38.713909 -GPSLatitudeRef=N -GPSLongitude=9.139386 -GPSLongitudeRef=W \
    -GPSAltitude=95.2 -GPSAltitudeRef=0 "$helper/camera.jpg"
exiftool -b -EXIF "$helper/camera.jpg" > "$helper/camera.exif"
$CONVERT jpeg-orientation-6.jpg -depth 8 rgb:- | "$helper/heic-transform" 48 64 6 heic-camera.heic "$helper/camera.exif"
rm -rf "$helper"
cwebp -quiet -q 80 reference.png -o webp-lossy.webp
cwebp -quiet -lossless reference.png -o webp-lossless.webp
cwebp -quiet -q 80 -alpha_q 100 png-rgba-8.png -o webp-alpha.webp
cwebp -quiet -q 80 -metadata exif jpeg-orientation-6.jpg -o webp-orientation-6.webp
cwebp -quiet -q 80 -metadata icc jpeg-icc.jpg -o webp-icc.webp
BITEXACT="-fflags +bitexact -flags:a +bitexact -map_metadata -1"
# shellcheck disable=SC2086
ffmpeg -v error -f lavfi -i "sine=frequency=440:sample_rate=16000:duration=0.25" -ac 1 -c:a aac -b:a 32k \
    $BITEXACT -y audio-tone-aac.m4a
# shellcheck disable=SC2086
ffmpeg -v error -f lavfi -i "sine=frequency=440:sample_rate=8000:duration=0.25" -ac 2 -c:a alac \
    $BITEXACT -y audio-tone-alac.m4a
# A video clip (no audio) is an MP4 but not a recording.
# shellcheck disable=SC2086
ffmpeg -v error -f lavfi -i "testsrc=size=16x16:rate=4:duration=0.5" -c:v mpeg4 -fflags +bitexact -flags:v +bitexact \
    -map_metadata -1 -y broken-video.mp4
# ---- Recordings libsndfile refuses or misreads, which FFmpeg reads (and a video it refuses).
# shellcheck disable=SC2086
for codec in ac3 eac3 flac opus; do                 # M4A with other codecs than AAC and ALAC
    ffmpeg -v error -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=0.25" -ac 1 -c:a $codec -strict -2 \
        $BITEXACT -f mp4 -y "audio-tone-$codec.m4a"
done
# shellcheck disable=SC2086
ffmpeg -v error -f lavfi -i "sine=frequency=440:sample_rate=8000:duration=0.25" -ac 1 -c:a mp3 $BITEXACT \
    -y audio-mp3-in.wav                           # a WAV of MP3 frames (format tag 0x55)
# shellcheck disable=SC2086
ffmpeg -v error -f lavfi -i "sine=frequency=440:sample_rate=16000:duration=0.25" -ac 1 -c:a flac $BITEXACT \
    -f ogg -y audio-flac.oga                      # Ogg FLAC
# shellcheck disable=SC2086
ffmpeg -v error -f lavfi -i "sine=frequency=440:sample_rate=16000:duration=0.25" -ac 1 -c:a speex $BITEXACT \
    -y audio-speex.spx 2>/dev/null || ffmpeg -v error -f lavfi -i "sine=frequency=440:sample_rate=16000:duration=0.25" \
    -ac 1 -c:a libspeex $BITEXACT -y audio-speex.spx
sox -n -r 8000 -b 16 -c 1 broken-no-audio.wav trim 0 0   # a header and no frame
# shellcheck disable=SC2086
ffmpeg -v error -f lavfi -i "testsrc=size=16x16:rate=4:duration=0.5" -c:v libtheora $BITEXACT -y broken-video.ogv
python3 - <<'PY'
# FLACs whose STREAMINFO total-sample count is 0 (unknown: the format allows it) or says half of
# what the frames hold, and one cut in the middle of its frames.
flac = bytearray(open("audio-tone.flac", "rb").read())
def with_total(total):
    patched = bytearray(flac)                   # 36 bits: the low nibble of byte 21, bytes 22-25
    patched[21] = (patched[21] & 0xF0) | (total >> 32 & 0x0F)
    patched[22:26] = (total & 0xFFFFFFFF).to_bytes(4, "big")
    return bytes(patched)
open("flac-no-total.flac", "wb").write(with_total(0))
open("flac-short-total.flac", "wb").write(with_total(1000))
open("broken-truncated.flac", "wb").write(bytes(flac[: len(flac) * 2 // 3]))
PY
python3 - <<'PY'
# A 1 x 1 PNG whose tEXt chunk declares 2 GiB: libpng allocated that much before finding the
# file ends (2 GiB and 5 s); the declared size is checked against the file first.
import struct, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))
png += struct.pack(">I", 0x7FFFFFFF) + b"tEXt" + b"Comment\0" + b"x" * 92
open("broken-huge-text-chunk.png", "wb").write(png)
PY

python3 - <<'PY'
import random, struct
random.seed(20261201)

def boxes(data):                                # (type, offset, size) of the top-level ISO boxes
    start, found = 0, []
    while start + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        if size < 8: break
        found.append((kind, start, size)); start += size
    return found

def noise(n):
    return bytes(random.randrange(256) for _ in range(n))

for source, stem in (("heic-reference.heic", "heic"), ("webp-lossless.webp", "webp"), ("audio-tone-aac.m4a", "m4a")):
    good = open(source, "rb").read()
    open(f"broken-truncated.{stem}", "wb").write(good[: len(good) // 2])
    if stem == "webp":                          # RIFF, VP8L chunk header and image header kept (lossless:
        payload = 12 + 8 + 5                    # VP8 lossy data has no check a decoder could fail)
        bad = good[:payload] + noise(len(good) - payload)
    else:                                       # every box kept, the media data replaced
        kind, offset, size = next(b for b in boxes(good) if b[0] == b"mdat")
        bad = good[:offset + 8] + noise(size - 8) + good[offset + size:]
    open(f"broken-garbage-after-header.{stem}", "wb").write(bad)

# Headers declaring 100000 x 100000 pixels: every HEIC ispe box, a WebP VP8X canvas (which
# libwebp refuses as beyond the format's 2^32-pixel area); and the largest a WebP image header
# can declare, 16384 x 16384 in VP8L's 14-bit fields (over the 100-megapixel limit).
heic = bytearray(open("heic-reference.heic", "rb").read())
at = heic.find(b"ispe")
while at >= 0:
    heic[at + 8:at + 16] = struct.pack(">II", 100000, 100000); at = heic.find(b"ispe", at + 4)
open("broken-huge-header.heic", "wb").write(bytes(heic))
# libheif 1.15's encoder writes the ispe of a rotated image with its sides already turned; a
# phone writes the coded size (ispe before irot, as ISO/IEC 23008-12 says). Put that right.
camera = bytearray(open("heic-camera.heic", "rb").read())
at = camera.rfind(b"ispe")
width, height = struct.unpack(">II", camera[at + 8:at + 16])
camera[at + 8:at + 16] = struct.pack(">II", height, width)
open("heic-camera.heic", "wb").write(bytes(camera))
lossless = open("webp-lossless.webp", "rb").read()
vp8x = b"VP8X" + struct.pack("<I", 10) + bytes(4) + (100000 - 1).to_bytes(3, "little") * 2
body = b"WEBP" + vp8x + lossless[12:]
open("broken-huge-canvas.webp", "wb").write(b"RIFF" + struct.pack("<I", len(body)) + body)
fields = int.from_bytes(lossless[21:25], "little")
fields = (fields & ~((1 << 28) - 1)) | 16383 | 16383 << 14
open("broken-huge-header.webp", "wb").write(lossless[:21] + fields.to_bytes(4, "little") + lossless[25:])
open("broken-text.m4a", "w").write("This is a text file, not a voice memo.\n")
PY
# ---- Camera facts (EXIF through libexif): capture times in two zones, places, cameras, lenses.
# Tokyo at 09:15:30.25 (+09:00) is 00:15:30Z, half an hour before New York's 20:45 (-04:00) the
# evening before by the wall clock: the earliest photo is not the one with the earliest wall time.
$CONVERT reference.png -quality 92 exif-tokyo.jpg
exiftool -q -overwrite_original -n -DateTimeOriginal="2008:07:14 09:15:30" -SubSecTimeOriginal=25 \
    -OffsetTimeOriginal="+09:00" -Make=Canon -Model="Canon EOS 5D" -LensModel="EF24-105mm f/4L IS USM" \
    -GPSLatitude=35.658581 -GPSLatitudeRef=N -GPSLongitude=139.745433 -GPSLongitudeRef=E \
    -GPSAltitude=40.5 -GPSAltitudeRef=0 exif-tokyo.jpg
$CONVERT reference.png -quality 92 exif-new-york.jpg
exiftool -q -overwrite_original -n -DateTimeOriginal="2008:07:13 20:45:00" -OffsetTimeOriginal="-04:00" \
    -Make=Apple -Model="iPhone 15 Pro" -LensMake=Apple -LensModel="iPhone 15 Pro back camera 6.765mm f/1.78" \
    -GPSLatitude=40.748440 -GPSLatitudeRef=N -GPSLongitude=73.985664 -GPSLongitudeRef=W \
    -GPSAltitude=2 -GPSAltitudeRef=1 exif-new-york.jpg
# A capture time without an offset (older cameras): read in the user's own time zone.
$CONVERT reference.png -quality 92 exif-no-offset.jpg
exiftool -q -overwrite_original -n -DateTimeOriginal="2009:01:02 03:04:05" -Make="NIKON CORPORATION" \
    -Model="NIKON D70" exif-no-offset.jpg
# A camera name carrying terminal control sequences (EXIF text is user-controlled data).
$CONVERT reference.png -quality 92 exif-hostile-camera.jpg
exiftool -q -overwrite_original -n -Make="$(printf 'Evil\033]0;owned\007\033[2J')" -Model="Cam" \
    -DateTimeOriginal="2011:11:11 11:11:11" exif-hostile-camera.jpg
# Broken EXIF in good pictures: an APP1 whose TIFF block is garbage after a valid header, and
# one whose IFDs loop (IFD0's next IFD is itself, the Exif IFD points at itself and its GPS
# pointer back at IFD0) but still hold an Orientation 6 and a capture time.
$CONVERT reference.png -quality 92 -strip "exif-broken.jpg"
$CONVERT reference.png -rotate 270 -quality 92 -strip "exif-looping-ifd.jpg"
python3 - <<'PY'
import random, struct
random.seed(20261202)

def with_app1(name, tiff):
    jpeg = open(name, "rb").read()
    payload = b"Exif\0\0" + tiff
    open(name, "wb").write(jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + jpeg[2:])

with_app1("exif-broken.jpg", b"MM\0*" + struct.pack(">I", 0xfff0) + bytes(random.randrange(256) for _ in range(200)))

def entry(tag, kind, count, value):             # value: 4 bytes inline or an offset
    return struct.pack(">HHI", tag, kind, count) + value
ifd0, exif = 8, 8 + 2 + 2 * 12 + 4
date_at = exif + 2 + 3 * 12 + 4
tiff = b"MM\0*" + struct.pack(">I", ifd0)
tiff += struct.pack(">H", 2) + entry(0x0112, 3, 1, struct.pack(">HH", 6, 0)) \
      + entry(0x8769, 4, 1, struct.pack(">I", exif)) + struct.pack(">I", ifd0)
tiff += struct.pack(">H", 3) + entry(0x8769, 4, 1, struct.pack(">I", exif)) \
      + entry(0x8825, 4, 1, struct.pack(">I", ifd0)) + entry(0x9003, 2, 20, struct.pack(">I", date_at)) \
      + struct.pack(">I", exif)
tiff += b"2010:05:06 07:08:09\0"
with_app1("exif-looping-ifd.jpg", tiff)
PY
echo "Fixtures: $(du -sh . | cut -f1)"
