#!/usr/bin/env python3
"""Tables for docs/results/cluedo.md from the results of the three Cluedo experiments.

    kripkesim batch configs/experiments/cluedo-seats-3.json --jobs 2 --out seats.json
    kripkesim batch configs/experiments/cluedo-players.json --jobs 2 --out players.json
    kripkesim batch configs/experiments/cluedo-accuse-at.json --jobs 2 --out accuse.json
    scripts/cluedo_results.py seats.json players.json accuse.json

seats: the six seat orders of info-gain, careful and random (3 players). players: careful
players only, 3 to 6 of them. accuse: player 1 gambles on the most likely envelope at a
threshold. A Cluedo game has one winner (the first right accusation) or none (everyone
out: "stalled").
"""
import sys
from collections import defaultdict

from results_stats import difference_ci, load, mean_ci, pct, points, wilson


def by_condition(results):
    """The games of each condition, in the config's order."""
    out = defaultdict(list)
    for g in results["games"]:
        out[g["condition"]].append(g)
    return out


def rate(wins, n):
    lo, hi = wilson(wins, n)
    return f"{pct(wins / n)} | {pct(lo)}–{pct(hi)}"


def seats(results):
    games = results["games"]
    print("### Per seat order\n")
    print("| seats 1, 2, 3 | games | seat 1 wins | seat 2 wins | seat 3 wins | mean turns |")
    print("|---|---|---|---|---|---|")
    for name, gs in by_condition(results).items():
        n = len(gs)
        cells = []
        for seat in (1, 2, 3):
            wins = sum(seat in g["winners"] for g in gs)
            lo, hi = wilson(wins, n)
            cells.append(f"{pct(wins / n)} ({pct(lo)}–{pct(hi)})")
        turns, _, _ = mean_ci([g["turns"] for g in gs])
        strategies = ", ".join(f"`{s}`" for s in gs[0]["strategies"])
        print(f"| {strategies} | {n} | {' | '.join(cells)} | {turns:.1f} |")

    print("\n### Per strategy, over all seat orders\n")
    print("| strategy | games | wins | 95% CI | in seat 1 | in seat 2 | in seat 3 |")
    print("|---|---|---|---|---|---|---|")
    played, won = defaultdict(int), defaultdict(int)
    seat_played, seat_won = defaultdict(int), defaultdict(int)
    for g in games:
        for seat, s in enumerate(g["strategies"], start=1):
            played[s] += 1
            seat_played[(s, seat)] += 1
            if seat in g["winners"]:
                won[s] += 1
                seat_won[(s, seat)] += 1
    for s in sorted(played, key=lambda s: -won[s] / played[s]):
        lo, hi = wilson(won[s], played[s])
        per_seat = [pct(seat_won[(s, k)] / seat_played[(s, k)]) for k in (1, 2, 3)]
        print(f"| `{s}` | {played[s]} | {pct(won[s] / played[s])} | {pct(lo)}–{pct(hi)} | "
              + " | ".join(per_seat) + " |")

    print("\n### Per seat, over all seat orders\n")
    n = len(games)
    print("| seat | games | wins | 95% CI |")
    print("|---|---|---|---|")
    for seat in (1, 2, 3):
        wins = sum(seat in g["winners"] for g in games)
        print(f"| {seat} | {n} | {rate(wins, n)} |")
    stalled = sum(g["reason"] != "win" for g in games)
    print(f"\nGames without a winner: {stalled} of {n}.")


def players(results):
    print("| players | games | mean turns | 95% CI | mean rounds | seat 1 wins | seat 2 | seat 3 "
          "| seat 4 | seat 5 | seat 6 | seat 1 − last seat | 95% CI |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, gs in by_condition(results).items():
        n = len(gs)
        k = len(gs[0]["strategies"])
        turns, tlo, thi = mean_ci([g["turns"] for g in gs])
        rounds, _, _ = mean_ci([g["rounds"] for g in gs])
        wins = [sum(seat in g["winners"] for g in gs) for seat in range(1, k + 1)]
        cells = []
        for seat in range(6):
            if seat < k:
                lo, hi = wilson(wins[seat], n)
                cells.append(f"{pct(wins[seat] / n)} ({pct(lo)}–{pct(hi)})")
            else:
                cells.append("—")
        d, dlo, dhi = difference_ci(wins[0], n, wins[-1], n)
        print(f"| {k} | {n} | {turns:.1f} | {tlo:.1f}–{thi:.1f} | {rounds:.1f} | "
              + " | ".join(cells) + f" | {points(d)} pts | {points(dlo)}–{points(dhi)} |")


def accuse(results):
    print("| player 1's accuse_at | games | player 1 wins | 95% CI | against `1` | 95% CI "
          "| player 1 out | mean turns | no winner |")
    print("|---|---|---|---|---|---|---|---|---|")
    baseline = None
    for name, gs in by_condition(results).items():
        n = len(gs)
        wins = sum(1 in g["winners"] for g in gs)
        baseline = baseline or (wins, n)
        d, dlo, dhi = difference_ci(wins, n, *baseline)
        out = sum(1 in g["outcome"]["out"] for g in gs)
        turns, _, _ = mean_ci([g["turns"] for g in gs])
        stalled = sum(g["reason"] != "win" for g in gs)
        threshold = name.split("-", 1)[1]
        print(f"| {threshold} | {n} | {rate(wins, n)} | {points(d)} pts | "
              f"{points(dlo)}–{points(dhi)} | {pct(out / n)} | {turns:.1f} | {stalled} |")


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__)
    print("## Seat orders (3 players)\n")
    seats(load(argv[1]))
    print("\n## The number of players\n")
    players(load(argv[2]))
    print("\n## Accusing early\n")
    accuse(load(argv[3]))


if __name__ == "__main__":
    main(sys.argv)
