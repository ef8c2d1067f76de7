// libFuzzer target: any bytes as the lines a person types into kripkesim assist. Each line
// is an event the table takes or refuses with an InputError (and is then unchanged); an
// event it took can be taken back and taken again; the report can always be written.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "assist/assist_table.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream lines(std::string(reinterpret_cast<const char*>(data), size));
  kripkesim::assist::Table table;
  for (std::string line; std::getline(lines, line);) {
    const std::size_t before = table.events().size();
    try {
      table.apply(line);
    } catch (const kripke::InputError&) {
      if (table.events().size() != before) throw std::logic_error("a refused event changed it");
      continue;
    }
    const std::string taken = table.events().back();
    table.undo();
    if (table.events().size() != before) throw std::logic_error("undo took back more");
    table.apply(taken);  // must not throw: it was taken before
  }
  (void)table.report();
  return 0;
}
