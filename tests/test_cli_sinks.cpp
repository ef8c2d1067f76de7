// The CLI's building blocks in-process: sinks, atomic output files, JSON file errors.
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>

#include "cli_runner.hpp"
#include "input/config_file.hpp"
#include "input/formula_input.hpp"
#include "output/file_error.hpp"
#include "output/output_file.hpp"
#include "output/sinks.hpp"

using namespace kripke_test;

namespace {

kripke::Event record_event(int turn) {
  kripke::LogRecord r;
  r["v"] = 1;
  r["turn"] = turn;
  return {r, "text " + std::to_string(turn)};
}

std::string error_of(const std::string& file) {
  try {
    kripkesim::read_json_file(file);
  } catch (const kripke::InputError& e) {
    return kripkesim::describe(e);
  }
  return "no error";
}

}  // namespace

TEST_CASE("[cli-sinks] JSON Lines and text sinks write what each event has") {
  std::ostringstream jsonl, text;
  kripkesim::JsonlSink log(jsonl, "a string");
  kripkesim::TextSink transcript(text, "a string");
  kripkesim::FanOutSink both;
  both.add(log);
  both.add(transcript);
  both.emit(record_event(1));
  both.emit({nullptr, "a heading"});        // transcript only
  both.emit({record_event(2).record, ""});  // log only
  CHECK(jsonl.str() == "{\"v\":1,\"turn\":1}\n{\"v\":1,\"turn\":2}\n");
  CHECK(text.str() == "text 1\na heading\n");
  CHECK(both.enabled());
  kripkesim::FanOutSink none;
  CHECK(!none.enabled());
}

TEST_CASE("[cli-sinks] an atomic file appears only when committed") {
  TempDir dir;
  const std::string target = dir.file("out.jsonl");
  {
    kripkesim::OutputFile file(target);
    file.stream() << "partial";
    CHECK(!std::filesystem::exists(target));
  }  // abandoned: an error happened
  CHECK(std::filesystem::is_empty(dir.path()));
  {
    kripkesim::OutputFile file(target);
    file.stream() << "complete\n";
    file.commit();
  }
  CHECK(read_file(target) == "complete\n");
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir.path())) ++entries;
  CHECK(entries == 1);
  CHECK_THROWS_AS(kripkesim::OutputFile(dir.file("no-such-dir/out.jsonl")), kripkesim::FileError);
}

TEST_CASE("[cli-sinks] JSON file errors name the file and the line and column") {
  TempDir dir;
  // The parser stops at the newline that ends the bad literal "tru": line 2, column 11.
  CHECK_THAT(error_of(dir.write("a.json", "{\n  \"x\": tru\n}")),
             Catch::StartsWith(dir.file("a.json") + ": line 2, column 11: malformed JSON: syntax "
                                                    "error while parsing value - invalid literal"));
  CHECK_THAT(error_of(dir.write("b.json", "")),
             Catch::StartsWith(dir.file("b.json") + ": line 1, column 1: malformed JSON"));
  CHECK_THAT(error_of(dir.write("c.json", "[1,\n2,\n")),
             Catch::StartsWith(dir.file("c.json") + ": line 3, column 1: "));
  CHECK(error_of(dir.path().string()) == dir.path().string() + ": is a directory, not a JSON file");
  CHECK(error_of(dir.write("d.json", "{\"fine\": [1, 2]}")) == "no error");
}

TEST_CASE("[cli-sinks] a key given twice is an error naming its path") {
  TempDir dir;
  const std::string file = dir.write(
      "dup.json", R"({"a": [1, {"b": 2}, [3], {"c": 4, "d": {}, "c": 5}], "e": {"c": 6}})");
  CHECK(error_of(file) == file + ": /a/3/c: the key 'c' appears twice");
  // Equal keys in different objects are fine.
  CHECK(error_of(dir.write("ok.json", R"({"c": 1, "x": {"c": 2}, "y": [{"c": 3}, {"c": 4}]})")) ==
        "no error");
}

TEST_CASE("[cli-sinks] a caret sits under the column") {
  CHECK(kripkesim::caret_under("K1 & ", 4) == "    K1 & \n       ^");
  CHECK(kripkesim::caret_under("x", 1) == "    x\n    ^");
}
