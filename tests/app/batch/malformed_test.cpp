// Every asset of tests/data/malformed/ (tests/data/make_malformed.py) and the invalid assimp
// sample models, run through the executable in the three batch modes: the exit status and the
// message each must give are the table tests/data/malformed/expected.txt (issue 14).
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "run_vitrine.h"

namespace vitrine::test {
namespace {

namespace fs = std::filesystem;

const std::string kMalformed = VITRINE_SOURCE_DIR "/tests/data/malformed/";

struct Expectation {
  int line = 0;
  std::string file;  // as written: relative to tests/data/malformed/, or assimp:<model path>
  std::string mode;  // check, render or thumbnail
  // The exit status; * any clean exit (not yet decided); skip: not run (see expected.txt).
  std::string status;
  std::string message;  // a substring of stdout + stderr, or * (not checked)
};

// Lines "file<TAB>mode<TAB>status<TAB>message"; '#' starts a comment line.
std::vector<Expectation> readTable() {
  std::ifstream in(kMalformed + "expected.txt");
  std::vector<Expectation> table;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    Expectation e;
    e.line = n;
    std::istringstream fields(line);
    std::getline(fields, e.file, '\t');
    std::getline(fields, e.mode, '\t');
    std::getline(fields, e.status, '\t');
    std::getline(fields, e.message);
    table.push_back(e);
  }
  return table;
}

std::string assetPath(const std::string& file) {
  const std::string assimp = "assimp:";
  if (file.rfind(assimp, 0) == 0) return VITRINE_MODELS_DIR "/" + file.substr(assimp.size());
  return kMalformed + file;
}

ProcessResult run(const Expectation& e) {
  const std::string file = assetPath(e.file);
  const std::string out = scratchPath("malformed.png");
  fs::remove(out);
  if (e.mode == "check") return runVitrine({file, "--check"});
  if (e.mode == "render") return runVitrine({file, "--render", out, "--size", "32x32"});
  return runVitrine({"--thumbnail", "32", file, out});
}

TEST(Malformed, TableCoversEveryAssetInEveryMode) {
  std::map<std::string, std::set<std::string>> modes;
  for (const Expectation& e : readTable()) {
    EXPECT_TRUE(e.mode == "check" || e.mode == "render" || e.mode == "thumbnail")
        << "expected.txt:" << e.line << ": mode " << e.mode;
    EXPECT_FALSE(e.message.empty()) << "expected.txt:" << e.line;
    EXPECT_TRUE(fs::exists(assetPath(e.file))) << "expected.txt:" << e.line << ": " << e.file;
    modes[e.file].insert(e.mode);
  }
  for (const auto& entry : fs::directory_iterator(kMalformed)) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".gltf" || ext == ".glb") modes[entry.path().filename().string()];
  }
  for (const auto& [file, set] : modes) {
    EXPECT_EQ(set.size(), 3u) << file << " needs a line per mode (check, render, thumbnail)";
  }
}

TEST(Malformed, EachAssetGivesItsStatusAndMessage) {
  for (const Expectation& e : readTable()) {
    if (e.status == "skip") continue;
    const ProcessResult r = run(e);
    const std::string where = "expected.txt:" + std::to_string(e.line) + ": " + e.file + " " +
                              e.mode + "\nstdout: " + r.out + "\nstderr: " + r.err;
    ASSERT_GE(r.status, 0) << "crashed: " << where;
    EXPECT_NE(r.status, 3) << "validation messages: " << where;
    if (e.status != "*") {
      EXPECT_EQ(std::to_string(r.status), e.status) << where;
    }
    if (e.message != "*") {
      EXPECT_NE((r.out + r.err).find(e.message), std::string::npos) << where;
    }
  }
}

}  // namespace
}  // namespace vitrine::test
