// Where the tests find the source tree and the kripkesim binary. The paths are compiled into
// this file alone (tests/CMakeLists.txt), so that the other test files do not change with
// the checkout's folder and a fresh clone reuses their compiler cache entries.
#include <string>

#include "cli_runner.hpp"

namespace kripke_test {

std::string source_dir() { return KRIPKE_SOURCE_DIR; }
std::string kripkesim_exe() { return KRIPKESIM_EXE; }

}  // namespace kripke_test
