#include "file_watch.h"

#include <sys/stat.h>

namespace vitrine::app {

FileStamp statFile(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return {};
  return FileStamp{true, int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec,
                   uint64_t(st.st_size)};
}

FileWatch::FileWatch(double stableSeconds, double brokenSeconds, StatFn stat, double statSeconds)
    : stable_(stableSeconds),
      broken_(brokenSeconds),
      stat_(std::move(stat)),
      statInterval_(statSeconds) {}

void FileWatch::watch(std::vector<std::string> files) {
  files_ = std::move(files);
  stamps_.clear();
  for (const std::string& f : files_) stamps_.push_back(stat_(f));
  changed_ = false;
  retryAt_.reset();
}

bool FileWatch::poll(double now, bool loading) {
  const bool look = !lastStat_ || now - *lastStat_ >= statInterval_ || now < *lastStat_;
  if (look) lastStat_ = now;
  for (size_t i = 0; look && i < files_.size(); ++i) {
    const FileStamp s = stat_(files_[i]);
    if (s == stamps_[i]) continue;
    stamps_[i] = s;
    lastChange_ = now;
    changed_ = true;
    retryAt_.reset();  // the change brings its own reload
  }
  if (loading) return false;
  const bool due = (changed_ && now - lastChange_ >= stable_) || (retryAt_ && now >= *retryAt_);
  if (!due) return false;
  changed_ = false;
  retryAt_.reset();
  loadStarted_ = now;
  return true;
}

void FileWatch::reloadSucceeded(std::vector<std::string> files) {
  const bool changedWhileLoading = changed_;
  // Keep the stamps of files still watched: a change seen during the load must not be lost,
  // and one not yet seen is found by the next poll against the old stamp.
  std::vector<FileStamp> stamps;
  for (const std::string& f : files) {
    FileStamp s = stat_(f);
    for (size_t i = 0; i < files_.size(); ++i) {
      if (files_[i] == f) s = stamps_[i];
    }
    stamps.push_back(s);
  }
  files_ = std::move(files);
  stamps_ = std::move(stamps);
  changed_ = changedWhileLoading;
  retryAt_.reset();
}

bool FileWatch::reloadFailed(double now) {
  if (changed_) return false;  // written again while it loaded: that change reloads
  if (now - lastChange_ >= broken_) return true;
  retryAt_ = lastChange_ + broken_;
  return false;
}

}  // namespace vitrine::app
