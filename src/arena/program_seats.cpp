#include "arena/program_seats.hpp"

#include <time.h>

#include <cstdlib>
#include <functional>
#include <utility>

#include "input/formula_input.hpp"
#include "kripke/formula.hpp"

namespace kripkesim::arena {
namespace {

using Clock = std::chrono::steady_clock;
using kripke::Json;

constexpr int kProtocolVersion = 1;

// What a program finds in its environment: nothing of kripkesim's but these.
std::vector<std::string> program_environment(kripke::Agent seat) {
  std::vector<std::string> env = {"KRIPKESIM_PROTOCOL=" + std::to_string(kProtocolVersion),
                                  "KRIPKESIM_SEAT=" + std::to_string(seat + 1), "LANG=C.UTF-8",
                                  "PYTHONUNBUFFERED=1"};
  for (const char* name : {"PATH", "HOME", "PYTHONPATH"})
    if (const char* value = std::getenv(name)) env.push_back(std::string(name) + "=" + value);
  return env;
}

const char* fault_name(PipeFault f) {
  switch (f) {
    case PipeFault::TimedOut:
      return "timeout";
    case PipeFault::Closed:
      return "ended";
    case PipeFault::TooLong:
      return "flood";
    default:
      return "none";
  }
}

// Adds the thread's CPU time from construction to destruction to `total`: what kripkesim
// spends on the protocol, without the time it waits for a program (no CPU then).
class CpuTally {
 public:
  explicit CpuTally(double& total) : total_(total), start_(now()) {}
  ~CpuTally() { total_ += now() - start_; }
  CpuTally(const CpuTally&) = delete;
  CpuTally& operator=(const CpuTally&) = delete;

 private:
  static double now() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
  }
  double& total_;
  double start_;
};

}  // namespace

struct ProgramSeats::Seat {
  SeatProgram spec;
  std::string stderr_file;
  std::unique_ptr<AgentProcess> process;  // null once it has stopped
  // Events not yet written: they go out with the next message, in one write, so that a
  // program wakes once per request rather than once per event.
  std::string pending;
};

SeatProgram parse_program_option(const std::string& text, int players) {
  const auto equals = text.find('=');
  const std::string seat_text = text.substr(0, equals);
  if (equals == std::string::npos || seat_text.empty() ||
      seat_text.find_first_not_of("0123456789") != std::string::npos || seat_text.size() > 6)
    throw kripke::InputError("--program " + text +
                             ": expected SEAT=PROGRAM, such as 2=\"python3 agent.py\"");
  const int seat = std::stoi(seat_text);
  if (seat < 1 || seat > players)
    throw kripke::InputError("--program " + text + ": the game has seats 1 to " +
                             std::to_string(players));
  SeatProgram spec;
  spec.seat = kripke::Agent(seat - 1);
  spec.source = "--program";
  const std::string command = text.substr(equals + 1);
  if (!command.empty() && command.front() == '[') {
    Json list;
    try {
      list = Json::parse(command);
    } catch (const Json::exception&) {
      throw kripke::InputError("--program " + text + ": the argv is not a JSON list");
    }
    for (const Json& word : list) {
      if (!word.is_string())
        throw kripke::InputError("--program " + text + ": the argv holds a non-string");
      spec.argv.push_back(word.get<std::string>());
    }
  } else {
    spec.argv = kripke::split_words(command);
  }
  if (spec.argv.empty() || spec.argv.front().empty())
    throw kripke::InputError("--program " + text + ": no program named");
  return spec;
}

std::string command_line(const std::vector<std::string>& argv) {
  std::string line;
  for (const std::string& word : argv) {
    if (!line.empty()) line += ' ';
    const bool plain = !word.empty() && word.find_first_of(" \t\"'\\") == std::string::npos;
    line += plain ? word : Json(word).dump();
  }
  return line;
}

void check_program_seat(const SeatProgram& program, const kripke::Play& play) {
  const std::size_t players = play.model().agent_count();
  if (std::size_t(program.seat) >= players)
    throw kripke::InputError("a program plays agent " + std::to_string(program.seat + 1) +
                                 ", but " + play.game_name() + " has " + std::to_string(players),
                             program.source);
}

ProgramSeats::ProgramSeats(std::vector<SeatProgram> specs, ProgramLimits limits,
                           kripke::EventSink& log, std::string stderr_prefix)
    : limits_(limits), log_(log), stderr_prefix_(std::move(stderr_prefix)) {
  for (SeatProgram& spec : specs) {
    auto seat = std::make_unique<Seat>();
    seat->spec = std::move(spec);
    seats_.push_back(std::move(seat));
  }
}

ProgramSeats::~ProgramSeats() = default;  // each Seat's AgentProcess stops its program

void ProgramSeats::start(const kripke::Play& play, const play::Desk& desk) {
  play_ = &play;
  desk_ = &desk;
  Json players = Json::array();
  for (std::size_t i = 0; i < play.model().agent_count(); ++i)
    players.push_back(play.agent_name(kripke::Agent(i)));
  for (auto& seat : seats_) {
    const kripke::Agent a = seat->spec.seat;
    seat->stderr_file = stderr_prefix_.empty()
                            ? "/dev/null"
                            : stderr_prefix_ + "-seat-" + std::to_string(a + 1) + ".txt";
    seat->process =
        std::make_unique<AgentProcess>(seat->spec.argv, program_environment(a), seat->stderr_file);
    send(*seat, {{"type", "hello"},
                 {"protocol", kProtocolVersion},
                 {"game", play.game_name()},
                 {"seat", a + 1},
                 {"name", play.agent_name(a)},
                 {"players", players}});
  }
}

void ProgramSeats::finish() {
  // Every program told first, so that they end together.
  for (auto& seat : seats_) send(*seat, {{"type", "end"}});
  for (auto& seat : seats_) seat->process.reset();  // stopped
}

bool ProgramSeats::seats(kripke::Agent a) const {
  for (const auto& seat : seats_)
    if (seat->spec.seat == a) return true;
  return false;
}

ProgramSeats::Seat* ProgramSeats::seat_of(kripke::Agent a) {
  for (auto& seat : seats_)
    if (seat->spec.seat == a) return seat.get();
  return nullptr;
}

void ProgramSeats::emit(const kripke::Event& event) {
  if (!play_ || event.record.is_null()) return;
  const CpuTally tally(cpu_seconds_);
  for (auto& seat : seats_) {
    if (!seat->process) continue;
    if (const std::optional<kripke::LogRecord> view = play_->seat_view(event, seat->spec.seat))
      hold_line(*seat, R"({"type":"event","view":)" + view->dump() + "}");
  }
}

std::optional<Json> ProgramSeats::move(kripke::Agent a, const std::vector<Json>& legal_moves) {
  Seat* seat = seat_of(a);
  if (!seat || !seat->process) return std::nullopt;
  const std::optional<Json> reply =
      ask(*seat, {{"type", "move"}, {"legal_moves", legal_moves}}, [&](const Json& r) {
        if (!r.contains("move")) return std::string("expected {\"move\": ...} or a query");
        for (const Json& legal : legal_moves)
          if (legal == r["move"]) return std::string();
        return "not a legal move: " + r["move"].dump();
      });
  if (!reply) return std::nullopt;
  return (*reply)["move"];
}

std::optional<std::string> ProgramSeats::choose(kripke::Agent a, const std::string& question,
                                                const std::vector<std::string>& choices) {
  Seat* seat = seat_of(a);
  if (!seat || !seat->process) return std::nullopt;
  const std::optional<Json> reply =
      ask(*seat, {{"type", "choose"}, {"question", question}, {"choices", choices}},
          [&](const Json& r) {
            if (!r.contains("choice") || !r["choice"].is_string())
              return std::string("expected {\"choice\": \"...\"} or a query");
            for (const std::string& c : choices)
              if (c == r["choice"].get<std::string>()) return std::string();
            return "not one of the choices: " + r["choice"].dump();
          });
  if (!reply) return std::nullopt;
  return (*reply)["choice"].get<std::string>();
}

std::optional<Json> ProgramSeats::ask(Seat& seat, Json request,
                                      const std::function<std::string(const Json&)>& check) {
  const CpuTally tally(cpu_seconds_);
  const long long id = next_id_++;
  request["id"] = id;
  send(seat, request);
  const auto deadline = Clock::now() + limits_.timeout;
  int errors = 0, queries = 0;
  while (seat.process) {
    std::string line;
    if (const PipeFault f = seat.process->read_line(line, deadline); f != PipeFault::None) {
      fault(seat, fault_name(f),
            f == PipeFault::TimedOut
                ? "no answer within " + std::to_string(limits_.timeout.count()) + " ms"
            : f == PipeFault::TooLong ? "a line longer than 1 MiB"
                                      : "the program closed its output or ended",
            true);
      return std::nullopt;
    }
    std::string error;
    Json reply;
    try {
      reply = Json::parse(line);
    } catch (const Json::exception&) {
      error = "not a JSON line: " + line.substr(0, 80);
    }
    if (error.empty() && !reply.is_object()) error = "expected a JSON object";
    if (error.empty() && reply.contains("query")) {
      if (++queries > limits_.max_queries) {
        fault(seat, "flood",
              "more than " + std::to_string(limits_.max_queries) + " queries for one request",
              true);
        return std::nullopt;
      }
      Json answer = answer_query(seat, reply);
      answer["id"] = id;
      send(seat, answer);
      continue;
    }
    if (error.empty()) error = check(reply);
    if (error.empty()) return reply;
    send(seat, {{"type", "error"}, {"id", id}, {"message", error}});
    if (++errors > limits_.retries) {
      fault(seat, "bad reply", error, false);
      return std::nullopt;
    }
  }
  return std::nullopt;
}

Json ProgramSeats::answer_query(const Seat& seat, const Json& query) const {
  const kripke::Agent me = seat.spec.seat;
  const Json& what = query["query"];
  try {
    if (what == "table") return {{"type", "answer"}, {"table", desk_->table(me)}};
    if (what == "hint") return {{"type", "answer"}, {"hint", desk_->hint(me)}};
    if (what == "formula" && query.contains("formula") && query["formula"].is_string()) {
      // K and M of the seat: constant over the worlds it cannot tell apart, so the answer
      // tells it nothing it could not work out from what it has seen.
      const std::string text = query["formula"].get<std::string>();
      const UserFormula phi = parse_user_formula(text, "");
      const UserFormula known{text, kripke::f::knows(me, phi.formula), ""};
      const UserFormula possible{text, kripke::f::possible(me, phi.formula), ""};
      return {{"type", "answer"},
              {"formula", text},
              {"knows", holds_at_actual(*play_, known)},
              {"considers_possible", holds_at_actual(*play_, possible)}};
    }
    if (what == "count" && query.contains("formulas") && query["formulas"].is_array())
      return count_answer(me, query["formulas"]);
  } catch (const kripke::InputError& e) {  // a FormulaError too
    return {{"type", "error"}, {"message", e.what()}};
  }
  return {{"type", "error"},
          {"message",
           "a query is {\"query\": \"formula\", \"formula\": \"...\"}, {\"query\": \"count\", "
           "\"formulas\": [...]}, {\"query\": \"table\"} or {\"query\": \"hint\"}"}};
}

Json ProgramSeats::count_answer(kripke::Agent me, const Json& formulas) const {
  // The seat's possible worlds are a function of what it has seen: counting in them tells it
  // nothing more. They are the listed worlds' cell of the actual one; a game whose worlds
  // are only counted (the symbolic engine, Sleuth's) cannot list them.
  const kripke::Model& model = play_->model();
  if (play_->world_count() != kripke::BigCount(model.alive_count()) || model.world_count() == 0)
    return {{"type", "error"},
            {"message", "count: " + play_->game_name() +
                            "'s worlds are counted, not listed, here; ask formulas instead"}};
  if (formulas.size() > kMaxCountedFormulas)
    return {
        {"type", "error"},
        {"message", "count: at most " + std::to_string(kMaxCountedFormulas) + " formulas a query"}};
  const kripke::WorldSet possible = model.possible_worlds(me, model.actual());
  Json counts = Json::array();
  for (const Json& text : formulas) {
    if (!text.is_string()) return {{"type", "error"}, {"message", "count: formulas are strings"}};
    const UserFormula phi = parse_user_formula(text.get<std::string>(), "");
    counts.push_back((truth_set(*play_, phi) & possible).count());
  }
  return {{"type", "answer"}, {"possible", possible.count()}, {"counts", std::move(counts)}};
}

void ProgramSeats::send(Seat& seat, const Json& message) { send_line(seat, message.dump()); }

void ProgramSeats::hold_line(Seat& seat, const std::string& line) {
  if (!seat.process) return;
  seat.pending += line;
  seat.pending += '\n';
  if (seat.pending.size() >= kHeldBytes) send_line(seat, "");
}

void ProgramSeats::send_line(Seat& seat, const std::string& line) {
  if (!seat.process) return;
  std::string text = std::move(seat.pending);
  seat.pending.clear();
  if (!line.empty()) {
    text += line;
    text += '\n';
  }
  if (text.empty()) return;
  const PipeFault f = seat.process->write_text(text, Clock::now() + limits_.timeout);
  if (f != PipeFault::None)
    fault(seat, fault_name(f),
          f == PipeFault::TimedOut
              ? "it did not read its input for " + std::to_string(limits_.timeout.count()) + " ms"
              : "the program closed its input or ended",
          true);
}

void ProgramSeats::fault(Seat& seat, const std::string& kind, const std::string& detail,
                         bool stop) {
  std::string ended;
  if (stop && seat.process) {
    seat.process->stop();
    ended = seat.process->ended();
    seat.process.reset();
  }
  kripke::LogRecord record = {{"v", 1},
                              {"event", "program"},
                              {"game", play_->game_name()},
                              {"turn", play_->turn()},
                              {"agent", seat.spec.seat + 1},
                              {"fault", kind},
                              {"detail", detail},
                              {"then", stop ? "its built-in strategy plays on"
                                            : "its built-in strategy decides this request"}};
  if (!ended.empty()) record["ended"] = ended;
  if (seat.stderr_file != "/dev/null") record["stderr"] = seat.stderr_file;
  log_.emit({record, ""});
}

}  // namespace kripkesim::arena
