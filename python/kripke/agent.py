"""A seat-protocol agent in a few lines (docs/agents.md, docs/python.md).

    from kripke.agent import run

    def move(seat, legal_moves):
        if seat.knows("has(1,rope)"):
            ...
        return legal_moves[0]

    run(move)

`run` reads kripkesim's messages on standard input and answers its requests; `seat` asks
the engine what the seat knows (seat.knows(formula), seat.considers_possible(formula),
seat.count(formulas), seat.table(), seat.hint()) and keeps what the seat was shown
(seat.events, seat.hello).
"""
import json
import sys


class Seat:
    """What a program at a seat has: its hello, the events it was shown, and queries."""

    def __init__(self, read, write):
        self._read, self._write = read, write
        self.hello = None
        self.events = []

    @property
    def number(self):
        return self.hello["seat"]

    def _ask(self, query):
        self._write(query)
        while True:
            message = self._read()
            if message is None:
                raise EOFError("kripkesim closed the seat")
            if message["type"] == "answer":
                return message
            if message["type"] == "error":
                raise ValueError(message["message"])

    def knows(self, formula):
        return self._ask({"query": "formula", "formula": formula})["knows"]

    def considers_possible(self, formula):
        return self._ask({"query": "formula", "formula": formula})["considers_possible"]

    def count(self, formulas):
        """In how many of the seat's possible worlds each formula holds, and how many
        worlds it considers possible: (counts, possible)."""
        answer = self._ask({"query": "count", "formulas": list(formulas)})
        return answer["counts"], answer["possible"]

    def table(self):
        return self._ask({"query": "table"})["table"]

    def hint(self):
        return self._ask({"query": "hint"})["hint"]


def run(move, choose=None, stdin=sys.stdin, stdout=sys.stdout):
    """Plays a seat: `move(seat, legal_moves)` returns one of the legal moves, and
    `choose(seat, question, choices)` one of the choices (the first by default)."""

    def read():
        line = stdin.readline()
        return json.loads(line) if line else None

    def write(message):
        stdout.write(json.dumps(message) + "\n")
        stdout.flush()

    seat = Seat(read, write)
    while True:
        message = read()
        if message is None or message["type"] == "end":
            return seat
        kind = message["type"]
        if kind == "hello":
            seat.hello = message
        elif kind == "event":
            seat.events.append(message["view"])
        elif kind == "move":
            write({"move": move(seat, message["legal_moves"])})
        elif kind == "choose":
            chosen = choose(seat, message["question"], message["choices"]) if choose else None
            write({"choice": chosen if chosen is not None else message["choices"][0]})
