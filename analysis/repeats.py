"""Repeated points (`repeat = N`): each sweep combination runs N times with sim.perturb_seed 1..N,
and a table cell or plot value is computed once per seed (so a ratio is a ratio of the same seed's
runs) and then summarised as the mean with a 95% confidence interval from Student's t
distribution (scipy.stats): mean +- t(0.975, N-1) * s / sqrt(N), s the sample standard deviation.
A value that is the same for every seed (a parameter, a paper's figure) is kept as it is."""
from dataclasses import dataclass

import numpy as np
from scipy import stats

LEVEL = 0.95


@dataclass
class Summary:
    mean: float
    low: float      # the 95% interval; low == high == mean with one value or no spread
    high: float
    n: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def is_number(v) -> bool:
    return isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool)


def summarise(values) -> Summary:
    a = np.asarray(values, dtype=float)
    mean = float(a.mean())
    if len(a) < 2 or np.all(a == a[0]):
        return Summary(mean, mean, mean, len(a))
    low, high = stats.t.interval(LEVEL, len(a) - 1, loc=mean, scale=stats.sem(a))
    return Summary(mean, float(low), float(high), len(a))


def combine(values: list):
    """One cell from its per-seed values: the value itself if every seed gave the same, a Summary
    if they are numbers that differ, else the first (a string that differs: nothing to average)."""
    first = values[0]
    if all(type(v) is type(first) and v == first for v in values[1:]):
        return first
    if all(is_number(v) for v in values):
        return summarise(values)
    return first


def seed_of(row):
    return getattr(row.outcome.job.point, "seed", None)


def by_seed(rows) -> list[tuple[int | None, list]]:
    """[(seed, its rows in sweep order)]: one entry (None) for an experiment without repeat."""
    seeds = []
    for r in rows:
        if seed_of(r) not in seeds:
            seeds.append(seed_of(r))
    return [(s, [r for r in rows if seed_of(r) == s]) for s in seeds]
