// Runs the built `vitrine` executable and captures its exit status and output.
#pragma once

#include <string>
#include <vector>

#include "asset_builder.h"  // writeFile

namespace vitrine::test {

struct ProcessResult {
  int status = -1;  // exit status, or -1 when it did not exit normally (a crash)
  std::string out, err;
};

struct RunOptions {
  // Remove DISPLAY and WAYLAND_DISPLAY from the child's environment (not this process's):
  // proves a batch mode needs no X server or Wayland compositor.
  bool withoutDisplay = false;
  // Added to the child's environment, each "NAME=value" (test hooks such as
  // VITRINE_TEST_INJECT_FAULT).
  std::vector<std::string> environment = {};
};

// Runs build/vitrine with `args` (each passed as one argument) and VITRINE_VALIDATION=1, so
// any validation message turns into exit status 3.
ProcessResult runVitrine(const std::vector<std::string>& args, const RunOptions& options = {});

// A fresh scratch path under the test tmp directory.
std::string scratchPath(const std::string& name);

std::string readFile(const std::string& path);

}  // namespace vitrine::test
