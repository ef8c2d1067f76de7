// The Python module's compiled part, `kripke._kripke` (docs/python.md): a game or model of a
// config, stepped and asked from Python. JSON crosses the boundary as text, which the pure
// Python package (python/kripke/__init__.py) turns into dicts and lists: the moves, views
// and log records are the same JSON the command line writes.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/model_drawing.hpp"
#include "cli/model_queries.hpp"
#include "games/catalog.hpp"
#include "input/config_file.hpp"
#include "input/formula_input.hpp"
#include "kripke/formula.hpp"
#include "kripke/game_loop.hpp"
#include "kripke/interrupt.hpp"
#include "output/file_error.hpp"
#include "scenario/scenario.hpp"
#include "scenario/scenario_runner.hpp"

namespace py = pybind11;

namespace {

using kripke::Json;

// A game or model of a config, with every record it logs kept.
class Session final : public kripke::EventSink {
 public:
  // A scenario file is read as its config: Python drives the updates its script would.
  // `config` is a file's path, or with `text` the config itself as JSON (a dict in Python).
  Session(const std::string& config, std::optional<std::uint64_t> seed, bool text)
      : game_(text ? game_of(Json::parse(config), "the config")
                   : game_of(kripkesim::read_json_file(config), config)),
        runner_(*game_, seed.value_or(game_->config().seed), *this) {
    runner_.start(/*scripted=*/true);
  }

  void emit(const kripke::Event& event) override {
    memory_.emit(event);  // the last record of each kind, for an expect_event step
    if (!event.record.is_null()) events_.push_back(event);
  }
  bool enabled() const override { return true; }

  std::string legal_moves() const {
    if (runner_.finished()) return "[]";
    return Json(runner_.play().legal_moves()).dump();
  }
  std::optional<int> current_seat() const {
    if (runner_.finished()) return std::nullopt;
    const std::optional<kripke::Agent> mover = runner_.play().next_mover();
    if (!mover) return std::nullopt;
    return int(*mover) + 1;
  }
  void apply(const std::string& move) { runner_.person_turn(Json::parse(move), "/move", "Python"); }
  void step() {
    runner_.require_running("/");
    runner_.step();
  }
  bool is_over() const { return runner_.finished(); }
  std::vector<int> winners() const {
    std::vector<int> out;
    if (!runner_.finished()) return out;
    for (const kripke::Agent a : runner_.result().winners) out.push_back(int(a) + 1);
    return out;
  }
  std::vector<std::string> log() const {
    std::vector<std::string> lines;
    for (const kripke::Event& e : events_) lines.push_back(e.record.dump());
    return lines;
  }
  std::vector<std::string> view(int seat) const {
    const kripke::Agent me = agent(seat);
    std::vector<std::string> lines;
    for (const kripke::Event& e : events_)
      if (const auto v = runner_.play().seat_view(e, me)) lines.push_back(v->dump());
    return lines;
  }
  bool check(const std::string& formula) const {
    return kripkesim::holds_at_actual(runner_.play(), parse(formula));
  }
  bool knows(int seat, const std::string& formula) const {
    kripkesim::UserFormula phi = parse(formula);
    phi.formula = kripke::f::knows(agent(seat), phi.formula);
    return kripkesim::holds_at_actual(runner_.play(), phi);
  }
  std::string query(const std::string& kind, const std::string& formula, std::size_t limit) const {
    const kripkesim::Query q = kind == "where"   ? kripkesim::Query::Where
                               : kind == "valid" ? kripkesim::Query::Valid
                                                 : kripkesim::Query::Count;
    return kripkesim::answer_query(runner_.play(), q, parse(formula), kripkesim::OutputFormat::Json,
                                   limit)
        .output;
  }
  std::string frame() const {
    return kripkesim::frame_report(runner_.play(), kripkesim::OutputFormat::Json);
  }
  void announce(const std::string& formula) {
    const kripkesim::UserFormula phi = parse(formula);
    runner_.play().scripted_announcement(phi.formula, "announce " + formula);
  }
  // A step as a scenario's script takes it ({"observe": ...}, {"act": ...}, {"expect": ...},
  // ...): the failure report of an expectation, or nothing.
  std::optional<std::string> update(const std::string& step_json) {
    const Json json = Json::parse(step_json);
    try {
      return kripkesim::play_script_step(runner_, memory_, kripkesim::read_step(json, 0));
    } catch (const kripke::InputError& e) {
      // Its place in the step, not in a script.
      const std::string prefix = "/script/0";
      const std::string& path = e.path();
      throw kripke::InputError(e.what(),
                               path.rfind(prefix, 0) == 0 ? path.substr(prefix.size()) : path);
    }
  }
  std::string draw(std::optional<int> seat, const std::string& where, bool minimize,
                   std::size_t limit, const std::string& title) const {
    kripkesim::DrawRequest request;
    if (seat) request.agent = agent(*seat);
    if (!where.empty()) {
      request.where = kripkesim::truth_set(runner_.play(), parse(where));
      request.where_text = where;
    }
    request.minimize = minimize;
    request.limit = limit;
    request.title = title;
    return kripkesim::model_dot(runner_.play(), request);
  }
  std::string actual() const { return runner_.play().actual_world_json().dump(); }
  std::string game_name() const { return runner_.play().game_name(); }
  int players() const { return int(runner_.play().model().agent_count()); }

 private:
  static std::unique_ptr<kripke::Game> game_of(const kripke::Json& document,
                                               const std::string& file) {
    return kripkesim::in_file(file, [&] {
      kripkesim::Scenario unplayed;  // its keys are read (and checked), its steps not played
      return kripkesim::games().make(kripkesim::read_config(document, [&](kripke::ObjectReader& r) {
        if (r.has("script")) kripkesim::read_scenario_keys(r, unplayed);
      }));
    });
  }
  static kripkesim::UserFormula parse(const std::string& text) {
    return kripkesim::parse_user_formula(text, "");
  }
  kripke::Agent agent(int seat) const {
    if (seat < 1 || seat > players())
      throw kripke::InputError("seat " + std::to_string(seat) + ": the game has seats 1 to " +
                               std::to_string(players()));
    return kripke::Agent(seat - 1);
  }

  std::unique_ptr<kripke::Game> game_;
  kripke::GameRunner runner_;
  std::vector<kripke::Event> events_;
  kripke::NullSink no_transcript_;
  kripkesim::EventMemory memory_{no_transcript_, /*keep=*/true};
};

}  // namespace

PYBIND11_MODULE(_kripke, m) {
  m.doc() = "kripkesim's games and models (docs/python.md)";
  // Bad input (a config, a formula, a move) is kripke.Error with the message the command
  // line prints, never a crash of the interpreter.
  static py::exception<kripke::InputError> error(m, "Error", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const kripke::InputError& e) {
      error(kripkesim::describe(e).c_str());
    } catch (const Json::exception& e) {
      error((std::string("not JSON: ") + e.what()).c_str());
    } catch (const kripke::Interrupted&) {
      // The check below raised KeyboardInterrupt (or another signal handler's exception).
      if (!PyErr_Occurred()) PyErr_SetNone(PyExc_KeyboardInterrupt);
    }
  });
  // Ctrl-C stops a long computation (a large model built, a formula over millions of
  // worlds) between its operators, updates and turns: the engine polls Python's signal
  // handlers, which the interpreter runs only between bytecodes otherwise. The call ends
  // with KeyboardInterrupt and the game stays as it was before it.
  kripke::interrupt_check().store([] { return PyErr_CheckSignals() != 0; });
  py::class_<Session>(m, "Session")
      .def(py::init<const std::string&, std::optional<std::uint64_t>, bool>(), py::arg("config"),
           py::arg("seed") = py::none(), py::arg("text") = false)
      .def("legal_moves", &Session::legal_moves)
      .def("current_seat", &Session::current_seat)
      .def("apply", &Session::apply)
      .def("step", &Session::step)
      .def("is_over", &Session::is_over)
      .def("winners", &Session::winners)
      .def("log", &Session::log)
      .def("view", &Session::view)
      .def("check", &Session::check)
      .def("knows", &Session::knows)
      .def("query", &Session::query)
      .def("frame", &Session::frame)
      .def("announce", &Session::announce)
      .def("update", &Session::update)
      .def("draw", &Session::draw)
      .def("actual", &Session::actual)
      .def("game_name", &Session::game_name)
      .def("players", &Session::players);
}
