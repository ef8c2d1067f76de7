#!/usr/bin/env python3
"""Tables for docs/results/sleuth.md from the results of a Sleuth engine experiment.

    kripkesim batch configs/experiments/sleuth-engines.json --jobs 2 --out engines.json
    scripts/sleuth_results.py engines.json
    scripts/sleuth_results.py --paired paired-exact.json paired-rules.json

The second form compares two runs of one condition each with the same batch seed (so game
g of both has the same deal and question deck) game by game.

Each condition seats `exact` and `rules` players (same strategy). A game has one winner:
only the asker learns anything in a turn. Every game record's outcome.first_knew gives,
per seat, the turn at which the exact engine and Elderman & Steging's rules first knew the hidden
gem from what that seat had seen (docs/batch.md), whichever engine the seat played by.
"""
import statistics
import sys
from collections import defaultdict

from results_stats import load, mean_ci, pct, wilson


def interval(lo, hi, fmt):
    return f"{fmt(lo)}–{fmt(hi)}"


def conditions(results):
    """(name, engines per seat, strategy, games) per condition, in config order."""
    games = defaultdict(list)
    for g in results["games"]:
        games[g["condition"]].append(g)
    out = []
    for c in results["config"]["batch"]["conditions"]:
        agents = c.get("agents", results["config"]["agents"])
        engines = [a.get("engine", "exact") for a in agents]
        strategies = {a.get("strategy", "seed") for a in agents}
        out.append((c["name"], engines, "/".join(sorted(strategies)), games[c["name"]]))
    return out


def seats_label(engines):
    return " ".join("E" if e == "exact" else "r" for e in engines)


def overview(conds):
    print("| condition | seats | games | mean turns | 95% CI | median | max "
          "| won by an exact seat | 95% CI | several winners | no winner |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, engines, _, games in conds:
        n = len(games)
        turns = [g["turns"] for g in games]
        mean, lo, hi = mean_ci(turns)
        exact_share = sum(sum(engines[w - 1] == "exact" for w in g["winners"]) / len(g["winners"])
                          for g in games if g["winners"])
        elo, ehi = wilson(exact_share, n)
        several = sum(len(g["winners"]) > 1 for g in games)
        none = sum(not g["winners"] for g in games)
        print(f"| `{name}` | {seats_label(engines)} | {n} | {mean:.1f} | "
              f"{interval(lo, hi, lambda x: f'{x:.1f}')} | {statistics.median(turns):g} | "
              f"{max(turns)} | {pct(exact_share / n)} | {interval(elo, ehi, pct)} | "
              f"{several} | {none} |")


def seat_shares(conds):
    print("| condition | seats | seat 1 | seat 2 | seat 3 | seat 4 | seat 5 |")
    print("|---|---|---|---|---|---|---|")
    for name, engines, _, games in conds:
        n = len(games)
        share = [0.0] * len(engines)
        for g in games:
            for w in g["winners"]:
                share[w - 1] += 1 / len(g["winners"])
        cells = []
        for s, x in enumerate(share):
            lo, hi = wilson(x, n)
            mark = "**" if engines[s] == "exact" and "rules" in engines else ""
            cells.append(f"{mark}{pct(x / n)}{mark} ({interval(lo, hi, pct)})")
        print(f"| `{name}` | {seats_label(engines)} | " + " | ".join(cells) + " |")


def same_questions(conds):
    """The winner's other engine, on the same questions and answers."""
    print("| condition | winner's engine | games | other engine knew by the end "
          "| exact earlier by (turns): mean | 95% CI | median | in the winner's own turns: mean "
          "| exact strictly earlier |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name, engines, _, games in conds:
        by_engine = defaultdict(list)
        for g in games:
            for w in g["winners"]:
                knew = g["outcome"]["first_knew"]
                by_engine[engines[w - 1]].append((knew["exact"][w - 1], knew["rules"][w - 1]))
        for engine in ("rules", "exact"):
            pairs = by_engine.get(engine)
            if not pairs:
                continue
            n = len(pairs)
            if engine == "rules":
                # The rules won at turn r; the exact engine of the same seat knew at e <= r.
                gaps = [r - e for e, r in pairs]
                mean, lo, hi = mean_ci(gaps)
                earlier = sum(gap > 0 for gap in gaps)
                print(f"| `{name}` | rules | {n} | {pct(1)} (exact) | {mean:.1f} | "
                      f"{interval(lo, hi, lambda x: f'{x:.1f}')} | {statistics.median(gaps):g} | "
                      f"{mean / len(engines):.2f} | {pct(earlier / n)} |")
            else:
                # The exact engine won; did the rules of the same seat know by then?
                rules_knew = sum(r is not None for _, r in pairs)
                print(f"| `{name}` | exact | {n} | {pct(rules_knew / n)} (rules) "
                      f"| — | — | — | — | {pct(1 - rules_knew / n)} |")


def engine_turns(conds):
    """Turns to find the gem by the winner's engine, pooled over the conditions."""
    turns = defaultdict(list)
    for _, engines, _, games in conds:
        for g in games:
            for w in g["winners"]:
                turns[engines[w - 1]].append(g["turns"])
    print("| winner's engine | games won | mean turns | 95% CI | median |")
    print("|---|---|---|---|---|")
    for engine in ("exact", "rules"):
        if turns[engine]:
            mean, lo, hi = mean_ci(turns[engine])
            print(f"| `{engine}` | {len(turns[engine])} | {mean:.1f} | "
                  f"{interval(lo, hi, lambda x: f'{x:.1f}')} | {statistics.median(turns[engine]):g} |")


def mixed_pooled(conds):
    """Wins per seat-game of each engine, pooled over the conditions that mix them."""
    seat_games = defaultdict(int)
    wins = defaultdict(float)
    for _, engines, _, games in conds:
        if len(set(engines)) < 2:
            continue
        for g in games:
            for e in engines:
                seat_games[e] += 1
            for w in g["winners"]:
                wins[engines[w - 1]] += 1 / len(g["winners"])
    if not seat_games:
        print("(no condition mixes the engines)")
        return
    print("| engine | seat-games | wins | wins per seat-game | 95% CI |")
    print("|---|---|---|---|---|")
    for engine in ("exact", "rules"):
        n = seat_games[engine]
        lo, hi = wilson(wins[engine], n)
        print(f"| `{engine}` | {n} | {wins[engine]:g} | {pct(wins[engine] / n)} | "
              f"{interval(lo, hi, pct)} |")


def paired(path_a, path_b):
    """Two single-condition runs with the same seeds, compared game by game."""
    a, b = load(path_a), load(path_b)
    games_a, games_b = a["games"], b["games"]
    if len(games_a) != len(games_b) or any(x["seed"] != y["seed"] or x["deal"] != y["deal"]
                                           for x, y in zip(games_a, games_b)):
        sys.exit(f"{path_a} and {path_b} do not play the same games (same batch seed, one "
                 "condition each)")
    engines = [", ".join(sorted({e for _, e_list, _, _ in conditions(r) for e in e_list}))
               for r in (a, b)]
    diff = [y["turns"] - x["turns"] for x, y in zip(games_a, games_b)]
    same = sum(x["turns"] == y["turns"] and x["winners"] == y["winners"]
               for x, y in zip(games_a, games_b))
    mean, lo, hi = mean_ci(diff)
    print(f"| games | same turns and winner | longer with `{engines[1]}` "
          f"| shorter with `{engines[1]}` | mean difference in turns | 95% CI |")
    print("|---|---|---|---|---|---|")
    print(f"| {len(diff)} | {same} ({pct(same / len(diff))}) | {sum(d > 0 for d in diff)} "
          f"| {sum(d < 0 for d in diff)} | {mean:+.3f} | {lo:+.3f} to {hi:+.3f} |")


def main(paths):
    for path in paths:
        conds = conditions(load(path))
        strategies = sorted({s for _, _, s, _ in conds})
        print(f"## {path} (strategy: {', '.join(strategies)})\n")
        print("### Game length and the exact seats' share of wins\n")
        overview(conds)
        print("\n### Win share per seat (bold: the exact seat among rules, or 95% CI)\n")
        seat_shares(conds)
        print("\n### Mixed conditions: wins per seat-game by engine (a fair share is 20%)\n")
        mixed_pooled(conds)
        print("\n### The winner's other engine, with the same questions and answers\n")
        same_questions(conds)
        print("\n### Turns to find the gem, by the winner's engine (all conditions)\n")
        engine_turns(conds)
        print()


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--paired":
        paired(sys.argv[2], sys.argv[3])
    elif len(sys.argv) >= 2 and not sys.argv[1].startswith("--"):
        main(sys.argv[1:])
    else:
        sys.exit(__doc__)
