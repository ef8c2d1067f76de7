#!/usr/bin/env python3
"""An information-gain agent for Clue over the seat protocol (docs/agents.md), in the
spirit of ClueModel's info-gain strategy (B. Jongsma et al.).

At its turn it asks the engine, in one `count` query, in how many of the deals it considers
possible each answer to each legal suggestion would come, and makes the suggestion whose
answer it expects to tell it most about the deal: the answer's entropy less what the
shower's own choice adds (a player holding both suggested cards is taken to show either
with equal chance: one bit that says nothing about the deal). The answer it sees is who
shows a card and, to it alone, which one. The players asked are the next one (the rules'
"ask": "next") or each in turn until one shows ("clockwise"). Asked to show a card, it
shows the first it may.

    kripkesim run configs/clue.json --program "1=python3 examples/agents/clue_info_gain.py"
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from kripke.agent import run  # noqa: E402


def answerers(seat):
    """The players asked in turn, from the seat's left."""
    start = seat.events[0]  # the start event, as this seat sees it
    players = len(seat.hello["players"])
    me = seat.number
    order = [(me + k - 1) % players + 1 for k in range(1, players)]
    return order[:1] if start.get("rules", {}).get("ask", "next") == "next" else order


def outcomes(order, cards):
    """Formulas: for each player asked, that it is the first to hold a card and holds only
    a, only b, or both; last, that nobody holds one."""
    a, b = cards
    formulas, none_before = [], "true"
    for j in order:
        ha, hb = f"has({j},{a})", f"has({j},{b})"
        formulas += [f"{none_before} & {ha} & ~{hb}", f"{none_before} & {hb} & ~{ha}",
                     f"{none_before} & {ha} & {hb}"]
        none_before = f"{none_before} & ~{ha} & ~{hb}"
    return formulas + [none_before]


def information(counts, possible):
    """Bits the answer tells about the deal: its entropy less the shower's coin."""
    def h(p):
        return -p * math.log2(p) if p > 0 else 0.0
    bits = h(counts[-1] / possible)
    for k in range(0, len(counts) - 1, 3):
        only_a, only_b, both = (c / possible for c in counts[k:k + 3])
        bits += h(only_a + both / 2) + h(only_b + both / 2) - both
    return bits


def move(seat, legal_moves):
    order = answerers(seat)
    per_move = [outcomes(order, m["cards"]) for m in legal_moves]
    counts, possible = seat.count([f for formulas in per_move for f in formulas])
    best, best_bits, at = legal_moves[0], -1.0, 0
    for m, formulas in zip(legal_moves, per_move):
        bits = information(counts[at:at + len(formulas)], possible)
        at += len(formulas)
        if bits > best_bits + 1e-12:
            best, best_bits = m, bits
    return best


if __name__ == "__main__":
    run(move)
