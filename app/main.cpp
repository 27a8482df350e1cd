// vitrine [FILE] [--render OUT.png] ...: the entry point wires loader, renderer and UI.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "batch_check.h"
#include "batch_common.h"
#include "batch_frames.h"
#include "batch_interact.h"
#include "batch_query.h"
#include "batch_render.h"
#include "batch_thumbnail.h"
#include "cli.h"
#include "headless.h"
#include "look.h"
#include "material_variant.h"
#include "settings.h"
#include "timings.h"
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

int run(int argc, char** argv) {
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

  app::startupTimings().enabled = o.timings;
  const std::string file = o.file.empty() ? demoScenePath(argv[0]) : o.file;
  if (o.check || o.thumbnailSize || o.frames || o.turntableSeconds) {  // batch: no window
    app::CliOptions batch = o;
    batch.file = file;
    if (o.check) return app::runCheck(batch);
    return o.thumbnailSize ? app::runThumbnail(batch) : app::runFrames(batch);
  }
  // Loaded here, synchronously and before any window opens, with no progress bar: a bad file
  // on the command line must exit with kExitBadInput and its message (as the batch modes do),
  // and --query/--render need the document anyway. Files opened later in the window load on
  // the worker thread (loader_thread.h) and reach the GPU a chunk a frame while the current
  // file is drawn (Viewer::beginDocument).
  int status = app::kExitOk;
  // The images are decoded after the load (issue 16): while the window shows the geometry, or
  // while --render's device is made and its geometry uploads. --query reads no pixels.
  std::optional<app::BatchAsset> asset = app::loadBatchAsset(file, o, &status);
  if (!asset) return status;
  scene::Scene& scene = *asset->document->scene;
  if (o.interact) {  // the graph poses the scene: its clips play only when it starts them
    const int g = app::runInteract(*asset, file, o);
    if (g != app::kExitOk || !o.renderOut) return g;
    return app::renderToPng(*asset->document, o);
  }
  if (o.time) {
    scene::DirtySet dirty;
    asset->document->animations->evaluate(*o.time, asset->enabled, dirty);
  }
  if (!o.queries.empty()) {
    if (const int q = app::runQueries(*asset, file, o.queries); q != app::kExitOk || !o.renderOut)
      return q;
  }

  if (o.renderOut) return app::renderToPng(*asset->document, o);

  app::ViewerOptions vo;
  vo.settingsFile = app::settingsPath();
  std::string settingsWarning;
  vo.settings = app::loadSettings(vo.settingsFile, &settingsWarning);
  if (!settingsWarning.empty())
    std::fprintf(stderr, "vitrine: warning: %s\n", settingsWarning.c_str());
  // The window keeps the size it had last time, unless --size asks for one.
  const bool sizeGiven = std::find(o.given.begin(), o.given.end(), "--size") != o.given.end();
  vo.width = sizeGiven ? o.width : vo.settings.windowWidth;
  vo.height = sizeGiven ? o.height : vo.settings.windowHeight;
  vo.camera = o.camera;
  vo.materialVariant = asset->variant;
  if (o.file.empty()) vo.builtInDemo = file;
  vo.validation = app::validationRequested();
  vo.look = o;
  vo.load = app::loadOptions(o);
  std::string error;
  std::unique_ptr<scene::EnvironmentImage> environment;
  const scene::Stopwatch environmentWatch;
  const bool environmentRead = app::loadEnvironment(o, environment, &error);
  app::startupTimings().environmentImage += environmentWatch.seconds();
  if (!environmentRead) {
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return app::kExitBadInput;
  }
  vo.environment = std::move(environment);
  if (o.camera && !app::assetCameraView(scene, *o.camera, 1.0f, &error)) {
    std::fprintf(stderr, "vitrine: %s: %s\n", file.c_str(), error.c_str());
    return app::kExitBadInput;
  }
  auto viewer = app::Viewer::create(std::move(asset->document), asset->enabled, vo, &error);
  vo.environment.reset();  // the renderer has processed it: free the source image
  if (!viewer) {           // no display, or no Vulkan device that can present to it
    std::fprintf(stderr, "vitrine: %s\n", error.c_str());
    return app::kExitNoDevice;
  }
  viewer->run(o.quitAfterSeconds);
  if (!viewer->failure().empty()) return app::kExitDeviceFailure;
  return app::validationStatus(viewer->renderer());
}

}  // namespace

int main(int argc, char** argv) {
  app::startupTimings();  // --timings' total counts from here
  const int status = run(argc, argv);
  // Modes that render print at their first frame; the others (--check, --query, a failure)
  // print what they measured now. Nothing without --timings.
  app::printTimings();
  return status;
}
