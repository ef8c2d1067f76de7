#include "arena/agent_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include "kripke/errors.hpp"

namespace kripkesim::arena {
namespace {

using Clock = std::chrono::steady_clock;

// Milliseconds left until `deadline`, for poll (0 when past it).
int millis_until(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return int(std::clamp<long long>(left.count(), 0, 1'000'000));
}

// Waits for `events` on `fd` until `deadline`: whether they came.
bool wait_for(int fd, short events, Clock::time_point deadline) {
  for (;;) {
    pollfd p{fd, events, 0};
    const int ready = ::poll(&p, 1, millis_until(deadline));
    if (ready > 0) return true;
    if (ready == 0 || errno != EINTR) return false;
  }
}

std::string how_it_ended(int status) {
  if (WIFEXITED(status)) return "exit " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "ended";
}

}  // namespace

AgentProcess::AgentProcess(const std::vector<std::string>& argv,
                           const std::vector<std::string>& environment,
                           const std::string& stderr_file) {
  if (argv.empty()) throw kripke::InputError("a program needs at least its name");
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0)
    throw kripke::InputError("cannot make a pipe: " + std::string(std::strerror(errno)));
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    throw kripke::InputError("cannot make a pipe: " + std::string(std::strerror(errno)));
  }
  const int err = ::open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_adddup2(&files, in[0], 0);
  posix_spawn_file_actions_adddup2(&files, out[1], 1);
  posix_spawn_file_actions_adddup2(&files, err >= 0 ? err : out[1], 2);
  // Nothing else of kripkesim's: its log, its other seats' pipes.
  posix_spawn_file_actions_addclosefrom_np(&files, 3);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  // Its own process group, so that stop() ends whatever it started too; the signals
  // kripkesim ignores or catches (a closed pipe, Ctrl-C) as a new program has them.
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int sig : {SIGPIPE, SIGINT, SIGTERM, SIGHUP}) sigaddset(&defaults, sig);
  posix_spawnattr_setpgroup(&attributes, 0);
  posix_spawnattr_setsigmask(&attributes, &none);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  std::vector<std::string> args = argv, env = environment;
  std::vector<char*> arg_ptrs, env_ptrs;
  for (std::string& a : args) arg_ptrs.push_back(a.data());
  arg_ptrs.push_back(nullptr);
  for (std::string& e : env) env_ptrs.push_back(e.data());
  env_ptrs.push_back(nullptr);
  const int spawned =
      ::posix_spawnp(&pid_, arg_ptrs[0], &files, &attributes, arg_ptrs.data(), env_ptrs.data());
  posix_spawn_file_actions_destroy(&files);
  posix_spawnattr_destroy(&attributes);
  ::close(in[0]);
  ::close(out[1]);
  if (err >= 0) ::close(err);
  if (spawned != 0) {
    ::close(in[1]);
    ::close(out[0]);
    pid_ = -1;
    throw kripke::InputError("cannot start the program '" + argv[0] +
                             "': " + std::strerror(spawned));
  }
  to_program_ = in[1];
  from_program_ = out[0];
  ::fcntl(to_program_, F_SETFL, ::fcntl(to_program_, F_GETFL) | O_NONBLOCK);
  ::fcntl(from_program_, F_SETFL, ::fcntl(from_program_, F_GETFL) | O_NONBLOCK);
}

AgentProcess::~AgentProcess() { stop(); }

PipeFault AgentProcess::write_text(const std::string& text, Clock::time_point deadline) {
  if (to_program_ < 0) return PipeFault::Closed;
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(to_program_, text.data() + written, text.size() - written);
    if (n > 0) {
      written += std::size_t(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if (!wait_for(to_program_, POLLOUT, deadline)) return PipeFault::TimedOut;
      continue;
    }
    return PipeFault::Closed;  // EPIPE: it closed its standard input, or exited
  }
  return PipeFault::None;
}

PipeFault AgentProcess::read_line(std::string& line, Clock::time_point deadline) {
  for (;;) {
    if (const auto end = buffer_.find('\n'); end != std::string::npos) {
      if (end > kMaxLine) return PipeFault::TooLong;
      line = buffer_.substr(0, end);
      buffer_.erase(0, end + 1);
      return PipeFault::None;
    }
    if (buffer_.size() > kMaxLine) return PipeFault::TooLong;
    if (from_program_ < 0) return PipeFault::Closed;
    char chunk[65536];
    const ssize_t n = ::read(from_program_, chunk, sizeof chunk);
    if (n > 0) {
      buffer_.append(chunk, std::size_t(n));
      continue;
    }
    if (n == 0) return PipeFault::Closed;
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return PipeFault::Closed;
    if (!wait_for(from_program_, POLLIN, deadline)) return PipeFault::TimedOut;
  }
}

bool AgentProcess::exited() const {
  siginfo_t info{};
  info.si_pid = 0;
  // WNOWAIT: left a zombie, which keeps its process group's number from being reused until
  // the group has been killed.
  return ::waitid(P_PID, id_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         info.si_pid == pid_;
}

void AgentProcess::stop() {
  if (to_program_ >= 0) ::close(to_program_);
  to_program_ = -1;
  if (pid_ >= 0) {
    // A moment (0.2 s) to end by itself on the end of its input, then the signals. Its
    // output reaching its end (what it still writes is dropped) is the sign it has gone:
    // then it is reaped at once, without sleeping a polling interval.
    const auto wait_a_moment = [&] {
      const auto deadline = Clock::now() + std::chrono::milliseconds(200);
      char chunk[4096];
      while (from_program_ >= 0 && Clock::now() < deadline) {
        const ssize_t n = ::read(from_program_, chunk, sizeof chunk);
        if (n == 0) break;  // the end of its output
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) break;
        if (n < 0) wait_for(from_program_, POLLIN, deadline);
      }
      while (!exited()) {
        if (Clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
      }
      return true;
    };
    if (!wait_a_moment()) {
      ::kill(-pid_, SIGTERM);
      wait_a_moment();
    }
    // What it started in its group goes too, whether or not it ended by itself.
    ::kill(-pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    ended_ = how_it_ended(status);
    pid_ = -1;
  }
  if (from_program_ >= 0) ::close(from_program_);
  from_program_ = -1;
}

}  // namespace kripkesim::arena
