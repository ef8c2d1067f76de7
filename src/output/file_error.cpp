#include "output/file_error.hpp"

namespace kripkesim {

std::string describe(const kripke::InputError& e) {
  std::string out;
  if (const auto* in_file = dynamic_cast<const FileError*>(&e)) out = in_file->file() + ": ";
  if (!e.path().empty()) out += e.path() + ": ";
  return out + e.what();
}

}  // namespace kripkesim
