#!/usr/bin/env python3
"""What padding encrypted blobs to a bucket costs in bytes (docs/encryption-format.md, "Padding").

    python3 Benchmarks/blob-padding-overhead.py [COUNT]

Takes COUNT (default 10,000) content sizes spread evenly on a log scale from 50 KB to 12 MB (phone
photos and short recordings), and a second set spread evenly on a linear scale, and prints the
average and worst growth of a layout 3 (padded) file over a layout 2 (unpadded) file of the same
content, and over the content itself. The sizes follow BlobCipher.fileSize(ofContentSize:layout:)
and BlobPadding.paddedSize(ofContentSize:), which BlobPaddingTests checks against real files.
"""
import math
import random
import sys

CHUNK, OVERHEAD = 65536, 17


def padded_size(length: int) -> int:
    step = max(4096, 1 << max(0, length.bit_length() - 1 - 5))
    return max(1, -(-length // step)) * step


def unpadded_file(length: int) -> int:
    return 32 + length + OVERHEAD * -(-length // CHUNK) + 57


def padded_file(length: int) -> int:
    return 33 + unpadded_file(padded_size(length))


def report(name: str, sizes: list[int]) -> None:
    over_v2 = [padded_file(n) / unpadded_file(n) - 1 for n in sizes]
    over_content = [padded_file(n) / n - 1 for n in sizes]
    worst = max(range(len(sizes)), key=lambda i: over_v2[i])
    total = sum(padded_file(n) for n in sizes) / sum(unpadded_file(n) for n in sizes) - 1
    print(f"{name}: {len(sizes)} sizes, padded file vs unpadded file: average {100 * sum(over_v2) / len(sizes):.2f} %, "
          f"all bytes together {100 * total:.2f} %, worst {100 * over_v2[worst]:.2f} % (at {sizes[worst]:,} bytes); "
          f"vs the content: average {100 * sum(over_content) / len(sizes):.2f} %, worst {100 * max(over_content):.2f} %")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    low, high = 50_000, 12_000_000
    generator = random.Random(30)
    logarithmic = [int(math.exp(generator.uniform(math.log(low), math.log(high)))) for _ in range(count)]
    linear = [generator.randint(low, high) for _ in range(count)]
    report("50 KB-12 MB, log scale", logarithmic)
    report("50 KB-12 MB, linear", linear)
    # The worst case over every size in the range: the first size of each step, the least padded.
    worst = {"from 50 KB": (0.0, 0), "from 256 KiB": (0.0, 0)}
    for n in range(low, high + 1):
        step = max(4096, 1 << max(0, n.bit_length() - 1 - 5))
        if n % step != 1 and n != low:
            continue
        growth = padded_file(n) / unpadded_file(n) - 1
        for name, start in (("from 50 KB", low), ("from 256 KiB", 262_144)):
            if n >= start and growth > worst[name][0]:
                worst[name] = (growth, n)
    print("worst over every size to 12 MB: " + "; ".join(
        f"{name} {100 * growth:.2f} % (at {at:,} bytes)" for name, (growth, at) in worst.items()))

if __name__ == "__main__":
    main()
