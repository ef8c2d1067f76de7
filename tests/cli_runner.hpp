// Running the real kripkesim binary from tests: arguments in, exit code and the captured
// stdout and stderr out.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace kripke_test {

struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
  long max_rss_kib = 0;  // the process's peak resident memory
};

// The source tree and the kripkesim binary under test (tests/source_paths.cpp).
std::string source_dir();
std::string kripkesim_exe();

inline std::string source_path(const std::string& relative) {
  return source_dir() + "/" + relative;
}

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// A fresh directory under the system's temp dir, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "kripkesim-test-XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // Writes `text` to `name` inside the directory and returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    write_file(path_ / name, text);
    return file(name);
  }

 private:
  std::filesystem::path path_;
};

// Starts kripkesim with `args` in `cwd` (default: the source tree), its stdout and stderr
// going to the files named, with `env` ("NAME=value") added to the environment and its
// stdin read from `in_path` (empty: the test's own); returns its process id without waiting.
inline pid_t spawn_cli(const std::vector<std::string>& args, const std::string& out_path,
                       const std::string& err_path, const std::string& cwd = source_dir(),
                       const std::vector<std::string>& env = {}, const std::string& in_path = "") {
  std::vector<std::string> argv_strings{kripkesim_exe()};
  argv_strings.insert(argv_strings.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_strings) argv.push_back(a.data());
  argv.push_back(nullptr);

  std::vector<std::string> env_strings(env);
  for (char** e = environ; *e; ++e) env_strings.emplace_back(*e);  // earlier entries win
  std::vector<char*> envp;
  for (auto& e : env_strings) envp.push_back(e.data());
  envp.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!in_path.empty()) posix_spawn_file_actions_addopen(&actions, 0, in_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("cannot start " + argv_strings[0]);
  return pid;
}

// Waits for a spawned kripkesim; its exit code, or 128 + the signal that ended it, and
// (when asked) its peak resident memory in KiB.
inline int wait_cli(pid_t pid, long* max_rss_kib = nullptr) {
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid) throw std::runtime_error("wait4 failed");
  if (max_rss_kib) *max_rss_kib = usage.ru_maxrss;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Runs kripkesim with `args` in `cwd` (default: the source tree), with `env` ("NAME=value")
// added to the environment.
inline CliResult run_cli(const std::vector<std::string>& args,
                         const std::string& cwd = source_dir(),
                         const std::vector<std::string>& env = {}) {
  TempDir capture;
  const std::string out_path = capture.file("stdout"), err_path = capture.file("stderr");
  CliResult r;
  r.exit_code = wait_cli(spawn_cli(args, out_path, err_path, cwd, env), &r.max_rss_kib);
  r.out = read_file(out_path);
  r.err = read_file(err_path);
  return r;
}

// The same with `input` as its standard input.
inline CliResult run_cli_with_input(const std::vector<std::string>& args,
                                    const std::string& input) {
  TempDir capture;
  const std::string in_path = capture.write("stdin", input);
  const std::string out_path = capture.file("stdout"), err_path = capture.file("stderr");
  CliResult r;
  r.exit_code = wait_cli(spawn_cli(args, out_path, err_path, source_dir(), {}, in_path));
  r.out = read_file(out_path);
  r.err = read_file(err_path);
  return r;
}

// Waits (up to a minute) until `ready` holds; false when it never did.
template <class Ready>
bool eventually(Ready ready) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!ready()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace kripke_test
