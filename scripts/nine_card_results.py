#!/usr/bin/env python3
"""Tables for docs/results/nine-card.md from the results of the nine-card agents experiment.

    kripkesim batch configs/experiments/nine-card-agents.json --jobs 2 --out nine-card.json
    kripkesim batch configs/experiments/nine-card-agents.json --jobs 2 --shard 1/100 \
        --log-dir logs --out shard.json
    scripts/nine_card_results.py nine-card.json [logs]

The seats' strategies are read from the game records, so the script needs no condition
names: the baseline is the condition where every seat plays `random`; "alone" conditions
have one seat that is not `random`; head-to-head conditions have two different non-random
strategies. A seat "wins" a game when it is among the winners (several players can learn
the hidden card from the same answer, and all of them win); the "share" splits a shared
win. Each condition plays its own random deals, so different conditions are independent
samples; two seats of one condition are compared game by game (a paired difference).
With a directory of game logs (`--log-dir`), it also counts how often the hint table's
marked rows and `info-gain`'s choices are the same, over every `hints` event there.
"""
import glob
import json
import os
import sys
from collections import defaultdict

from results_stats import difference_ci, load, mean_ci, median_ci, pct, points, wilson

RANDOM = "random"


class Condition:
    def __init__(self, name, games):
        self.name = name
        self.games = games
        self.n = len(games)
        self.strategies = games[0]["strategies"]
        if any(g["strategies"] != self.strategies for g in games):
            sys.exit(f"condition {name}: the seats' strategies change between games")
        self.seats = range(1, len(self.strategies) + 1)

    def wins(self, seat):
        return sum(seat in g["winners"] for g in self.games)

    def share(self, seat):
        return sum(1 / len(g["winners"]) for g in self.games if seat in g["winners"]) / self.n

    def informed(self):
        """The seats that do not play `random`."""
        return [k for k in self.seats if self.strategies[k - 1] != RANDOM]

    def lineup(self):
        return " / ".join(f"`{s}`" for s in self.strategies)

    def won_not(self, a, b):
        """Per game, +1 when seat a won and seat b did not, −1 the other way round, else 0."""
        return [(a in g["winners"]) - (b in g["winners"]) for g in self.games]


def conditions(results):
    games = defaultdict(list)
    for g in results["games"]:
        games[g["condition"]].append(g)
    order = [c["name"] for c in results["config"]["batch"]["conditions"]]
    return [Condition(name, games[name]) for name in order if games[name]]


def rate_ci(successes, n):
    lo, hi = wilson(successes, n)
    return f"{pct(successes / n)} ({pct(lo)}–{pct(hi)})"


def mean_cell(values):
    mean, lo, hi = mean_ci(values)
    return f"{mean:.2f} ({lo:.2f}–{hi:.2f})"


def median_cell(values):
    median, lo, hi = median_ci(values)
    return f"{median:g} ({lo:g}–{hi:g})"


def seat_table(conds):
    seats = conds[0].seats
    print("Win rate per seat (95% Wilson interval) and share of wins (a shared win split "
          "equally):\n")
    print("| condition | seats 1 / 2 / 3 | games | "
          + " | ".join(f"seat {k} wins" for k in seats) + " | "
          + " | ".join(f"seat {k} share" for k in seats) + " | 2 winners | 3 winners "
          "| no winner |")
    print("|---|---|---|" + "---|" * (2 * len(seats)) + "---|---|---|")
    for c in conds:
        several = defaultdict(int)
        for g in c.games:
            several[len(g["winners"])] += 1
        print(f"| {c.name} | {c.lineup()} | {c.n} | "
              + " | ".join(rate_ci(c.wins(k), c.n) for k in seats) + " | "
              + " | ".join(pct(c.share(k)) for k in seats)
              + f" | {pct(several[2] / c.n)} | {pct(several[3] / c.n)} | {several[0]} |")


def length_table(conds):
    print("\nGame length (95% intervals: the mean's ±1.96·s/√n, the median's from order "
          "statistics):\n")
    print("| condition | mean turns | median turns | max turns | mean rounds | median rounds |")
    print("|---|---|---|---|---|---|")
    for c in conds:
        turns = [g["turns"] for g in c.games]
        rounds = [g["rounds"] for g in c.games]
        print(f"| {c.name} | {mean_cell(turns)} | {median_cell(turns)} | {max(turns)} "
              f"| {mean_cell(rounds)} | {median_cell(rounds)} |")


def against_baseline(conds, baseline):
    """Each strategy alone against two random players, seat by seat, against the same seat
    of the all-random baseline; then the two strategies against each other, same seat."""
    alone = defaultdict(dict)  # strategy -> seat -> condition
    for c in conds:
        if len(c.informed()) == 1:
            seat = c.informed()[0]
            alone[c.strategies[seat - 1]][seat] = c
    print("\nAlone against two `random` players, compared with a `random` player in the "
          "same seat of the baseline (difference in percentage points, 95% interval):\n")
    print("| strategy | seat | its win rate | baseline | difference | mean turns "
          "| baseline mean turns |")
    print("|---|---|---|---|---|---|---|")
    base_turns = mean_ci([g["turns"] for g in baseline.games])[0]
    for strategy, by_seat in alone.items():
        for seat, c in sorted(by_seat.items()):
            d, lo, hi = difference_ci(c.wins(seat), c.n, baseline.wins(seat), baseline.n)
            print(f"| `{strategy}` | {seat} | {pct(c.wins(seat) / c.n)} "
                  f"| {pct(baseline.wins(seat) / baseline.n)} | {points(d)} ({points(lo)} to "
                  f"{points(hi)}) | {mean_ci([g['turns'] for g in c.games])[0]:.2f} "
                  f"| {base_turns:.2f} |")
    names = list(alone)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            print(f"\n`{a}` against `{b}`, each alone against two `random` players in the "
                  "same seat:\n")
            print(f"| seat | `{a}` wins | `{b}` wins | difference |")
            print("|---|---|---|---|")
            for seat in sorted(set(alone[a]) & set(alone[b])):
                ca, cb = alone[a][seat], alone[b][seat]
                d, lo, hi = difference_ci(ca.wins(seat), ca.n, cb.wins(seat), cb.n)
                print(f"| {seat} | {pct(ca.wins(seat) / ca.n)} | {pct(cb.wins(seat) / cb.n)} "
                      f"| {points(d)} ({points(lo)} to {points(hi)}) |")


def head_to_head(conds):
    """Two different non-random strategies in one game: per game, did one win without the
    other? Pooled over the conditions that seat the same pair (both seat orders)."""
    pairs = defaultdict(list)  # (a, b) with a < b -> per-game differences
    print("\nHead to head: games where one of the two won and the other did not (the random "
          "seat can win too; shared wins count for neither):\n")
    print("| condition | seats | A won, B not | B won, A not | both won | neither won "
          "| A − B (95% interval) |")
    print("|---|---|---|---|---|---|---|")
    for c in conds:
        informed = c.informed()
        if len(informed) != 2 or len({c.strategies[k - 1] for k in informed}) != 2:
            continue
        a, b = sorted(informed, key=lambda k: c.strategies[k - 1])
        diffs = c.won_not(a, b)
        both = sum(a in g["winners"] and b in g["winners"] for g in c.games)
        pairs[(c.strategies[a - 1], c.strategies[b - 1])].extend(diffs)
        d, lo, hi = mean_ci(diffs)
        print(f"| {c.name} | A = `{c.strategies[a - 1]}` (seat {a}), B = "
              f"`{c.strategies[b - 1]}` (seat {b}) | {pct(diffs.count(1) / c.n)} "
              f"| {pct(diffs.count(-1) / c.n)} | {pct(both / c.n)} "
              f"| {pct((diffs.count(0) - both) / c.n)} | {points(d)} ({points(lo)} to "
              f"{points(hi)}) |")
    for (a, b), diffs in pairs.items():
        d, lo, hi = mean_ci(diffs)
        print(f"| pooled ({len(diffs)} games) | A = `{a}`, B = `{b}` "
              f"| {pct(diffs.count(1) / len(diffs))} | {pct(diffs.count(-1) / len(diffs))} "
              f"| | | {points(d)} ({points(lo)} to {points(hi)}) |")


def seat_effects(conds):
    """Equal strategies in every seat: how much moving first is worth, game by game."""
    print("\nSeat effects with the same strategy in every seat (paired, per game: seat i won "
          "and seat j did not, minus the reverse; percentage points, 95% interval):\n")
    print("| condition | seat 1 − seat 2 | seat 1 − seat 3 | seat 2 − seat 3 |")
    print("|---|---|---|---|")
    for c in conds:
        if len(set(c.strategies)) != 1:
            continue
        cells = []
        for i, j in ((1, 2), (1, 3), (2, 3)):
            d, lo, hi = mean_ci(c.won_not(i, j))
            cells.append(f"{points(d)} ({points(lo)} to {points(hi)})")
        print(f"| {c.name} | " + " | ".join(cells) + " |")


def info_gain_choices(rows):
    """The rows `info-gain` picks from: the largest entropy drop (within 1e-9 bits), then
    the hint order (more relations deleted, then fewer expected worlds), as
    include/kripke/games/nine_card/strategies.hpp decides."""
    most = max(r["entropy_drop"] for r in rows)
    tied = [k for k, r in enumerate(rows) if r["entropy_drop"] > most - 1e-9]
    deleted = max(rows[k]["relations_deleted"] for k in tied)
    tied = [k for k in tied if rows[k]["relations_deleted"] == deleted]
    fewest = min(rows[k]["expected_worlds"] for k in tied)
    return {k for k in tied if rows[k]["expected_worlds"] < fewest + 1e-9}


def agreement(log_dir):
    tables = same = disjoint = 0
    for path in glob.glob(os.path.join(log_dir, "*.jsonl")):
        with open(path) as f:
            for line in f:
                event = json.loads(line)
                if event["event"] != "hints":
                    continue
                rows = event["questions"]
                marked = {k for k, r in enumerate(rows) if r["best"]}
                chosen = info_gain_choices(rows)
                tables += 1
                same += marked == chosen
                disjoint += not marked & chosen
    if not tables:
        sys.exit(f"{log_dir}: no hints events")
    print(f"\n`hint` and `info-gain` in the same situation ({tables} hint tables from the "
          f"logs in {log_dir}):\n")
    print("| the rows they choose from are | tables | share |")
    print("|---|---|---|")
    print(f"| the same | {same} | {pct(same / tables)} |")
    print(f"| different but overlapping | {tables - same - disjoint} "
          f"| {pct((tables - same - disjoint) / tables)} |")
    print(f"| disjoint | {disjoint} | {pct(disjoint / tables)} |")


def main(path, log_dir=None):
    conds = conditions(load(path))
    baselines = [c for c in conds if not c.informed()]
    if len(baselines) != 1:
        sys.exit(f"{path}: expected one condition with every seat `random`")
    seat_table(conds)
    length_table(conds)
    against_baseline(conds, baselines[0])
    head_to_head(conds)
    seat_effects(conds)
    if log_dir:
        agreement(log_dir)


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    main(*sys.argv[1:])
