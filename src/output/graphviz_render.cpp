#include "output/graphviz_render.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "kripke/errors.hpp"
#include "output/signal_cleanup.hpp"

extern char** environ;

namespace kripkesim {
namespace {

// A temporary file that is removed when it goes out of scope.
class TemporaryFile {
 public:
  explicit TemporaryFile(const char* suffix) {
    const char* dir = std::getenv("TMPDIR");
    path_ = fmt::format("{}/kripkesim-XXXXXX{}", dir && *dir ? dir : "/tmp", suffix);
    const int fd = mkstemps(path_.data(), int(std::strlen(suffix)));
    if (fd < 0)
      throw kripke::InputError(
          fmt::format("cannot create a temporary file for Graphviz: {}", std::strerror(errno)));
    close(fd);
    clean_up_on_signals();
    register_temporary_file(path_.c_str());
  }
  ~TemporaryFile() {
    unregister_temporary_file(path_.c_str());  // first: the handler must not read a freed path
    std::remove(path_.c_str());
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// The child's status once it ends; -1 (the child killed) when it runs past `seconds`.
int wait_for(pid_t pid, int seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  for (;;) {
    int status = 0;
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) return status;
    if (done < 0 && errno != EINTR) return status;
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
      }
      return -1;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

std::string contents(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::string render_with_dot(const std::string& dot_text, const std::string& format,
                            int timeout_seconds) {
  // Files rather than pipes: `dot` reads all its input before it writes, and neither side
  // can then block the other.
  TemporaryFile input(".dot"), output(("." + format).c_str()), errors(".txt");
  {
    std::ofstream in(input.path(), std::ios::binary);
    in << dot_text;
    if (!in.flush())
      throw kripke::InputError(
          fmt::format("cannot write the drawing for Graphviz to {}", input.path()));
  }
  const std::string type = "-T" + format;
  const std::string out = "-o" + output.path();
  std::vector<char*> argv = {const_cast<char*>("dot"), const_cast<char*>(type.c_str()),
                             const_cast<char*>(out.c_str()),
                             const_cast<char*>(input.path().c_str()), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errors.path().c_str(),
                                   O_WRONLY | O_TRUNC, 0);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, "dot", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned == ENOENT)
    throw kripke::InputError(
        "Graphviz's `dot` program is not installed, and --format svg or png needs it: "
        "install it with `scripts/install-deps.sh draw` (or `apt-get install graphviz`), or "
        "write DOT (the default) and render it elsewhere");
  if (spawned != 0)
    throw kripke::InputError(fmt::format("cannot run Graphviz's dot: {}", std::strerror(spawned)));
  register_child(pid);
  const int status = wait_for(pid, timeout_seconds);
  unregister_child(pid);
  if (status < 0)
    throw kripke::InputError(fmt::format(
        "Graphviz's dot did not finish the drawing in {} s, and was stopped: draw fewer worlds "
        "(--agent, --where, --minimize) or write DOT and render it elsewhere",
        timeout_seconds));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::string message = contents(errors.path());
    message = message.substr(0, message.find('\n'));
    throw kripke::InputError(fmt::format("Graphviz's dot failed to render the drawing{}{}",
                                         message.empty() ? "" : ": ", message));
  }
  return contents(output.path());
}

}  // namespace kripkesim
