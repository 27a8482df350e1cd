#include "child_process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

extern char** environ;

namespace vitrine::bench {
namespace {

std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

ChildRun runChild(const std::vector<std::string>& args, const std::string& captureDir) {
  std::filesystem::create_directories(captureDir);
  const std::string outPath = captureDir + "/stdout.txt", errPath = captureDir + "/stderr.txt";
  std::vector<std::string> copy = args;
  std::vector<char*> argv;
  for (std::string& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, outPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  ChildRun r;
  r.spawned = posix_spawn(&pid, args[0].c_str(), &actions, nullptr, argv.data(), environ) == 0;
  posix_spawn_file_actions_destroy(&actions);
  if (!r.spawned) {  // no child to wait for: pid is unset
    r.error = "spawn of " + args[0] + " failed";
    return r;
  }
  rusage usage{};
  wait4(pid, &r.status, 0, &usage);
  r.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                 1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
  r.maxRssMiB = double(usage.ru_maxrss) / 1024.0;  // Linux: KiB
  r.ok = WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0;
  r.out = readText(outPath);
  r.err = readText(errPath);
  if (!r.ok) {
    const std::string how = WIFEXITED(r.status)
                                ? "exited " + std::to_string(WEXITSTATUS(r.status))
                                : "killed by signal " + std::to_string(WTERMSIG(r.status));
    r.error = args[0] + " " + how + ": " + r.err.substr(0, 300);
  }
  return r;
}

double selfPeakRssMiB() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;  // kB
  return 0;
}

}  // namespace vitrine::bench
