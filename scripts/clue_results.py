#!/usr/bin/env python3
"""Tables for docs/results/clue.md from the results of the two Clue experiments.

    kripkesim batch configs/experiments/clue-vs-random.json --out vs-random.json
    kripkesim batch configs/experiments/clue-round-robin.json --out round-robin.json
    kripkesim batch configs/experiments/clue-vs-random-original.json --out original.json
    scripts/clue_results.py vs-random.json round-robin.json [original.json]

vs-random: player 1 plays one strategy against two `random` players (one condition per
strategy). original: the same with the original's settings (every player shows by
`shown-before`, `shortcut` semantics), compared condition by condition with vs-random. round-robin: every ordered choice of three different strategies for the seats.
A player "wins" a game when it is among the winners (a shared win counts for each winner,
as the original counted the first reported winner); the "share" splits a shared win.
"""
import sys
from collections import defaultdict

from results_stats import difference_ci, load, mean_ci, pct, points, wilson

# ClueModel's results page: the original's table, 10 games per strategy, player 1 vs two RANDOM players.
ORIGINAL = {"not-own": (0.60, 5.6), "one-own": (0.20, 6.5), "unknown": (0.50, 6.0),
            "one-unknown": (0.70, 6.9), "reasoning": (0.30, 5.8)}


def vs_random(results):
    by_condition = defaultdict(list)
    for g in results["games"]:
        by_condition[g["condition"]].append(g)
    print("| player 1's strategy | games | player 1 wins | 95% CI | share of wins | mean rounds "
          "| 95% CI | original: wins (10 games) | 95% CI | original: mean rounds |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, games in by_condition.items():
        n = len(games)
        wins = sum(1 in g["winners"] for g in games)
        share = sum(1 / len(g["winners"]) for g in games if 1 in g["winners"]) / n
        lo, hi = wilson(wins, n)
        rounds, rlo, rhi = mean_ci([g["rounds"] for g in games])
        if name in ORIGINAL:
            rate, orig_rounds = ORIGINAL[name]
            olo, ohi = wilson(round(rate * 10), 10)
            original = f"{pct(rate)} | {pct(olo)}–{pct(ohi)} | {orig_rounds}"
        else:
            original = "— | — | —"
        print(f"| `{name}` | {n} | {pct(wins / n)} | {pct(lo)}–{pct(hi)} | {pct(share)} "
              f"| {rounds:.2f} | {rlo:.2f}–{rhi:.2f} | {original} |")


def round_robin(results):
    # Per strategy: games played, wins, shared-win share; per seat too.
    played = defaultdict(int)
    wins = defaultdict(int)
    share = defaultdict(float)
    seat_played = defaultdict(int)
    seat_wins = defaultdict(int)
    head = defaultdict(lambda: [0, 0])  # (a, b) -> [games where a beat b outright, games both in]
    for g in results["games"]:
        strategies = g["strategies"]
        for seat, s in enumerate(strategies, start=1):
            played[s] += 1
            seat_played[(s, seat)] += 1
            if seat in g["winners"]:
                wins[s] += 1
                seat_wins[(s, seat)] += 1
                share[s] += 1 / len(g["winners"])
        for a_seat, a in enumerate(strategies, start=1):
            for b_seat, b in enumerate(strategies, start=1):
                if a != b:
                    head[(a, b)][1] += 1
                    if a_seat in g["winners"] and b_seat not in g["winners"]:
                        head[(a, b)][0] += 1
    names = sorted(played, key=lambda s: -share[s] / played[s])
    seats = sorted({seat for _, seat in seat_played})
    print("| strategy | seat-games | wins | 95% CI | share of wins | "
          + " | ".join(f"wins in seat {k}" for k in seats) + " |")
    print("|---|---|---|---|---|" + "---|" * len(seats))
    for s in names:
        lo, hi = wilson(wins[s], played[s])
        per_seat = " | ".join(pct(seat_wins[(s, k)] / seat_played[(s, k)]) for k in seats)
        print(f"| `{s}` | {played[s]} | {pct(wins[s] / played[s])} | {pct(lo)}–{pct(hi)} "
              f"| {pct(share[s] / played[s])} | {per_seat} |")
    print("\nHead to head: the share of the games with both in which the row's strategy won "
          "and the column's did not.\n")
    print("| | " + " | ".join(f"`{b}`" for b in names) + " |")
    print("|---|" + "---|" * len(names))
    for a in names:
        cells = [("—" if a == b else pct(head[(a, b)][0] / head[(a, b)][1])) for b in names]
        print(f"| `{a}` | " + " | ".join(cells) + " |")


def like_for_like(ours, original_settings):
    """Player 1's wins per strategy: our settings, the original's settings, the difference
    with its 95% interval, the original's 10 games, and how many games differ at all."""
    def by_condition(results):
        out = defaultdict(dict)
        for g in results["games"]:
            out[g["condition"]][g["index"]] = g
        return out
    a, b = by_condition(ours), by_condition(original_settings)
    print("| player 1's strategy | wins: random show, product | wins: shown-before, shortcut "
          "| difference | 95% CI | games that differ | original: wins (10 games) |")
    print("|---|---|---|---|---|---|---|")
    for name, games in a.items():
        other = b[name]
        n = len(games)
        wins_a = sum(1 in g["winners"] for g in games.values())
        wins_b = sum(1 in g["winners"] for g in other.values())
        differ = sum(games[k]["winners"] != other[k]["winners"] or
                     games[k]["turns"] != other[k]["turns"] for k in games if k in other)
        # The same deals in both runs: the interval of independent samples is conservative.
        d, lo, hi = difference_ci(wins_b, len(other), wins_a, n)
        original = pct(ORIGINAL[name][0]) if name in ORIGINAL else "—"
        print(f"| `{name}` | {pct(wins_a / n)} | {pct(wins_b / len(other))} "
              f"| {points(d)} | {points(lo)} to {points(hi)} "
              f"| {pct(differ / n)} | {original} |")


def main(vs_random_path, round_robin_path, original_path=None):
    vs_random(load(vs_random_path))
    print()
    round_robin(load(round_robin_path))
    if original_path:
        print()
        like_for_like(load(vs_random_path), load(original_path))


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(*sys.argv[1:])
