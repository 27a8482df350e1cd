#include "loader_thread.h"

namespace vitrine::app {

LoaderThread::~LoaderThread() {
  if (thread_.joinable()) thread_.join();
}

bool LoaderThread::start(const std::string& path, Purpose purpose) {
  if (busy_) return false;
  if (thread_.joinable()) thread_.join();
  busy_ = true;
  done_ = false;
  progress_ = 0.0f;
  path_ = path;
  purpose_ = purpose;
  {
    std::lock_guard lock(mutex_);
    stage_ = "Starting";
  }
  thread_ = std::thread([this, path] {
    DocumentResult r = loadDocument(path, [this](float fraction, const char* stage) {
      progress_ = fraction;
      std::lock_guard lock(mutex_);
      stage_ = stage;
    });
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
