// vitrine [FILE] [--render OUT.png] ...: the entry point wires loader, renderer and UI.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "animation.h"
#include "animation_selection.h"
#include "batch_check.h"
#include "batch_frames.h"
#include "batch_thumbnail.h"
#include "cli.h"
#include "document.h"
#include "headless.h"
#include "look.h"
#include "object_model.h"
#include "settings.h"
#include "viewer.h"

namespace {

using namespace vitrine;

// The bundled demo scene: next to the installed binary, else in the source tree.
std::string demoScenePath(const char* argv0) {
  std::error_code ec;
  const auto exe = std::filesystem::canonical(std::filesystem::path("/proc/self/exe"), ec);
  if (!ec) {
    const auto installed = exe.parent_path().parent_path() / "share/vitrine/demo.gltf";
    if (std::filesystem::exists(installed)) return installed.string();
  }
  (void)argv0;
  return VITRINE_DEMO_SCENE;
}

}  // namespace

int main(int argc, char** argv) {
  const app::CliResult cli = app::parseCommandLine(std::vector<std::string>(argv + 1, argv + argc));
  if (!cli.error.empty()) {
    std::fprintf(stderr, "vitrine: %s\n", cli.error.c_str());
    return app::kExitBadInput;
  }
  const app::CliOptions& o = cli.options;
  if (o.help) {
    std::fputs(app::usageText().c_str(), stdout);
    return app::kExitOk;
  }
  if (o.version) {
    std::printf("vitrine %s\n", VITRINE_VERSION);
    return app::kExitOk;
  }

  const std::string file = o.file.empty() ? demoScenePath(argv[0]) : o.file;
  if (o.check || o.thumbnailSize || o.frames || o.turntableSeconds) {  // batch: no window
    app::CliOptions batch = o;
    batch.file = file;
    if (o.check) return app::runCheck(batch);
    return o.thumbnailSize ? app::runThumbnail(batch) : app::runFrames(batch);
  }
  app::DocumentResult loaded = app::loadDocument(file);
  if (!loaded.document) {
    std::fprintf(stderr, "vitrine: %s\n", loaded.error.c_str());
    return app::kExitBadInput;
  }
  app::Document& doc = *loaded.document;
  for (const std::string& w : doc.loadWarnings)
    std::fprintf(stderr, "vitrine: warning: %s\n", w.c_str());
  for (const std::string& w : doc.channelWarnings)
    std::fprintf(stderr, "vitrine: warning: %s: %s\n", file.c_str(), w.c_str());
  scene::Scene& scene = *doc.scene;

  std::vector<std::string> clipNames;
  for (const anim::ClipInfo& clip : doc.animations->clips()) clipNames.push_back(clip.name);
  std::vector<bool> enabled;
  std::string error;
  if (!app::selectAnimations(clipNames, o.animations, enabled, &error)) {
    std::fprintf(stderr, "vitrine: %s: %s\n", file.c_str(), error.c_str());
    return app::kExitBadInput;
  }
  if (o.time) {
    scene::DirtySet dirty;
    doc.animations->evaluate(*o.time, enabled, dirty);
  }

  if (!o.queries.empty()) {
    for (const std::string& pointer : o.queries) {
      const scene::ResolveResult r = scene::resolvePointer(scene, *doc.gltf, pointer);
      if (!r.ok && r.readOnlyValue.empty()) {
        std::fprintf(stderr, "vitrine: %s: %s: %s\n", file.c_str(), pointer.c_str(),
                     r.error.c_str());
        return app::kExitBadInput;
      }
      std::printf("%s\n", r.ok ? scene::formatSlotValue(r.slot).c_str() : r.readOnlyValue.c_str());
    }
    if (!o.renderOut) return app::kExitOk;
  }

  if (o.renderOut) return app::renderToPng(scene, o);

  app::ViewerOptions vo;
  vo.settingsFile = app::settingsPath();
  std::string settingsWarning;
  vo.settings = app::loadSettings(vo.settingsFile, &settingsWarning);
  if (!settingsWarning.empty())
    std::fprintf(stderr, "vitrine: warning: %s\n", settingsWarning.c_str());
  // The window keeps the size it had last time, unless --size asks for one.
  const bool sizeGiven = std::find(argv + 1, argv + argc, std::string("--size")) != argv + argc;
  vo.width = sizeGiven ? o.width : vo.settings.windowWidth;
  vo.height = sizeGiven ? o.height : vo.settings.windowHeight;
  vo.camera = o.camera;
  if (o.file.empty()) vo.builtInDemo = file;
  vo.validation = app::validationRequested();
  vo.look = o;
  std::unique_ptr<scene::EnvironmentImage> environment;
  if (!app::loadEnvironment(o, environment, &error)) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return app::kExitBadInput;
  }
  vo.environment = std::move(environment);
  if (o.camera && !app::assetCameraView(scene, *o.camera, 1.0f, &error)) {
    std::fprintf(stderr, "vitrine: %s: %s\n", file.c_str(), error.c_str());
    return app::kExitBadInput;
  }
  auto viewer = app::Viewer::create(std::move(loaded.document), enabled, vo, &error);
  vo.environment.reset();  // the renderer has processed it: free the source image
  if (!viewer) {           // no display, or no Vulkan device that can present to it
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return app::kExitNoDevice;
  }
  viewer->run(o.quitAfterSeconds);
  const uint32_t messages = viewer->renderer().validationMessageCount();
  viewer.reset();
  if (messages) {
    std::fprintf(stderr, "vitrine: %u validation message(s)\n", messages);
    return app::kExitValidation;
  }
  return app::kExitOk;
}
