#!/usr/bin/env python3
"""A seat-protocol agent (docs/agents.md) that plays a random legal move and makes every
choice at random. Its random numbers are seeded from its seat (or from the first argument),
so that a game with it is the same game every time for the same kripkesim seed."""
import json
import random
import sys


def main():
    rng = random.Random(sys.argv[1] if len(sys.argv) > 1 else None)
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello" and len(sys.argv) <= 1:
            rng.seed(message["seat"])
        elif kind == "move":
            reply = {"move": rng.choice(message["legal_moves"])}
            print(json.dumps(reply), flush=True)
        elif kind == "choose":
            print(json.dumps({"choice": rng.choice(message["choices"])}), flush=True)
        elif kind == "end":
            break


if __name__ == "__main__":
    main()
