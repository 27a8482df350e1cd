// Hot reload's policy, driven by explicit poll times and a fake file system: when a change is
// stable enough to reload, and when a failed reload is a half-written file (retried quietly)
// rather than a broken one (shown).
#include <map>

#include <gtest/gtest.h>

#include "file_watch.h"

namespace vitrine::app {
namespace {

// Files whose stamps the test sets; a write bumps mtime and sets the size.
struct FakeFiles {
  std::map<std::string, FileStamp> files;
  void write(const std::string& f, uint64_t size) {
    FileStamp& s = files[f];
    s.exists = true;
    s.mtimeNs += 1000;
    s.size = size;
  }
  FileWatch::StatFn stat() {
    return [this](const std::string& f) {
      const auto it = files.find(f);
      return it == files.end() ? FileStamp{} : it->second;
    };
  }
};

constexpr double kStable = 0.3, kBroken = 1.0;

TEST(FileWatch, NothingHappensWhileFilesAreUnchanged) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  FileWatch w(kStable, kBroken, fs.stat());
  w.watch({"a.gltf"});
  for (double t = 0.0; t < 5.0; t += 0.1) EXPECT_FALSE(w.poll(t, false)) << t;
  EXPECT_FALSE(w.pending());
}

TEST(FileWatch, ReloadsOnceTheChangeIsStable) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  FileWatch w(kStable, kBroken, fs.stat());
  w.watch({"a.gltf"});
  fs.write("a.gltf", 5);  // the exporter starts writing...
  EXPECT_FALSE(w.poll(1.0, false));
  EXPECT_TRUE(w.pending());
  fs.write("a.gltf", 20);  // ...and goes on: the clock starts over
  EXPECT_FALSE(w.poll(1.2, false));
  EXPECT_FALSE(w.poll(1.45, false));  // 0.25 s since the last change
  EXPECT_TRUE(w.poll(1.55, false));   // 0.35 s: stable
  EXPECT_FALSE(w.poll(1.6, false));   // once
  w.reloadSucceeded({"a.gltf"});
  EXPECT_FALSE(w.poll(3.0, false));
}

TEST(FileWatch, ADependencyChangeReloadsTheDocument) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  fs.write("a.bin", 100);
  FileWatch w(kStable, kBroken, fs.stat());
  w.watch({"a.gltf", "a.bin"});
  fs.write("a.bin", 200);
  EXPECT_FALSE(w.poll(0.0, false));
  EXPECT_TRUE(w.poll(0.3, false));
}

TEST(FileWatch, DeletedThenRecreatedIsOneReload) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  FileWatch w(kStable, kBroken, fs.stat());
  w.watch({"a.gltf"});
  fs.files.erase("a.gltf");  // an exporter that writes elsewhere and renames
  EXPECT_FALSE(w.poll(0.0, false));
  fs.write("a.gltf", 12);
  EXPECT_FALSE(w.poll(0.1, false));
  EXPECT_TRUE(w.poll(0.45, false));
}

TEST(FileWatch, NoReloadStartsWhileLoading) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  FileWatch w(kStable, kBroken, fs.stat());
  w.watch({"a.gltf"});
  fs.write("a.gltf", 11);
  EXPECT_FALSE(w.poll(0.0, true));
  EXPECT_FALSE(w.poll(1.0, true));  // stable, but the viewer is busy loading
  EXPECT_TRUE(w.poll(1.1, false));
}

TEST(FileWatch, HalfWrittenFileIsRetriedQuietlyThenShownIfItStaysBroken) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  FileWatch w(kStable, kBroken, fs.stat());
  w.watch({"a.gltf"});
  fs.write("a.gltf", 4);  // truncated
  EXPECT_FALSE(w.poll(2.0, false));
  ASSERT_TRUE(w.poll(2.35, false));
  EXPECT_FALSE(w.reloadFailed(2.4));  // 0.4 s after the change: maybe still being written
  EXPECT_TRUE(w.pending());
  EXPECT_FALSE(w.poll(2.9, false));
  ASSERT_TRUE(w.poll(3.0, false));    // retried 1 s after the change
  EXPECT_TRUE(w.reloadFailed(3.05));  // stable for 1 s and still broken: show it
  EXPECT_FALSE(w.pending());
  EXPECT_FALSE(w.poll(10.0, false));  // no retry loop on a broken file
  fs.write("a.gltf", 30);             // fixed
  EXPECT_FALSE(w.poll(11.0, false));
  EXPECT_TRUE(w.poll(11.3, false));
}

TEST(FileWatch, CompletedWriteCancelsTheRetryAndReloads) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  FileWatch w(kStable, kBroken, fs.stat());
  w.watch({"a.gltf"});
  fs.write("a.gltf", 4);
  EXPECT_FALSE(w.poll(0.0, false));
  ASSERT_TRUE(w.poll(0.3, false));
  EXPECT_FALSE(w.reloadFailed(0.4));
  fs.write("a.gltf", 30);  // the exporter finishes
  EXPECT_FALSE(w.poll(0.5, false));
  EXPECT_FALSE(w.poll(0.75, false));
  EXPECT_TRUE(w.poll(0.85, false));  // 0.35 s after the last write, not at the 1.0 s retry
  w.reloadSucceeded({"a.gltf"});
  EXPECT_FALSE(w.pending());
  EXPECT_FALSE(w.poll(5.0, false));
}

TEST(FileWatch, ChangeDuringALoadIsNotLost) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  FileWatch w(kStable, kBroken, fs.stat());
  w.watch({"a.gltf"});
  fs.write("a.gltf", 4);
  EXPECT_FALSE(w.poll(0.0, false));
  ASSERT_TRUE(w.poll(0.3, false));
  fs.write("a.gltf", 30);  // written again while the reload runs
  EXPECT_FALSE(w.poll(0.4, true));
  // The reload (of the old bytes) failed: not shown, the new change reloads.
  EXPECT_FALSE(w.reloadFailed(2.0));
  EXPECT_TRUE(w.poll(2.0, false));
  // A successful reload keeps a change seen while it loaded, too.
  fs.write("a.gltf", 31);
  EXPECT_FALSE(w.poll(2.1, true));
  w.reloadSucceeded({"a.gltf"});
  EXPECT_TRUE(w.pending());
  EXPECT_TRUE(w.poll(2.45, false));
}

TEST(FileWatch, ReloadWatchesTheNewDependencies) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  fs.write("b.bin", 10);
  FileWatch w(kStable, kBroken, fs.stat());
  w.watch({"a.gltf"});
  fs.write("a.gltf", 11);
  EXPECT_FALSE(w.poll(0.0, false));
  ASSERT_TRUE(w.poll(0.3, false));
  w.reloadSucceeded({"a.gltf", "b.bin"});  // the new version reads b.bin
  EXPECT_EQ(w.files(), (std::vector<std::string>{"a.gltf", "b.bin"}));
  fs.write("b.bin", 20);
  EXPECT_FALSE(w.poll(1.0, false));
  EXPECT_TRUE(w.poll(1.35, false));
}

TEST(FileWatch, StatFileReadsSizeAndExistence) {
  EXPECT_FALSE(statFile("/nonexistent/file.gltf").exists);
  const FileStamp s = statFile(VITRINE_SOURCE_DIR "/assets/demo.gltf");
  EXPECT_TRUE(s.exists);
  EXPECT_GT(s.size, 0u);
  EXPECT_GT(s.mtimeNs, 0);
}

// A viewer polls every frame: with a stat interval, the files are looked at no more often
// than that, and a change is still found at the next look.
TEST(FileWatch, StatsNoMoreOftenThanItsInterval) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  fs.write("a.bin", 10);
  int stats = 0;
  FileWatch w(
      kStable, kBroken,
      [&](const std::string& f) {
        ++stats;
        return fs.stat()(f);
      },
      0.25);
  w.watch({"a.gltf", "a.bin"});
  stats = 0;
  // One second of frames at 128 Hz: four looks (at 0, 0.25, 0.5, 0.75) of two files each.
  for (int frame = 0; frame < 128; ++frame) EXPECT_FALSE(w.poll(frame / 128.0, false));
  EXPECT_EQ(stats, 8);
  fs.write("a.bin", 20);
  EXPECT_FALSE(w.poll(1.0, false));  // looked at: the change is seen
  EXPECT_TRUE(w.pending());
  EXPECT_EQ(stats, 10);
  // Stable 0.3 s later; the polls in between decide without stat()ing.
  EXPECT_FALSE(w.poll(1.1, false));
  EXPECT_FALSE(w.poll(1.2, false));
  EXPECT_EQ(stats, 10);
  EXPECT_TRUE(w.poll(1.3, false));
}

// A reload dropped for a file the user opened meanwhile: if that open fails, the change of
// the file still shown is reloaded, not forgotten.
TEST(FileWatch, AnAbandonedReloadIsStartedAgain) {
  FakeFiles fs;
  fs.write("a.gltf", 10);
  FileWatch w(kStable, kBroken, fs.stat());
  w.watch({"a.gltf"});
  fs.write("a.gltf", 20);
  EXPECT_FALSE(w.poll(0.0, false));
  ASSERT_TRUE(w.poll(0.3, false));
  w.reloadAbandoned();
  EXPECT_TRUE(w.pending());
  EXPECT_FALSE(w.poll(0.5, true));  // the other file loads
  EXPECT_TRUE(w.poll(0.6, false));  // it failed: the change is reloaded
  EXPECT_FALSE(w.poll(0.7, false));
}

}  // namespace
}  // namespace vitrine::app
