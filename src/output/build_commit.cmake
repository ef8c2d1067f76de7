# Writes OUTPUT, the definitions of output/build_info.hpp, for the commit of the checkout at
# SOURCE ("unknown" outside git, "-dirty" with uncommitted changes to tracked files). Run at
# every build (src/CMakeLists.txt); the file is rewritten only when its text changes, so an
# unchanged commit recompiles nothing.
execute_process(COMMAND git -C "${SOURCE}" rev-parse --short=12 HEAD
  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR commit STREQUAL "")
  set(commit "unknown")
else()
  execute_process(COMMAND git -C "${SOURCE}" status --porcelain --untracked-files=no
    OUTPUT_VARIABLE changes ERROR_QUIET)
  if(NOT changes STREQUAL "")
    string(APPEND commit "-dirty")
  endif()
endif()
file(CONFIGURE OUTPUT "${OUTPUT}" @ONLY CONTENT [[
// Generated at build time by src/output/build_commit.cmake (see output/build_info.hpp).
#include "output/build_info.hpp"
namespace kripkesim {
const char* kripkesim_version() { return "@VERSION@"; }
const char* kripkesim_commit() { return "@commit@"; }
}  // namespace kripkesim
]])
