#!/usr/bin/env python3
"""Tables for docs/results/gossip.md from the results of the gossip experiments.

    kripkesim batch configs/experiments/gossip-complete.json --jobs 2 --out complete.json
    kripkesim batch configs/experiments/gossip-random-4.json --jobs 2 --out random-4.json
    scripts/gossip_results.py complete.json random-4.json

Per condition: how often the game ends with everyone an expert (the rules' win: a
successful call sequence) rather than with no call the protocol allows (unsuccessful); the
calls of the successful games; how often the calls never end (ANY on a graph where not
everyone can become an expert: the game reaches its `max_turns`); and, from each game's
`outcome` (the rules' `report`), how often every agent knows at the end that everyone is
an expert, and how many agents know it on average.
"""
import sys

from results_stats import load, mean_ci, pct, wilson


def table(path):
    results = load(path)
    games = {}
    for g in results["games"]:
        games.setdefault(g["condition"], []).append(g)
    conditions = results["config"]["batch"]["conditions"]
    print(f"From `{path}` (kripkesim {results['build']}):\n")
    print("| condition | graph | calls seen | protocol | games | successful (95% CI) "
          "| calls when successful: mean (95% CI) | min | max | no end | "
          "everyone knows all are experts | agents who know it (mean) |")
    print("|---|---|---|---|---:|---|---|---:|---:|---:|---|---:|")
    for c in conditions:
        played = games.get(c["name"], [])
        n = len(played)
        won = [g for g in played if g["reason"] == "win"]
        endless = sum(1 for g in played if g["reason"] == "max_turns")
        other = {g["reason"] for g in played if g["reason"] not in ("win", "stalled", "max_turns")}
        if other:
            sys.exit(f"{c['name']}: games ended otherwise: {sorted(other)}")
        lo, hi = wilson(len(won), n)
        calls = [g["turns"] for g in won]
        if calls:
            mean, clo, chi = mean_ci(calls)
            calls_text = f"{mean:.2f} ({clo:.2f}–{chi:.2f})" if len(calls) > 1 else f"{mean:.2f}"
            extremes = f"{min(calls)} | {max(calls)}"
        else:
            calls_text, extremes = "–", "– | –"
        knowing = sum(1 for g in played if all(g["outcome"]["knows all are experts"]))
        knowers = sum(sum(g["outcome"]["knows all are experts"]) for g in played) / n
        print(f"| {c['name']} | `{c['rules']['graph']}` | {c['rules']['calls_seen']} "
              f"| {c['agents'][0]['protocol']} | {n} | {pct(len(won) / n)} "
              f"({pct(lo)}–{pct(hi)}) | {calls_text} | {extremes} | {endless} | {pct(knowing / n)} | {knowers:.2f} |")
    print()


def main(paths):
    for path in paths:
        table(path)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
