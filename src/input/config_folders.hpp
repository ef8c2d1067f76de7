// Folders of configs: where the bundled ones live, and every JSON file under a folder (for
// `kripkesim list` and `kripkesim scenario DIR`).
#pragma once

#include <filesystem>
#include <vector>

#include "output/file_error.hpp"

namespace kripkesim {

// The bundled configs: $KRIPKESIM_CONFIGS if set, else ./configs if it exists, else the
// source tree's configs/ (baked in at build time).
std::filesystem::path bundled_configs_dir();

// Every *.json file under `dir`, recursively, in sorted order. A folder or entry that cannot
// be read is added to `problems` and skipped.
std::vector<std::filesystem::path> json_files_under(const std::filesystem::path& dir,
                                                    std::vector<FileError>& problems);

}  // namespace kripkesim
