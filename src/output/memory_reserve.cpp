#include "output/memory_reserve.hpp"

#include <cstdlib>
#include <new>

namespace kripkesim {
namespace {

// Enough for what unwinding allocates: nlohmann/json frees a document of millions of values
// through a stack of its children (16 bytes each), and the message names the file. Left
// untouched, it costs address space, not memory, until it is given back.
constexpr std::size_t kReserveBytes = std::size_t{32} << 20;
void* reserve = nullptr;

// operator new calls this when it finds no memory. The allocation is not tried again: the
// work that ran out stops (bad_alloc), and what the error does next has the reserve.
void give_back_reserve() {
  std::free(reserve);
  reserve = nullptr;
  throw std::bad_alloc();
}

}  // namespace

void keep_memory_reserve() {
  if (!reserve) reserve = std::malloc(kReserveBytes);
  std::set_new_handler(give_back_reserve);
}

}  // namespace kripkesim
