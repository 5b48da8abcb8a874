"""Covert-channel figures of a run of workloads/smtchan (E10): the receiver prints what it decoded
(`smtchan recv ... decoded=BITS`), never the message; the message is derived here from the seed
both programs were given, as the sender derives it, and compared bit by bit. A point's stats.json
gains a `channel` object for metrics and tables when a metric's path starts with `channel.`:

    bits        the message's length
    errors      bits decoded wrong; ber = errors / bits (the bit error rate)
    cycles      the receiver's own measuring time (its cycle counter, first slot to last)
    bandwidth   bits per million cycles: 10^6 bits / cycles
    capacity    bandwidth x (1 - H2(ber)), H2 the binary entropy: the rate of a binary symmetric
                channel with that error rate, so a receiver that guesses (ber 0.5) has capacity 0
    missed      slots the receiver never ran in (decoded as 0)

A run whose console has no receiver line, or two, or a bad one, fails with NoChannel naming why."""
import math
import re

LINE = re.compile(r"^smtchan recv (.*)$", re.MULTILINE)


class NoChannel(ValueError):
    """The console holds no receiver line that can be scored."""


def message(seed: int, n: int) -> str:
    """The n bits of seed's message, as workloads/smtchan/smtchan.c's message() sends them."""
    m = 0xFFFFFFFF
    x = (seed * 0x9E3779B9 & m) ^ 0x5A17C4A1
    x = x or 1
    out = []
    for _ in range(n):
        x ^= (x << 13) & m
        x ^= x >> 17
        x ^= (x << 5) & m
        out.append("1" if x >> 31 else "0")
    return "".join(out)


def h2(p: float) -> float:
    """Binary entropy in bits: 0 at p = 0 or 1, 1 at p = 0.5."""
    if p <= 0 or p >= 1:
        return 0.0
    return -p * math.log2(p) - (1 - p) * math.log2(1 - p)


def figures(bits: int, errors: int, cycles: int) -> dict:
    """Bandwidth, error rate and capacity of `bits` bits received in `cycles` with `errors`."""
    ber = errors / bits
    bandwidth = bits * 1e6 / cycles
    return {"bits": bits, "errors": errors, "ber": ber, "cycles": cycles,
            "bandwidth": bandwidth, "capacity": bandwidth * (1 - h2(ber))}


def score(console: str) -> dict:
    """The `channel` object of a run from its console output."""
    found = LINE.findall(console)
    if len(found) != 1:
        raise NoChannel(f"{len(found)} `smtchan recv` lines in the console, not one")
    fields = dict(f.split("=", 1) for f in found[0].split() if "=" in f)
    try:
        seed, n, cycles = int(fields["seed"]), int(fields["bits"]), int(fields["cycles"])
        decoded = fields["decoded"]
        missed = int(fields["missed"])
    except (KeyError, ValueError) as e:
        raise NoChannel(f"the `smtchan recv` line lacks a field or has a bad one: {e}") from None
    if len(decoded) != n or set(decoded) - {"0", "1"} or cycles <= 0:
        raise NoChannel(f"the `smtchan recv` line's decoded bits are not {n} bits, or its "
                        f"cycles not above 0")
    sent = message(seed, n)
    errors = sum(a != b for a, b in zip(sent, decoded))
    return {**figures(n, errors, cycles), "missed": missed, "channel": fields.get("channel")}
