#include "files.h"

#include <algorithm>

#include <imgui.h>

#include "recent_files.h"

namespace vitrine::app {
namespace {

// The warnings the load panel lists; more are counted (the window stays usable).
constexpr size_t kWarningLines = 8;

// The document and the files it reads, in the order FileWatch keeps them.
std::vector<std::string> watchedFiles(const Document& d) {
  std::vector<std::string> files{d.path};
  files.insert(files.end(), d.dependencies.begin(), d.dependencies.end());
  return files;
}

}  // namespace

Files::Files(std::string settingsFile, Settings settings, double stableSeconds,
             double brokenSeconds, const scene::LoadOptions& load)
    : settingsFile_(std::move(settingsFile)),
      settings_(std::move(settings)),
      loader_([load](const std::string& path, LoaderThread::Purpose purpose,
                     const scene::LoadProgress& progress) {
        // A file the user opens arrives as the start-up one does: its geometry first, its
        // textures as they decode (issue 16). A reload arrives whole: the asset an artist is
        // exporting again does not flash untextured each time.
        scene::LoadOptions options = load;
        options.deferImageDecode = purpose == LoaderThread::Purpose::Open;
        return loadDocument(path, progress, options);
      }),
      watch_(stableSeconds, brokenSeconds, statFile, Files::kStatSeconds) {}

void Files::open(const std::string& path) {
  if (!loader_.start(path, LoaderThread::Purpose::Open)) queuedOpen_ = path;
}

void Files::watch(const Document& document, bool addToRecent) {
  watch_.watch(watchedFiles(document));
  if (!addToRecent) return;
  addRecentFile(settings_.recentFiles, document.path);
  std::string error;
  saveSettings(&error);  // now, not at exit: a crash must not lose the list
}

std::optional<LoaderThread::Finished> Files::update(double now, Session& session) {
  std::optional<LoaderThread::Finished> done = loader_.take();
  if (done && queuedOpen_) {  // superseded by a file opened meanwhile
    if (done->purpose == LoaderThread::Purpose::Reload) watch_.reloadAbandoned();
    done.reset();
  }
  if (queuedOpen_ && !loader_.busy()) {
    loader_.start(*queuedOpen_, LoaderThread::Purpose::Open);
    queuedOpen_.reset();
  }
  if (done) {
    const bool reload = done->purpose == LoaderThread::Purpose::Reload;
    if (done->result.document) {
      session.fileError.clear();
      session.fileWarnings = documentWarnings(*done->result.document);
      if (reload) {
        watch_.reloadSucceeded(watchedFiles(*done->result.document));
      } else {
        watch(*done->result.document, /*addToRecent=*/true);
      }
      return done;
    }
    if (!reload || watch_.reloadFailed(now)) {
      session.fileError = done->result.error;
      session.fileWarnings = done->result.warnings;
    } else {
      ++quietFailures_;  // most likely still being written: retried, not shown
    }
  }
  if (watch_.poll(now, loader_.busy()) && !watch_.files().empty())
    loader_.start(watch_.files().front(), LoaderThread::Purpose::Reload);
  return std::nullopt;
}

std::optional<std::string> Files::drawUi(Session& session, const Layout& layout) {
  const float s = session.uiScale;
  const float margin = 12.0f * s;
  const ImVec2 anchor(layout.view.pos.x + layout.view.size.x * 0.5f,
                      layout.view.pos.y + layout.view.size.y - margin);
  // Content no wider than the view (less margins and the window's padding).
  const float room = std::max(
      layout.view.size.x - 2.0f * margin - 2.0f * ImGui::GetStyle().WindowPadding.x, 40.0f * s);
  const ImGuiWindowFlags overlayFlags = ImGuiWindowFlags_NoDecoration |
                                        ImGuiWindowFlags_AlwaysAutoResize |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoMove;
  if (loader_.busy() || session.arriving) {
    // Loading on the worker thread, then the upload to the GPU (the last stage of the bar).
    const bool loading = loader_.busy();
    const bool reload =
        loading ? loader_.purpose() == LoaderThread::Purpose::Reload : session.arriving->reload;
    const std::string& path = loading ? loader_.path() : session.arriving->path;
    ImGui::SetNextWindowPos(anchor, ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(0.95f);  // linear blending: see theme.cpp
    if (ImGui::Begin("##loading", nullptr, overlayFlags | ImGuiWindowFlags_NoInputs)) {
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + room);
      ImGui::Text("%s %s", reload ? "Reloading" : "Loading", path.c_str());
      ImGui::PopTextWrapPos();
      ImGui::ProgressBar(loading ? loader_.progress() : session.arriving->progress,
                         ImVec2(std::min(320 * s, room), 0),
                         loading ? loader_.stage().c_str() : "Uploading to the GPU");
    }
    ImGui::End();
  } else if (!session.fileError.empty() || !session.fileWarnings.empty()) {
    // The same lines --check prints: the error, and the warnings of that load.
    const bool failed = !session.fileError.empty();
    ImGui::SetNextWindowPos(anchor, ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowBgAlpha(1.0f);
    ImGui::PushStyleColor(ImGuiCol_Border, failed ? ImVec4(0.55f, 0.12f, 0.10f, 1.0f)
                                                  : ImVec4(0.55f, 0.45f, 0.10f, 1.0f));
    if (ImGui::Begin("##fileError", nullptr, overlayFlags)) {
      const size_t n = session.fileWarnings.size();
      if (failed) {
        ImGui::TextColored(ImVec4(0.9f, 0.4f, 0.35f, 1.0f), "Could not load the file");
      } else {
        ImGui::TextColored(ImVec4(0.9f, 0.75f, 0.35f, 1.0f), "Loaded with %zu warning%s", n,
                           n == 1 ? "" : "s");
      }
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + std::min(560 * s, room));
      if (failed) ImGui::TextUnformatted(session.fileError.c_str());
      for (size_t i = 0; i < std::min(n, kWarningLines); ++i)
        ImGui::Text("warning: %s", session.fileWarnings[i].c_str());
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      if (n > kWarningLines) {
        ImGui::TextWrapped("... and %zu more (vitrine FILE --check lists them all)",
                           n - kWarningLines);
      }
      if (failed) ImGui::TextWrapped("Still showing %s", session.document->path.c_str());
      ImGui::PopStyleColor();
      ImGui::PopTextWrapPos();
      if (ImGui::Button("Dismiss")) {
        session.fileError.clear();
        session.fileWarnings.clear();
      }
    }
    ImGui::End();
    ImGui::PopStyleColor();
  }
  return browser_.draw(s);
}

bool Files::saveSettings(std::string* error) const {
  if (settingsFile_.empty()) return true;
  return app::saveSettings(settingsFile_, settings_, error);
}

}  // namespace vitrine::app
