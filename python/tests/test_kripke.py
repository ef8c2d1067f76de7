"""The Python module `kripke` (docs/python.md): games stepped from Python give the log the
command line gives; knowledge, counts and updates agree with `kripkesim check`; bad input
raises kripke.Error with the command line's message; kripke.agent plays a seat."""
import json
import time
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

    def test_a_config_given_as_a_dict(self):
        with open("configs/model.json") as f:
            config = json.load(f)
        m, n = kripke.load_model(config), kripke.load_model("configs/model.json")
        self.assertEqual(m.where("true"), n.where("true"))
        config["rules"]["variables"] = 3
        with self.assertRaises(kripke.Error) as e:
            kripke.load_model(config)
        self.assertIn("the config: /rules/variables", str(e.exception))

    def test_where_frame_and_actual(self):
        m = kripke.load_model("configs/model.json")
        self.assertEqual(len(m.where("true")), m.count("true"))
        self.assertIsInstance(m.frame(), dict)
        self.assertIsInstance(m.actual(), dict)


    def test_observe_and_act_as_a_scenario_does(self):
        # The letter, read while Bill is unaware (van Ditmarsch, van der Hoek and Kooi 2007):
        # Anne knows p, Bill believes she does not know whether p.
        m = kripke.load_model("configs/models/letter-unnoticed.json")
        m.act({"events": [{"name": "reads p", "pre": "p"}, {"name": "reads not p", "pre": "~p"},
                          {"name": "nothing", "pre": "true"}],
               "actual": "reads p",
               "arrows": {"anne": {"reads p": ["reads p"], "reads not p": ["reads not p"],
                                   "nothing": ["nothing"]},
                          "bill": {"reads p": ["nothing"], "reads not p": ["nothing"],
                                   "nothing": ["nothing"]}}})
        self.assertTrue(m.check("K{anne} p"))
        self.assertTrue(m.check("B{bill} ~Kw{anne} p"))
        m.update({"expect": "K{anne} p"})
        with self.assertRaises(AssertionError):
            m.update({"expect": "K{bill} p"})
        # Anne reads it while Bill sees her read: he knows that she knows whether p.
        seen = kripke.load_model("configs/models/letter-unnoticed.json")
        seen.observe(["anne"], ["p"])
        self.assertTrue(seen.check("K{anne} p & ~Kw{bill} p & K{bill} Kw{anne} p"))
        with self.assertRaises(kripke.Error) as e:
            m.update({"observe": {"agents": [9], "formulas": ["p"]}})
        self.assertIn("/observe/agents", str(e.exception))

    def test_draw_is_what_kripkesim_draw_writes(self):
        m = kripke.load_model("configs/model.json")
        out = cli("draw", "configs/model.json")
        self.assertEqual(m.draw(), out.stdout)
        out = cli("draw", "configs/model.json", "--agent", "1", "--minimize")
        self.assertEqual(m.draw(seat=1, minimize=True), out.stdout)
        self.assertTrue(m.draw().startswith("graph kripke {"))
        with self.assertRaises(kripke.Error) as e:
            m.draw(limit=1)
        self.assertIn("over the limit of 1", str(e.exception))


class Interrupt(unittest.TestCase):
    def test_ctrl_c_stops_a_long_formula_and_leaves_the_model_as_it_was(self):
        with tempfile.TemporaryDirectory() as d:
            config = os.path.join(d, "big.json")
            with open(config, "w") as f:
                json.dump({"game": "model", "rules": {
                    "variables": [{"name": "x", "from": 0, "to": 2047},
                                  {"name": "y", "from": 0, "to": 2047}],
                    "agents": [{"name": "a", "observes": ["x"]},
                               {"name": "b", "observes": ["y"]}]}}, f)
            m = kripke.load_model(config)
        worlds = m.count("true")
        # 400 operators over 4 million worlds: 8 s here, unless stopped.
        formula = " & ".join("(K{a} M{b} x > %d)" % k for k in range(200))
        # From outside, as a terminal's Ctrl-C: a Python thread could not run while the call
        # holds the interpreter.
        killer = subprocess.Popen(["sh", "-c", "sleep 0.3; kill -INT %d" % os.getpid()])
        start = time.monotonic()
        with self.assertRaises(KeyboardInterrupt):
            m.check(formula)
        stopped = time.monotonic() - start
        killer.wait()
        self.assertLess(stopped, 1.5)
        self.assertEqual(m.count("true"), worlds)
        self.assertTrue(m.valid("K{a} x = x"))


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
