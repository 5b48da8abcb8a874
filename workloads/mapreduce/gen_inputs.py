#!/usr/bin/env python3
"""gen_inputs.py - the input chunks of the map/reduce workloads (E7), generated at build time.

    gen_inputs.py --size small|full --out DIR

Writes into DIR (made if missing, emptied of old chunks):
    text-NN.dat     lines of words for grep and wordcount: 4 to 14 words a line, drawn from a
                    vocabulary of VOCAB words with a skewed (Zipf-like) frequency, as natural text
                    has; a few real words lead the vocabulary, "kasane" among them (grep's pattern).
    records-NN.dat  100-byte records for sort, as Hadoop's teragen writes them: a 10-byte key of
                    printable characters (unique), the record number, filler, CR LF.
    docs-NN.dat     one document a line, the index co-runner's corpus: the same kind of text from
                    another seed.
The bytes depend only on the size (a fixed xorshift generator, not Python's random, so every
Python gives the same files). Sizes: small is for the tests (a few seconds each); full is E7's:
2 MiB of text, 1 MiB of records, 0.5 MiB of documents. That is less than the 8 MiB shared L2 of
configs/machines/x5560-4core.toml, but E7 runs 30 simulations of the 8-context pipeline model
(1-2 M cycles a host second on a quiet host) and must stay within minutes: with these sizes a
job alone takes 5 x 10^6 (pi) to 5 x 10^7 cycles (wordcount), and four times the text and
records made grep and sort 38 and 43 M instead of 15 and 11 M.
"""

import argparse
from pathlib import Path

# name -> (chunks, bytes per chunk) of each input, per size.
SIZES = {
    "small": {"text": (4, 16384), "records": (4, 16000), "docs": (2, 16384)},
    "full": {"text": (8, 262144), "records": (8, 131000), "docs": (2, 262144)},
}
VOCAB = 6000
LEADING = ["the", "of", "and", "to", "in", "is", "that", "for", "it", "as", "with", "was",
           "on", "be", "by", "at", "this", "from", "or", "an", "cache", "thread", "core",
           "kasane", "sibling", "map", "reduce", "sort", "word", "count"]
RECORD = 100
KEY = 10


class XorShift:
    """xorshift64*: small, fast enough, and the same on every host."""

    def __init__(self, seed: int):
        self.s = seed or 1

    def next(self) -> int:
        s = self.s
        s ^= (s >> 12)
        s ^= (s << 25) & 0xFFFFFFFFFFFFFFFF
        s ^= (s >> 27)
        self.s = s
        return (s * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF

    def below(self, n: int) -> int:
        return (self.next() >> 11) % n


def vocabulary(rng: XorShift) -> list[str]:
    words, seen = list(LEADING), set(LEADING)
    while len(words) < VOCAB:
        w = "".join(chr(97 + rng.below(26)) for _ in range(2 + rng.below(9)))
        if w not in seen:
            seen.add(w)
            words.append(w)
    return words


def skewed(rng: XorShift, n: int) -> int:
    """An index below n, small ones far more often: n * u^3 for u uniform in [0, 1)."""
    u = (rng.next() >> 11) / float(1 << 53)
    return int(n * u * u * u)


def text_chunk(rng: XorShift, words: list[str], size: int) -> bytes:
    lines, total = [], 0
    while True:
        line = " ".join(words[skewed(rng, len(words))] for _ in range(4 + rng.below(11))) + "\n"
        if total + len(line) > size:
            return "".join(lines).encode()
        lines.append(line)
        total += len(line)


def record_chunks(rng: XorShift, chunks: int, size: int) -> list[bytes]:
    seen, out, number = set(), [], 0
    for _ in range(chunks):
        recs = []
        for _ in range(size // RECORD):
            while True:
                key = bytes(33 + rng.below(94) for _ in range(KEY))
                if key not in seen:
                    break
            seen.add(key)
            body = f"{number:010d}".encode() + bytes([65 + number % 26]) * (RECORD - KEY - 12)
            recs.append(key + body + b"\r\n")
            number += 1
        out.append(b"".join(recs))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", choices=sorted(SIZES), required=True)
    ap.add_argument("--out", required=True)
    opt = ap.parse_args()
    out = Path(opt.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.dat"):
        old.unlink()
    size = SIZES[opt.size]
    rng = XorShift(0x6B6173616E65)
    words = vocabulary(rng)
    n, per = size["text"]
    for i in range(n):
        (out / f"text-{i:02d}.dat").write_bytes(text_chunk(rng, words, per))
    n, per = size["records"]
    for i, data in enumerate(record_chunks(XorShift(0x736F7274), n, per)):
        (out / f"records-{i:02d}.dat").write_bytes(data)
    drng = XorShift(0x646F6373)
    n, per = size["docs"]
    for i in range(n):
        (out / f"docs-{i:02d}.dat").write_bytes(text_chunk(drng, words, per))


if __name__ == "__main__":
    main()
