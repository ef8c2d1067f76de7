"""What the results scripts (scripts/*_results.py) share: reading a `kripkesim batch`
results file and the intervals they report. Standard library only.
"""
import json
import math
import sys

Z95 = 1.96


def load(path):
    """A complete results file (docs/batch.md); an interrupted run is refused."""
    with open(path) as f:
        results = json.load(f)
    if not results.get("complete", False):
        sys.exit(f"{path}: the run is incomplete")
    return results


def wilson(successes, n, z=Z95):
    """95% Wilson score interval of a proportion: sound near 0 and 1 and for small n."""
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_ci(values):
    """The mean and its 95% interval, mean ± 1.96·s/√n (s with divisor n − 1); NaN bounds for
    a single value."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:  # one value has no spread to estimate: no interval
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, mean - Z95 * sd / math.sqrt(n), mean + Z95 * sd / math.sqrt(n)


def median_ci(values):
    """The median and a distribution-free 95% interval: the order statistics at ranks
    n/2 ∓ 1.96·√n/2 (the binomial(n, 1/2) count of values below the median)."""
    s = sorted(values)
    n = len(s)
    median = (s[(n - 1) // 2] + s[n // 2]) / 2
    half = Z95 * math.sqrt(n) / 2
    lo = max(0, math.floor(n / 2 - half))
    hi = min(n - 1, math.ceil(n / 2 + half) - 1)
    return median, s[lo], s[hi]


def difference_ci(successes_a, n_a, successes_b, n_b):
    """The difference of two independent proportions, a − b, with its 95% interval
    (normal approximation: fine for thousands of games)."""
    pa, pb = successes_a / n_a, successes_b / n_b
    half = Z95 * math.sqrt(pa * (1 - pa) / n_a + pb * (1 - pb) / n_b)
    return pa - pb, pa - pb - half, pa - pb + half


def pct(x):
    return f"{100 * x:.1f}%"


def points(x):
    """A difference of proportions in percentage points, signed."""
    return f"{100 * x:+.1f}"
