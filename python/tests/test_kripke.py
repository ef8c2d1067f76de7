"""The Python module `kripke` (docs/python.md): games stepped from Python give the log the
command line gives; knowledge, counts and updates agree with `kripkesim check`; bad input
raises kripke.Error with the command line's message; kripke.agent plays a seat."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

import kripke

KRIPKESIM = os.environ.get("KRIPKESIM", "kripkesim")


def cli(*args):
    return subprocess.run([KRIPKESIM, *args], capture_output=True, text=True)


class Games(unittest.TestCase):
    def test_a_game_stepped_from_python_logs_what_run_logs(self):
        g = kripke.load_game("configs/clue.json", seed=3)
        self.assertEqual(g.name, "clue")
        self.assertEqual(g.players, 3)
        while not g.is_over():
            g.step()
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "log.jsonl")
            self.assertEqual(cli("run", "configs/clue.json", "--seed", "3", "--log", log).returncode, 0)
            with open(log) as f:
                expected = [json.loads(line) for line in f]
        # The same records; the command line's start record also names its build.
        got = g.log()
        expected[0].pop("build", None)
        got[0].pop("build", None)
        self.assertEqual(got, expected)
        self.assertEqual(g.winners(), expected[-1]["winners"])

    def test_legal_moves_apply_and_views(self):
        g = kripke.load_game("configs/clue.json", seed=3)
        self.assertEqual(g.current_seat(), 1)
        moves = g.legal_moves()
        self.assertIn({"cards": ["axe", "Scarlet"]}, moves)
        g.apply(moves[0])
        moves_logged = [r for r in g.log() if r["event"] == "move"]
        self.assertEqual(moves_logged[0]["agent"], 1)
        # Seat 1 holds axe, Mustard and Plum with seed 3: it knows so, seat 2 does not.
        self.assertTrue(g.knows(1, "has(1,axe)"))
        self.assertFalse(g.knows(2, "has(1,axe)"))
        view = g.view(2)
        shown = [v for v in view if v["event"] == "update" and v.get("kind") == "private"]
        self.assertTrue(shown)
        self.assertNotIn("axe", json.dumps([v for v in shown if v.get("audience") == [1]]))

    def test_an_illegal_move_and_a_bad_formula_raise_the_cli_message(self):
        g = kripke.load_game("configs/clue.json", seed=3)
        with self.assertRaises(kripke.Error) as e:
            g.apply({"cards": ["axe", "axe"]})
        self.assertIn("/move", str(e.exception))
        with self.assertRaises(kripke.Error) as e:
            g.check("has(1,")
        self.assertIn("column", str(e.exception))
        with self.assertRaises(kripke.Error) as e:
            kripke.load_game("no/such/config.json")
        self.assertIn("no/such/config.json", str(e.exception))
        with self.assertRaises(kripke.Error):
            g.knows(9, "true")


class Models(unittest.TestCase):
    def test_counts_and_updates_agree_with_check(self):
        m = kripke.load_model("configs/models/sum-and-product.json")
        for formula in ["x + y <= 20", "Kv{P} x", "x * y = 52"]:
            out = cli("check", "configs/models/sum-and-product.json", "--step", "0", "--count", formula,
                      "--format", "json")
            self.assertEqual(m.count(formula), json.loads(out.stdout)["count"], formula)
        before = m.count("true")
        m.announce("~Kv{P} x")
        self.assertLess(m.count("true"), before)
        self.assertTrue(m.valid("~Kv{P} x"))

    def test_where_frame_and_actual(self):
        m = kripke.load_model("configs/model.json")
        self.assertEqual(len(m.where("true")), m.count("true"))
        self.assertIsInstance(m.frame(), dict)
        self.assertIsInstance(m.actual(), dict)


class Agent(unittest.TestCase):
    def test_a_python_agent_at_a_seat(self):
        agent = os.path.join(os.path.dirname(__file__), "knowing_agent.py")
        with tempfile.TemporaryDirectory() as d:
            log = os.path.join(d, "log.jsonl")
            r = cli("play", "configs/clue.json", "--seed", "3", "--log", log,
                    "--program", "1=" + sys.executable + " " + agent)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(log) as f:
                records = [json.loads(line) for line in f]
            self.assertFalse([x for x in records if x["event"] == "program"])
            with open(log + ".program-seat-1.txt") as f:
                said = f.read()
            self.assertIn("knows has(1,axe): True", said)


if __name__ == "__main__":
    unittest.main()
