// The loader thread with stand-in load functions: whatever the load throws comes back as the
// result's error (the viewer keeps running), and destroying the thread cancels a running load
// at its next progress report instead of waiting for it to finish.
#include <atomic>
#include <chrono>
#include <new>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "loader_thread.h"

namespace vitrine::app {
namespace {

LoaderThread::Finished waitForResult(LoaderThread& loader) {
  for (;;) {
    if (auto done = loader.take()) return std::move(*done);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

TEST(LoaderThread, OutOfMemoryBecomesTheResultsError) {
  LoaderThread loader([](const std::string&, LoaderThread::Purpose,
                         const scene::LoadProgress&) -> DocumentResult { throw std::bad_alloc(); });
  ASSERT_TRUE(loader.start("/assets/huge.glb", LoaderThread::Purpose::Open));
  const LoaderThread::Finished f = waitForResult(loader);
  EXPECT_EQ(f.path, "/assets/huge.glb");
  EXPECT_FALSE(f.result.document);
  EXPECT_EQ(f.result.error, "/assets/huge.glb: out of memory while loading");
  EXPECT_FALSE(loader.busy());
}

TEST(LoaderThread, OtherExceptionsBecomeTheResultsError) {
  LoaderThread loader(
      [](const std::string&, LoaderThread::Purpose, const scene::LoadProgress&) -> DocumentResult {
        throw std::runtime_error("disk on fire");
      });
  ASSERT_TRUE(loader.start("a.gltf", LoaderThread::Purpose::Reload));
  const LoaderThread::Finished f = waitForResult(loader);
  EXPECT_EQ(f.purpose, LoaderThread::Purpose::Reload);
  EXPECT_EQ(f.result.error, "a.gltf: disk on fire");
  // The thread is free for the next load.
  EXPECT_TRUE(loader.start("b.gltf", LoaderThread::Purpose::Open));
  EXPECT_EQ(waitForResult(loader).result.error, "b.gltf: disk on fire");
}

TEST(LoaderThread, DestroyingCancelsARunningLoadAtItsNextProgressReport) {
  std::atomic<bool> started{false}, stoppedByCancel{false};
  std::atomic<int> reports{0};
  {
    LoaderThread loader(
        [&](const std::string&, LoaderThread::Purpose, const scene::LoadProgress& progress) {
          started = true;
          try {
            // A load that would never end on its own: only cancellation stops it.
            for (;;) {
              progress(0.5f, "Decoding images");
              ++reports;
              std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
          } catch (...) {
            stoppedByCancel = true;
            throw;
          }
          return DocumentResult{};
        });
    ASSERT_TRUE(loader.start("big.glb", LoaderThread::Purpose::Open));
    while (!started || reports < 3) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_EQ(loader.stage(), "Decoding images");
    EXPECT_EQ(loader.progress(), 0.5f);
  }  // ~LoaderThread: returns only once the load has stopped
  EXPECT_TRUE(stoppedByCancel);
}

}  // namespace
}  // namespace vitrine::app
