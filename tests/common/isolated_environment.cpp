// Compiled into every test executable (vitrine_add_test): before any test runs, the XDG cache
// and config directories point into the build's test tree, so no test can write the user's
// settings, recent files or environment cache. ctest runs each test in its own process, so
// this must hold for every process, not only in the tests that think of it.
#include <cstdlib>
#include <filesystem>

namespace {

struct IsolatedEnvironment {
  IsolatedEnvironment() {
    // The same directories run_vitrine.h hands the vitrine binary.
    const std::string cache = VITRINE_TEST_TMP "/cache", config = VITRINE_TEST_TMP "/config";
    std::error_code ec;  // a test that needs them reports the failure itself
    std::filesystem::create_directories(cache, ec);
    std::filesystem::create_directories(config, ec);
    setenv("XDG_CACHE_HOME", cache.c_str(), 1);
    setenv("XDG_CONFIG_HOME", config.c_str(), 1);
  }
};

const IsolatedEnvironment kIsolated;

}  // namespace
