// Running one executable as a separate process and measuring it, for the benchmarks that time
// `vitrine` from process start to exit (first frame, thumbnails) or that need a process of their
// own for a clean peak-memory figure (open_bench's floor).
//
// Peak RSS caveat: glibc's posix_spawn shares the parent's address space until exec (vfork), and
// Linux folds the high-water mark of the address space an exec leaves into the child's
// ru_maxrss. So maxRssMiB is max(child's own peak, the parent's VmHWM at spawn time): a parent
// that stays small (selfPeakRssMiB()) keeps the figure the child's.
#pragma once

#include <string>
#include <vector>

namespace vitrine::bench {

struct ChildRun {
  bool spawned = false;
  bool ok = false;  // exited with status 0
  int status = 0;   // waitpid status
  double wallSeconds = 0;
  double cpuSeconds = 0;  // user + system, all threads (wait4 rusage)
  double maxRssMiB = 0;   // ru_maxrss; see the caveat above
  std::string out, err;   // what the child wrote to stdout and stderr
  // "spawn of X failed" / "X exited 3: <first 300 bytes of stderr>"; empty when ok.
  std::string error;
};

// Runs args[0] (a path, no PATH search) with args, in the caller's environment (setenv before
// the call to change it). stdout and stderr go to files in `captureDir` (created if missing),
// read back into the result. Blocks until the child exits.
ChildRun runChild(const std::vector<std::string>& args, const std::string& captureDir);

// This process's VmHWM (peak resident set) in MiB, from /proc/self/status; 0 when unreadable.
double selfPeakRssMiB();

}  // namespace vitrine::bench
