#!/usr/bin/env python3
"""Tables for docs/results/number.md from the results of the What's My Number? experiment.

    kripkesim batch configs/experiments/number-9-conditions.json --out results.json
    scripts/number_results.py results.json

Conditions are named <epistemagic>-<variant> (none-standard, once-kooi-pw, ...). With
`deals: "all"` game index g is the same deal in every condition (docs/batch.md), which the
script checks, so magic and no-magic games compare deal by deal.
"""
import sys
from collections import defaultdict

from results_stats import load

BUCKETS = [(k, k) for k in range(1, 11)] + [(11, 15), (16, 20), (21, 30), (31, 10**9)]


def bucket_name(lo, hi):
    return str(lo) if lo == hi else (f"{lo}+" if hi >= 10**9 else f"{lo}-{hi}")


def main(path):
    results = load(path)
    summary = {c["name"]: c for c in results["summary"]["conditions"]}
    names = list(summary)
    games = defaultdict(dict)  # condition -> index -> record
    for g in results["games"]:
        games[g["condition"]][g["index"]] = g

    print("| condition | games | mean turns | 95% CI | median | max | 1 winner | 2 winners "
          "| 3 winners | stalled | turn limit |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name in names:
        s = summary[name]
        t, w, nw = s["turns"], s["winners"], s["no_winner"]
        print(f"| {name} | {s['games']} | {t['mean']:.2f} | {t['ci95'][0]:.2f}–{t['ci95'][1]:.2f} "
              f"| {t['median']:g} | {t['max']} | {w.get('1', 0)} | {w.get('2', 0)} "
              f"| {w.get('3', 0)} | {nw['stalled']} | {nw['max_turns']} |")

    print("\nGames by number of turns:\n")
    print("| turns | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for lo, hi in BUCKETS:
        counts = []
        for name in names:
            hist = summary[name]["turns"]["histogram"]
            counts.append(sum(n for k, n in hist.items() if lo <= int(k) <= hi))
        if any(counts):
            print(f"| {bucket_name(lo, hi)} | " + " | ".join(str(c) for c in counts) + " |")

    def compare(base, other):
        a, b = games[base], games[other]
        if a.keys() != b.keys():
            sys.exit(f"{base} and {other} have different game indices")
        for g in a:
            if a[g]["deal"] != b[g]["deal"]:
                sys.exit(f"game {g}: {base} and {other} played different deals")
        diffs = [a[g]["turns"] - b[g]["turns"] for g in sorted(a)]
        differ = [d for d in diffs if d]
        return (len(diffs), len(differ) / len(diffs), sum(diffs) / len(diffs),
                sum(differ) / len(differ) if differ else 0.0,
                sum(d > 0 for d in diffs) / len(diffs), sum(d < 0 for d in diffs) / len(diffs))

    print("\nMagic vs no magic, deal by deal (difference = turns without − turns with):\n")
    print("| variant | compared | deals | turn counts differ | mean difference "
          "| mean difference where they differ | shorter with | longer with |")
    print("|---|---|---|---|---|---|---|---|")
    variants = sorted({n.split("-", 1)[1] for n in names}, key=lambda v: names.index("none-" + v))
    for variant in variants:
        for base, other in (("none", "once"), ("none", "steady"), ("once", "steady")):
            b, o = f"{base}-{variant}", f"{other}-{variant}"
            if b in games and o in games:
                n, share, mean, mean_differ, shorter, longer = compare(b, o)
                print(f"| {variant} | {base} vs {other} | {n} | {share:.1%} | {mean:.3f} "
                      f"| {mean_differ:.3f} | {shorter:.1%} | {longer:.1%} |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
