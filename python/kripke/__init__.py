"""kripkesim's games and models from Python (docs/python.md).

    import kripke
    g = kripke.load_game("configs/clue.json", seed=3)
    while not g.is_over():
        if g.current_seat() == 1:
            g.apply(g.legal_moves()[0])
        else:
            g.step()              # the seat's built-in strategy
    print(g.winners(), g.knows(1, "env(rope)"))

Moves, views and log records are the JSON the command line writes, as dicts and lists.
Bad input (a config, a formula, an illegal move) raises kripke.Error with the message the
command line gives.
"""
import json

try:
    from ._kripke import Error, Session
except ImportError as _not_built:  # kripke.agent, the seat protocol, needs no compiled part
    _reason = str(_not_built)

    class Error(Exception):
        """kripkesim's error (the compiled part raises its own)."""

    def Session(*_args, **_kwargs):
        raise ImportError(
            f"kripke's compiled part is not here ({_reason}): build it (docs/python.md) and "
            "put build/default/python on PYTHONPATH")

__all__ = ["Error", "Game", "load_game", "load_model"]


class Game:
    """A game (or a model) of a config: its play, stepped and asked from Python.

    Seats are numbered from 1, as on the command line and in the logs."""

    def __init__(self, config, seed=None):
        if isinstance(config, dict):  # the config itself, as a file would hold it
            self._session = Session(json.dumps(config), seed, True)
        else:
            self._session = Session(str(config), seed)

    @property
    def name(self):
        return self._session.game_name()

    @property
    def players(self):
        return self._session.players()

    def legal_moves(self):
        """The moves the current seat may make, in the game's JSON move form."""
        return json.loads(self._session.legal_moves())

    def current_seat(self):
        """The seat whose move it is (1-based), or None (over, or nobody's turn)."""
        return self._session.current_seat()

    def apply(self, move):
        """Plays `move` (one of legal_moves()) as the current seat's turn."""
        self._session.apply(json.dumps(move))

    def step(self):
        """Plays one turn with the current seat's built-in strategy."""
        self._session.step()

    def is_over(self):
        return self._session.is_over()

    def winners(self):
        """The winning seats (1-based) once the game is over."""
        return self._session.winners()

    def log(self):
        """Every log record so far, as `kripkesim run --log` writes them."""
        return [json.loads(line) for line in self._session.log()]

    def view(self, seat):
        """Every event so far as `seat` sees it (what `play` shows that seat, as data)."""
        return [json.loads(line) for line in self._session.view(seat)]

    def knows(self, seat, formula):
        """Whether `seat` knows `formula` (it holds in every world the seat considers possible)."""
        return self._session.knows(seat, formula)

    def check(self, formula):
        """Whether `formula` holds at the actual world."""
        return self._session.check(formula)

    def where(self, formula, limit=0):
        """The worlds (alive) where `formula` holds, as `check --where` lists them."""
        return json.loads(self._session.query("where", formula, limit))["where"]

    def count(self, formula):
        """How many worlds (alive) satisfy `formula`."""
        return json.loads(self._session.query("count", formula, 0))["count"]

    def valid(self, formula):
        """Whether `formula` holds in every world still possible."""
        return json.loads(self._session.query("valid", formula, 0))["valid"]

    def frame(self):
        """Per agent, the frame properties of its relation and their logic (`check --frame`)."""
        return json.loads(self._session.frame())

    def announce(self, formula):
        """A public announcement of `formula` (true at the actual world), as a scenario's."""
        self._session.announce(formula)

    def observe(self, agents, formulas):
        """The agents learn, privately, whether each formula holds (a scenario's observe)."""
        self.update({"observe": {"agents": list(agents), "formulas": list(formulas)}})

    def act(self, action):
        """The product update with an action model, written as a scenario's "action" step
        takes it ({"events": [...], "indistinguishable": {...}, ...}: docs/scenarios.md)."""
        self.update({"action": action})

    def update(self, step):
        """Any step a scenario's script takes, as a dict: {"announce": ...}, {"observe": ...},
        {"action": ...}, {"expect": ...}, .... Raises kripke.Error for bad input and
        AssertionError with the scenario's report when an expectation fails."""
        failure = self._session.update(json.dumps(step))
        if failure is not None:
            raise AssertionError(failure)

    def draw(self, seat=None, where=None, minimize=False, limit=2000, title=""):
        """The model as Graphviz DOT text, as `kripkesim draw` writes it: all of it, what
        `seat` considers possible, or the worlds where `where` holds; `minimize`: its
        bisimulation contraction. Over `limit` nodes and edges (0: any) is an error."""
        return self._session.draw(seat, where or "", minimize, limit, title)

    def actual(self):
        """The actual world, as `check --format json` writes it."""
        return json.loads(self._session.actual())


def load_game(config, seed=None):
    """The game of a config file (or of a dict holding a config), started: its deal and the
    updates before the first turn."""
    return Game(config, seed)


def load_model(config, seed=None):
    """A model of a config file or dict ("game": "model"): the same object, to ask and
    update."""
    return Game(config, seed)
