#!/usr/bin/env python3
"""The smallest seat-protocol agent (docs/agents.md): it plays the first legal move,
answers every choice with the first choice, and ignores the events it is shown."""
import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "move":
        reply = {"move": message["legal_moves"][0]}
    elif message["type"] == "choose":
        reply = {"choice": message["choices"][0]}
    else:
        continue  # hello, event, answer, error, end
    print(json.dumps(reply), flush=True)
