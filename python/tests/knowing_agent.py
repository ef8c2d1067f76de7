"""A seat-protocol agent written with kripke.agent: it asks what its seat knows, says so on
its standard error, and plays the first legal move."""
import sys

from kripke.agent import run


def move(seat, legal_moves):
    sys.stderr.write("knows has(1,axe): %s\n" % seat.knows("has(1,axe)"))
    return legal_moves[0]


run(move)
