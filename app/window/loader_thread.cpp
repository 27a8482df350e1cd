#include "loader_thread.h"

#include <new>

namespace vitrine::app {
namespace {

// Thrown from the progress callback to abandon a load: scene::loadScene turns any exception
// into an error result, and the worker drops a cancelled load's result anyway.
struct LoadCancelled : std::exception {
  const char* what() const noexcept override { return "cancelled"; }
};

}  // namespace

LoaderThread::~LoaderThread() {
  cancel_ = true;
  if (thread_.joinable()) thread_.join();
}

bool LoaderThread::start(const std::string& path, Purpose purpose) {
  if (busy_) return false;
  if (thread_.joinable()) thread_.join();
  busy_ = true;
  done_ = false;
  cancel_ = false;
  progress_ = 0.0f;
  path_ = path;
  purpose_ = purpose;
  {
    std::lock_guard lock(mutex_);
    stage_ = "Starting";
  }
  thread_ = std::thread([this, path, purpose] {
    DocumentResult r;
    // Nothing may escape a thread's function (std::terminate would take the viewer down).
    try {
      r = load_(path, purpose, [this](float fraction, const char* stage) {
        if (cancel_) throw LoadCancelled();
        progress_ = fraction;
        std::lock_guard lock(mutex_);
        stage_ = stage;
      });
    } catch (const LoadCancelled&) {
      r.error = path + ": loading cancelled";
    } catch (const std::bad_alloc&) {
      r.error = path + ": out of memory while loading";
    } catch (const std::exception& e) {
      r.error = path + ": " + e.what();
    } catch (...) {
      r.error = path + ": unknown error while loading";
    }
    {
      std::lock_guard lock(mutex_);
      result_ = std::move(r);
    }
    progress_ = 1.0f;
    done_ = true;  // release: result_ is complete
  });
  return true;
}

std::string LoaderThread::stage() const {
  std::lock_guard lock(mutex_);
  return stage_;
}

std::optional<LoaderThread::Finished> LoaderThread::take() {
  if (!busy_ || !done_) return std::nullopt;
  thread_.join();
  Finished f;
  f.purpose = purpose_;
  f.path = path_;
  {
    std::lock_guard lock(mutex_);
    f.result = std::move(result_);
    result_ = {};
  }
  busy_ = false;
  return f;
}

}  // namespace vitrine::app
