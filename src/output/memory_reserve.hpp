// A reserve of memory handed back the moment an allocation fails, so that running out of
// memory ends with the documented message and exit code 2, never with std::terminate.
#pragma once

namespace kripkesim {

// Sets aside the reserve and the handler that releases it: from then on the first failed
// allocation gives the reserve back and throws std::bad_alloc, and the error unwinds in
// memory the process still has. (Without it, a destructor that allocates while unwinding,
// as nlohmann/json's does to free a deep document, fails again inside a noexcept function.)
void keep_memory_reserve();

}  // namespace kripkesim
