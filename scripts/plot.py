#!/usr/bin/python3
"""Figures from kripkesim's outputs, as SVG or PNG (Debian's python3-matplotlib;
scripts/plot.sh installs it and runs this with the system's Python).

    plot.py [--format svg|png] results RESULTS.json OUT_PREFIX   # a batch's results file:
        OUT_PREFIX-wins.svg    per condition, each seat's share of the wins with its 95%
                               Wilson interval (the summary's seat_win_share[_wilson95]);
                               with strategies, OUT_PREFIX-strategies.svg: each strategy's
                               wins per seat it played, with its 95% Wilson interval
        OUT_PREFIX-rounds.svg  per condition, the distribution of game lengths (rounds)
                               (both per-condition figures only up to 24 conditions)
    plot.py standings STANDINGS.json OUT.svg  # a tournament's standings (--standings, or
                                              # its results file): each entrant's rating
                                              # with its bootstrap interval, and its win
                                              # share at each seat with its Wilson interval
    plot.py log LOG.jsonl OUT.svg             # a game's JSON Lines log: the worlds each
                                              # agent considers possible, update by update
                                              # (OUT.png: a PNG)

SVG by default; PNG (200 dpi) with --format png, or for a log's figure named *.png: what
image viewers and chat windows show. The figures are reproducible: the same input gives
the same file (no date, fixed ids).
OUT_PREFIX's and OUT.svg's folder is created when missing.
"""
import json
import math
import os
import sys

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)

from results_stats import load, wilson  # noqa: E402

plt.rcParams["svg.hashsalt"] = "kripkesim"
plt.rcParams["svg.fonttype"] = "none"  # text as text: smaller files, searchable labels
plt.rcParams["font.size"] = 9
MAX_CONDITIONS = 24  # per-condition figures beyond this are unreadable (a round-robin's 210)
# How each format is saved: without a date or a software version, so that the same input
# gives the same bytes.
SAVE = {
    "svg": {"format": "svg", "metadata": {"Date": None}, "bbox_inches": "tight"},
    "png": {"format": "png", "metadata": {"Software": None}, "bbox_inches": "tight", "dpi": 200},
}


def fail(message):
    """Bad input: one line on stderr, exit code 2 (as kripkesim's own bad input)."""
    print(f"plot: {message}", file=sys.stderr)
    sys.exit(2)


def save(figure, path):
    """Writes the figure, making its folder first; a path that cannot be written is named."""
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        figure.savefig(path, **SAVE["png" if path.endswith(".png") else "svg"])
    except OSError as e:
        fail(f"{path}: cannot write the figure: {e.strerror or e}")
    plt.close(figure)
    print(f"plot: {path}", file=sys.stderr)


def legend_beside(axes):
    """The legend right of the axes, where it hides no bar or line."""
    axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)


def games_label(conds):
    """"15 games per condition", or the range when the conditions differ."""
    counts = sorted({c["games"] for c in conds})
    if len(counts) == 1:
        return f"{counts[0]} games per condition"
    return f"{counts[0]}–{counts[-1]} games per condition"


def conditions(results):
    return results["summary"]["conditions"]


def plot_wins(results, path):
    """Bars per condition, one per seat: its share of the wins and the Wilson interval."""
    conds = conditions(results)
    seats = max(len(c["seat_win_share"]) for c in conds)
    width = 0.8 / seats
    figure, axes = plt.subplots(figsize=(max(4.0, 1.1 * len(conds) + 1.5), 3.2))
    for seat in range(seats):
        xs, ys, low, high = [], [], [], []
        for k, c in enumerate(conds):
            if seat >= len(c["seat_win_share"]):
                continue
            share = c["seat_win_share"][seat]
            lo, hi = c["seat_win_share_wilson95"][seat]
            xs.append(k + (seat - (seats - 1) / 2) * width)
            ys.append(share)
            low.append(share - lo)
            high.append(hi - share)
        axes.bar(xs, ys, width, yerr=[low, high], capsize=2, label=f"seat {seat + 1}")
    axes.set_xticks(range(len(conds)))
    axes.set_xticklabels([f"{c['name']} ({c['games']})" for c in conds], rotation=30, ha="right")
    axes.set_ylabel("share of the wins")
    axes.set_ylim(0, 1)
    axes.set_title(f"Wins per seat, 95% Wilson intervals ({games_label(conds)}, in brackets)")
    legend_beside(axes)
    save(figure, path)


def plot_strategies(results, path):
    """Each strategy's wins per seat it played (all conditions together), with the Wilson
    interval of that proportion."""
    seat_games, wins = {}, {}
    for game in results["games"]:
        strategies = game.get("strategies")
        if not strategies:
            continue
        for seat, name in enumerate(strategies, start=1):
            seat_games[name] = seat_games.get(name, 0) + 1
            if seat in game["winners"]:
                wins[name] = wins.get(name, 0) + 1 / len(game["winners"])
    if not seat_games:
        return False
    names = sorted(seat_games, key=lambda s: -wins.get(s, 0) / seat_games[s])
    figure, axes = plt.subplots(figsize=(max(4.0, 0.8 * len(names) + 1.5), 3.2))
    rates, low, high = [], [], []
    for name in names:
        n, w = seat_games[name], wins.get(name, 0)
        lo, hi = wilson(w, n)
        rates.append(w / n)
        low.append(w / n - lo)
        high.append(hi - w / n)
    axes.bar(range(len(names)), rates, yerr=[low, high], capsize=3, color="#1b9e77")
    axes.set_xticks(range(len(names)))
    axes.set_xticklabels(names, rotation=30, ha="right")
    axes.set_ylabel("wins per seat played")
    axes.set_ylim(0, max(h + r for h, r in zip(high, rates)) * 1.15 or 1)
    axes.set_title("Wins per seat by strategy, 95% Wilson intervals")
    save(figure, path)
    return True


def plot_rounds(results, path):
    """Per condition, the games by length: box plots of the rounds (mean marked)."""
    by_condition = {}
    for game in results["games"]:
        by_condition.setdefault(game["condition"], []).append(game["rounds"])
    names = [c["name"] for c in conditions(results) if c["name"] in by_condition]
    figure, axes = plt.subplots(figsize=(max(4.0, 1.1 * len(names) + 1.5), 3.2))
    axes.boxplot([by_condition[n] for n in names], showmeans=True, whis=(5, 95),
                 showfliers=False)
    axes.set_xticks(range(1, len(names) + 1))
    axes.set_xticklabels(names, rotation=30, ha="right")
    axes.set_ylabel("rounds")
    axes.set_title("Game length: median, quartiles, 5–95% whiskers, mean (triangle)")
    save(figure, path)


def plot_log(log_path, path):
    """The worlds each agent considers possible after every update of one game."""
    records = []
    with open(log_path) as f:
        for number, line in enumerate(f, start=1):
            line = line.strip()
            if not line:
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as e:
                fail(f"{log_path}:{number}: not a JSON line: {e.msg}")
    start = next((r for r in records if r.get("event") == "start"), None)
    if start is None:
        fail(f"{log_path}: no start event: not a kripkesim log")
    names = {a["agent"]: a.get("name", f"agent {a['agent']}") for a in start["agents"]}
    points = [(0, start["model"])] + [
        (r["turn"], r["agents"]) for r in records if r.get("event") == "update"]
    figure, axes = plt.subplots(figsize=(6.0, 3.2))
    for agent, name in names.items():
        ys = [float(next(a["possible"] for a in agents if a["agent"] == agent))
              for _, agents in points]
        axes.step(range(len(points)), ys, where="post", label=name)
    axes.set_yscale("log")
    axes.set_ylabel("worlds it considers possible")
    turns = [turn for turn, _ in points]
    ticks = [k for k in range(len(turns)) if k == 0 or turns[k] != turns[k - 1]]
    axes.set_xticks(ticks)
    axes.set_xticklabels([str(turns[k]) for k in ticks])
    axes.set_xlabel("turn (each step: one update)")
    axes.set_title(f"{start['game']} (seed {start['seed']}): what each agent considers possible")
    legend_beside(axes)
    save(figure, path)


def plot_standings(source, path):
    """A tournament's ratings and per-seat win shares, entrants best first."""
    try:
        with open(source) as f:
            data = json.load(f)
    except json.JSONDecodeError as e:
        fail(f"{source}: not JSON: {e.msg}")
    standings = data.get("standings", data)
    entrants = sorted(standings["entrants"], key=lambda e: -e["rating"])
    names = [e["name"] for e in entrants]
    seats = standings["seats"]
    figure, (left, right) = plt.subplots(1, 2, figsize=(9.0, 0.45 * len(names) + 1.6),
                                         gridspec_kw={"width_ratios": [1, 1.4]})
    ys = list(range(len(names)))[::-1]
    ratings = [e["rating"] for e in entrants]
    errors = [[e["rating"] - e["rating_ci95"][0] for e in entrants],
              [e["rating_ci95"][1] - e["rating"] for e in entrants]]
    left.errorbar(ratings, ys, xerr=errors, fmt="o", capsize=3)
    left.axvline(1500, color="grey", linewidth=0.8, linestyle=":")
    left.set_yticks(ys)
    left.set_yticklabels(names)
    left.set_xlabel("rating (Elo scale, 95% bootstrap interval)")
    height = 0.8 / max(1, seats)
    for seat in range(seats):
        shares = [e["seats"][seat]["win_share"] for e in entrants]
        low = [e["seats"][seat]["win_share"] - e["seats"][seat]["win_share_wilson95"][0]
               for e in entrants]
        high = [e["seats"][seat]["win_share_wilson95"][1] - e["seats"][seat]["win_share"]
                for e in entrants]
        right.barh([y + 0.4 - height * (seat + 0.5) for y in ys], shares, height=height,
                   xerr=[low, high], capsize=2, label=f"seat {seat + 1}")
    right.axvline(1 / max(1, seats), color="grey", linewidth=0.8, linestyle=":")
    right.set_yticks(ys)
    right.set_yticklabels([])
    right.set_xlabel("win share per seat (95% Wilson interval)")
    legend_beside(right)
    figure.suptitle(f"Tournament: {standings['games']} games")
    save(figure, path)


def main(argv):
    args = argv[1:]
    extension = "svg"
    if len(args) >= 2 and args[0] == "--format":
        if args[1] not in SAVE:
            fail(f"--format {args[1]}: expected svg or png")
        extension, args = args[1], args[2:]
    if len(args) != 3 or args[0] not in ("results", "log", "standings"):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    kind, source, target = args
    try:
        if kind in ("log", "standings"):
            if extension == "png" and not target.endswith(".png"):
                target += ".png"
            (plot_log if kind == "log" else plot_standings)(source, target)
            return
        results = load(source)
        if len(conditions(results)) <= MAX_CONDITIONS:
            plot_wins(results, f"{target}-wins.{extension}")
            plot_rounds(results, f"{target}-rounds.{extension}")
        else:
            print(f"plot: {len(conditions(results))} conditions, more than a figure can show "
                  f"({MAX_CONDITIONS}): no per-condition figures", file=sys.stderr)
        plot_strategies(results, f"{target}-strategies.{extension}")
    except KeyError as e:
        fail(f"{source}: a field is missing: {e}")
    except (OSError, ValueError) as e:
        fail(f"{source}: {e}")


if __name__ == "__main__":
    main(sys.argv)
