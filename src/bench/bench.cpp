#include "bench/bench.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <ctime>

namespace kripkesim {

double process_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  // And the processes a case started and waited for (the arena's kripkesim and programs).
  rusage children{};
  getrusage(RUSAGE_CHILDREN, &children);
  const auto seconds = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) * 1e-6; };
  return double(now.tv_sec) + double(now.tv_nsec) * 1e-9 + seconds(children.ru_utime) +
         seconds(children.ru_stime);
}

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

}  // namespace kripkesim
