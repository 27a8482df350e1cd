// The viewer's file handling, apart from the window: opening (dropped, chosen in the browser,
// recent), loading on the worker thread, hot reload of the open file and what it reads, the
// load error panel, the progress bar, and the Recent files list with the other settings.
#pragma once

#include <optional>
#include <string>

#include "file_browser.h"
#include "file_watch.h"
#include "layout.h"
#include "loader_thread.h"
#include "session.h"
#include "settings.h"

namespace vitrine::app {

class Files {
 public:
  static constexpr double kStatSeconds = 0.25;

  // `settingsFile`: where settings and recent files are saved ("" = nothing is saved, as in
  // tests that do not ask for it). `stableSeconds`/`brokenSeconds`: FileWatch's policy; the
  // files are stat()ed kStatSeconds apart at most.
  // `load`: what every load of this window may do (--max-memory, --allow-outside-folder).
  Files(std::string settingsFile, Settings settings, double stableSeconds = 0.3,
        double brokenSeconds = 1.0, const scene::LoadOptions& load = {});

  // Starts loading `path` for the user (Purpose::Open); if a load runs, this one follows it
  // and the running one's result is dropped.
  void open(const std::string& path);
  // Watches `document` for hot reload and records it as the most recent file.
  void watch(const Document& document, bool addToRecent);

  // Once a frame: takes a finished load, starts due reloads. Returns a loaded document for the
  // viewer to swap in; errors go to session.fileError (a reload's only once it stays broken).
  std::optional<LoaderThread::Finished> update(double now, Session& session);

  // Draws the progress bar (while loading), the error panel and the file browser. The first
  // two sit at the bottom centre of the layout's view (away from the statistics overlay in its
  // top-right corner), never wider than the view; also drawn when Tab hides the other panels.
  // Returns a file chosen in the browser (the caller opens it).
  std::optional<std::string> drawUi(Session& session, const Layout& layout);

  void showBrowser(const std::string& startDir) { browser_.open(startDir); }
  bool browserShown() const { return browser_.isOpen(); }
  bool loading() const { return loader_.busy() || queuedOpen_.has_value(); }
  // Failed reloads kept quiet as half-written files (for tests and the log).
  int quietFailures() const { return quietFailures_; }
  // A change of the watched files waits to be reloaded, or a quiet failure's retry is due.
  bool reloadPending() const { return watch_.pending(); }

  Settings& settings() { return settings_; }
  // Writes the settings file; false with *error when it cannot ("" path: true, nothing done).
  bool saveSettings(std::string* error) const;

 private:
  std::string settingsFile_;
  Settings settings_;
  LoaderThread loader_;
  FileWatch watch_;
  FileBrowser browser_;
  std::optional<std::string> queuedOpen_;
  int quietFailures_ = 0;
};

}  // namespace vitrine::app
