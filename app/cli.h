// The command line, parsed into plain options. No side effects: main() acts on the result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace vitrine::app {

struct CliOptions {
  std::string file;                      // empty: the bundled demo scene
  std::optional<std::string> renderOut;  // --render OUT.png: headless, one frame, then exit
  uint32_t width = 1280, height = 720;   // --size WxH (window size or render size)
  std::optional<int> camera;             // --camera INDEX: look through the asset's camera INDEX
  double quitAfterSeconds = 0.0;         // --quit-after SECONDS: close the window after this time
  std::optional<float> time;             // --time SECONDS: evaluate the animations at this instant
  // --animation all|none|INDEX|NAME, in the order given; empty = all.
  std::vector<std::string> animations;
  std::vector<std::string> queries;  // --query POINTER: print the value, then exit
  bool help = false;
  bool version = false;
};

struct CliResult {
  CliOptions options;
  std::string error;  // set when the arguments are wrong; one line, no program name
};

[[nodiscard]] CliResult parseCommandLine(const std::vector<std::string>& args);

// The text of --help.
std::string usageText();

}  // namespace vitrine::app
