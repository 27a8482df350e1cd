#include "run_vitrine.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

extern char** environ;

namespace vitrine::test {

std::string scratchPath(const std::string& name) {
  const std::string dir = std::string(VITRINE_TEST_TMP) + "/app";
  std::filesystem::create_directories(dir);
  // ctest runs tests in parallel processes: keep names unique per process.
  return dir + "/" + std::to_string(getpid()) + "-" + name;
}

std::string readFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

ProcessResult runVitrine(const std::vector<std::string>& args, const RunOptions& options) {
  const std::string exe = std::string(VITRINE_BINARY_DIR) + "/vitrine";
  const std::string outPath = scratchPath("stdout.txt"), errPath = scratchPath("stderr.txt");
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(exe.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  setenv("VITRINE_VALIDATION", "1", 1);
  // Processed environments are cached under the test tree, never in the user's home.
  setenv("XDG_CACHE_HOME", VITRINE_TEST_TMP "/cache", 1);
  // Settings and recent files too: a test never writes the user's config.
  setenv("XDG_CONFIG_HOME", VITRINE_TEST_TMP "/config", 1);
  std::vector<char*> env;
  for (char** e = environ; *e; ++e) {
    const std::string_view var(*e);
    if (options.withoutDisplay &&
        (var.rfind("DISPLAY=", 0) == 0 || var.rfind("WAYLAND_DISPLAY=", 0) == 0))
      continue;
    env.push_back(*e);
  }
  for (const std::string& e : options.environment) env.push_back(const_cast<char*>(e.c_str()));
  env.push_back(nullptr);
  ProcessResult r;
  pid_t pid;
  if (posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), env.data()) == 0) {
    int status = 0;
    waitpid(pid, &status, 0);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  posix_spawn_file_actions_destroy(&actions);
  r.out = readFile(outPath);
  r.err = readFile(errPath);
  return r;
}

}  // namespace vitrine::test
