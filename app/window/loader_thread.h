// Loads a Document on a worker thread, so the window keeps drawing (the previous scene, a
// progress bar) while a large asset is parsed. One load at a time.
#pragma once

#include <atomic>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "document.h"

namespace vitrine::app {

class LoaderThread {
 public:
  enum class Purpose {
    Open,    // a file the user opened: frame it, start its animations over
    Reload,  // the open file changed on disk: keep camera, time and animation selection
  };
  struct Finished {
    Purpose purpose = Purpose::Open;
    std::string path;
    DocumentResult result;
  };

  // What loads: loadDocument, or a stand-in in tests; told the purpose (Files loads an opened
  // file's images after, a reload whole). It may throw (std::bad_alloc...): the exception
  // becomes the result's error, never leaves the worker.
  using LoadFn =
      std::function<DocumentResult(const std::string&, Purpose, const scene::LoadProgress&)>;

  explicit LoaderThread(LoadFn load =
                            [](const std::string& path, Purpose,
                               const scene::LoadProgress& progress) {
                              return loadDocument(path, progress);
                            })
      : load_(std::move(load)) {}
  // Cancels a load still running and waits for it. Cancellation takes effect at the next
  // progress report: scene::loadScene reports between its stages (reading and validating the
  // file, building geometry, decoding images, materials), not inside one, so the wait is at
  // most the rest of the stage under way (for a file of gigabytes, reading it).
  ~LoaderThread();
  LoaderThread(const LoaderThread&) = delete;
  LoaderThread& operator=(const LoaderThread&) = delete;

  // Starts loading `path`; false (and nothing starts) while another load runs.
  bool start(const std::string& path, Purpose purpose);
  // A load runs, or has finished and was not taken yet.
  bool busy() const { return busy_; }
  // Of the running load: the share done (0 to 1) and the stage's name ("Reading file").
  float progress() const { return progress_; }
  std::string stage() const;
  const std::string& path() const { return path_; }
  Purpose purpose() const { return purpose_; }

  // The finished load, once: null while loading or when nothing was started.
  std::optional<Finished> take();

 private:
  LoadFn load_;
  std::thread thread_;
  std::atomic<bool> busy_{false}, done_{false}, cancel_{false};
  std::atomic<float> progress_{0.0f};
  mutable std::mutex mutex_;  // guards stage_ and result_
  std::string stage_;
  DocumentResult result_;
  std::string path_;
  Purpose purpose_ = Purpose::Open;
};

}  // namespace vitrine::app
