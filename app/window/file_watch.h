// Hot reload's watcher: polls the open file and the files it reads for changes (modification
// time and size), and decides when to reload so that an exporter still writing the file is
// waited for rather than shown as a broken asset.
//
// The policy, with every time given by the caller (seconds on one monotonic clock, so tests
// drive it without sleeping):
// - a change starts a reload once no file has changed for `stableSeconds`;
// - a failed reload is shown only when the files have stayed unchanged for `brokenSeconds`
//   (the exporter is done and the file really is broken); earlier, the failure is taken for a
//   half-written file and the reload is retried when `brokenSeconds` have passed, or sooner
//   when the files change again;
// - a reload whose files changed while it was loading is followed by another one.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vitrine::app {

// What a poll sees of a file. Two stamps differ when the file was written, replaced, created
// or deleted (unless within the file system's time granularity and at the same size).
struct FileStamp {
  bool exists = false;
  int64_t mtimeNs = 0;
  uint64_t size = 0;
  bool operator==(const FileStamp&) const = default;
};

// stat() of `path` (following symbolic links); exists = false when it cannot be read.
FileStamp statFile(const std::string& path);

class FileWatch {
 public:
  using StatFn = std::function<FileStamp(const std::string&)>;

  // `statSeconds`: files are stat()ed at most once per this interval (a viewer polls every
  // frame; a few stats a second find a change soon enough, and an asset with hundreds of
  // images would otherwise cost hundreds of system calls a frame). 0: at every poll.
  explicit FileWatch(double stableSeconds = 0.3, double brokenSeconds = 1.0, StatFn stat = statFile,
                     double statSeconds = 0.0);

  // Watches `files` (the document and its dependencies) from their state now: they were
  // just loaded, nothing is pending. An empty list watches nothing.
  void watch(std::vector<std::string> files);

  // Looks at the files at time `now` (unless they were looked at less than statSeconds ago:
  // then only decides on what is known). Returns true when a reload should start now; never while
  // `loading` (the caller's reload or open still runs: changes are noted and wait for it).
  bool poll(double now, bool loading);

  // The reload that poll() started succeeded: watch the new document's `files`. A change
  // noted while it loaded still triggers another reload.
  void reloadSucceeded(std::vector<std::string> files);
  // The reload that poll() started was dropped unseen (a file the user opened meanwhile took
  // its place): the change counts as not reloaded yet, so that it is reloaded if that open
  // fails and the current document stays.
  void reloadAbandoned() { changed_ = true; }
  // The reload that poll() started failed at `now`. True: show its error (the files have been
  // stable for brokenSeconds). False: keep quiet, a retry is scheduled.
  bool reloadFailed(double now);

  const std::vector<std::string>& files() const { return files_; }
  // A change is waiting to become stable, or a retry is scheduled.
  bool pending() const { return changed_ || retryAt_.has_value(); }

 private:
  double stable_, broken_;
  StatFn stat_;
  double statInterval_;
  std::optional<double> lastStat_;  // when poll() last stat()ed the files
  std::vector<std::string> files_;
  std::vector<FileStamp> stamps_;  // per file, as last seen
  bool changed_ = false;           // a change not yet reloaded
  double lastChange_ = -1e300;     // when a poll last saw a file change
  double loadStarted_ = 0.0;       // when poll() last returned true
  std::optional<double> retryAt_;  // a failed reload to try again at this time
};

}  // namespace vitrine::app
