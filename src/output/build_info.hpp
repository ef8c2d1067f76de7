// The build's identity: the project version and the git commit it was built from
// ("unknown" outside a git checkout, "-dirty" with uncommitted changes to tracked files).
// `--version` shows it, the log's `start` event and batch results carry it, and `merge`
// refuses results of different builds. The definitions are generated at build time
// (build_commit.cpp in the build directory), so the commit is the one actually built.
#pragma once

#include <string>

namespace kripkesim {

const char* kripkesim_version();
const char* kripkesim_commit();

// "0.1.0+0123456789ab": the version, then the commit as build metadata.
inline std::string build_id() {
  std::string id = kripkesim_version();
  id += '+';
  id += kripkesim_commit();
  return id;
}

}  // namespace kripkesim
