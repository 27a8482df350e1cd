#include "graph_session.h"

#include <glm/gtc/quaternion.hpp>

#include "camera.h"

namespace vitrine::app {

interact::ActiveCamera activeCameraOf(const scene::Scene& scene, std::optional<int> assetCamera,
                                      const renderer::View& view, float aspect) {
  // "Active Camera State": the view's pose; an asset camera's own projection values (an
  // orthographic one its xmag, ymag), the orbit camera's field of view, the aspect it is drawn
  // at and its near plane, with the far plane at infinity.
  interact::ActiveCamera camera;
  camera.available = true;
  const glm::mat4 cameraToWorld = glm::inverse(view.view);
  camera.position = glm::dvec3(view.eye);
  camera.rotation = glm::dquat(glm::quat_cast(glm::mat3(cameraToWorld)));
  camera.aspectRatio = double(aspect);
  camera.zfar = interact::kInf;
  if (assetCamera && size_t(*assetCamera) < scene.cameras.size()) {
    const scene::Camera& c = scene.cameras[size_t(*assetCamera)];
    camera.perspective = c.type == scene::Camera::Type::Perspective;
    camera.yfov = double(c.yfov);
    camera.aspectRatio = double(c.aspectRatio.value_or(aspect));
    camera.xmag = double(c.xmag);
    camera.ymag = double(c.ymag);
    camera.znear = double(c.znear);
    if (c.zfar) camera.zfar = double(*c.zfar);
  } else {
    camera.yfov = double(OrbitCamera::kFovY);
    camera.znear = -0.5 * double(view.projection[3][2]);  // infinite: m[3][2] = -2 znear
  }
  return camera;
}

GraphSession::GraphSession(Document& document, std::optional<uint32_t> graph)
    : document_(document) {
  graph_ = graph && *graph < graphCount() ? *graph : document.interactivity.defaultGraph;
  start();
}

GraphSession::~GraphSession() = default;

const interact::GraphError* GraphSession::refusal() const {
  if (!present()) return nullptr;
  const interact::Interactivity& i = document_.interactivity;
  if (i.extensionError) return &*i.extensionError;
  if (graph_ < i.errors.size() && !i.errors[graph_].rule.empty()) return &i.errors[graph_];
  return nullptr;
}

void GraphSession::start() {
  ++generation_;
  engine_.reset();
  log_.clear();
  dropped_ = 0;
  executions_ = 0;
  tickMs_ = 0.0;
  budgetHit_ = false;
  time_ = 0.0;
  ticked_ = false;
  const interact::Interactivity& i = document_.interactivity;
  if (!present() || i.extensionError || graph_ >= i.graphs.size() || !i.graphs[graph_]) return;
  engine_ = std::make_unique<interact::Engine>(*i.graphs[graph_], *document_.graphHost);
  if (camera_) document_.graphHost->setActiveCamera(*camera_);
  const auto begin = std::chrono::steady_clock::now();
  engine_->start();  // "On Start", at τ = 0
  document_.graphHost->finishTick();
  tickMs_ =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  executions_ = engine_->lastTick().executions;
  budgetHit_ = engine_->lastTick().budgetHit;
  collectLog();
}

bool GraphSession::choose(uint32_t index) {
  if (index >= graphCount()) return false;
  graph_ = index;
  reset();
  return true;
}

void GraphSession::reset() {
  if (interact::SceneHost* h = host()) h->restore();
  start();
}

void GraphSession::step() {
  running_ = false;
  if (engine_) runTick(ticked_ ? time_ + kStepSeconds : 0.0);
}

void GraphSession::frame(double frameSeconds) {
  if (!engine_ || !running_) return;
  runTick(ticked_ ? time_ + std::max(frameSeconds, 0.0) : 0.0);
}

void GraphSession::runTick(double time) {
  interact::SceneHost& h = *document_.graphHost;
  const auto begin = std::chrono::steady_clock::now();
  engine_->tick(time);
  h.finishTick();
  tickMs_ =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  time_ = time;
  ticked_ = true;
  executions_ = engine_->lastTick().executions;
  budgetHit_ = engine_->lastTick().budgetHit;
  collectLog();
}

void GraphSession::collectLog() {
  // The engine's log is moved here after every tick and cleared there: it stays small, and
  // this one stays bounded.
  for (const interact::LogEntry& e : engine_->log()) {
    if (log_.size() == kMaxLogLines) {
      log_.pop_front();
      ++dropped_;
    }
    log_.push_back(e);
  }
  engine_->clearLog();
}

void GraphSession::select(glm::vec3 origin, glm::vec3 direction) {
  if (!engine_) return;
  const double o[3] = {origin.x, origin.y, origin.z};
  const double d[3] = {direction.x, direction.y, direction.z};
  engine_->select(o, d);
}

void GraphSession::hover(glm::vec3 origin, glm::vec3 direction) {
  if (!engine_) return;
  const double o[3] = {origin.x, origin.y, origin.z};
  const double d[3] = {direction.x, direction.y, direction.z};
  engine_->setHover(o, d);
}

void GraphSession::clearHover() {
  if (engine_) engine_->clearHover();
}

void GraphSession::setCamera(const interact::ActiveCamera& camera) {
  camera_ = camera;
  if (interact::SceneHost* h = host()) h->setActiveCamera(camera);
}

bool GraphSession::sendEvent(const std::string& id,
                             const std::vector<std::pair<std::string, interact::Value>>& values,
                             std::string* error) {
  if (!engine_) {
    *error = "no graph runs";
    return false;
  }
  return engine_->sendEvent(id, values, error);
}

}  // namespace vitrine::app
