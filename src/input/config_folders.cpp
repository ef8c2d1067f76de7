#include "input/config_folders.hpp"

#include <algorithm>
#include <cstdlib>

namespace kripkesim {
namespace fs = std::filesystem;

fs::path bundled_configs_dir() {
  if (const char* dir = std::getenv("KRIPKESIM_CONFIGS"); dir && *dir) return dir;
  if (std::error_code ec; fs::is_directory("configs", ec)) return "configs";
  return KRIPKESIM_SOURCE_CONFIGS_DIR;
}

std::vector<fs::path> json_files_under(const fs::path& dir, std::vector<FileError>& problems) {
  std::vector<fs::path> files;
  // Error codes, not exceptions: one folder that cannot be read (or a link loop) is reported
  // and skipped, and the rest is still listed.
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, ec), end;
  if (ec) {
    problems.emplace_back(dir.string(), "cannot list: " + ec.message());
    return files;
  }
  for (; !ec && it != end; it.increment(ec)) {
    const fs::path path = it->path();
    std::error_code status_ec;
    const bool regular = it->is_regular_file(status_ec);
    if (status_ec) {
      problems.emplace_back(path.string(), "cannot read: " + status_ec.message());
    } else if (regular && path.extension() == ".json") {
      files.push_back(path);
    } else if (it->is_directory(status_ec) && !status_ec) {
      // The iterator gives up altogether on a folder it cannot open: try it first.
      std::error_code open_ec;
      fs::directory_iterator probe(path, open_ec);
      if (open_ec) {
        problems.emplace_back(path.string(), "cannot list: " + open_ec.message());
        it.disable_recursion_pending();
      }
    }
  }
  if (ec)
    problems.emplace_back(it == end ? dir.string() : it->path().string(),
                          "cannot list: " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace kripkesim
