#include "timeline_panel.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "dope_sheet.h"
#include "theme.h"

namespace vitrine::app {
namespace {

const char* const kLoopNames[] = {"Once", "Loop", "Ping-pong"};

std::string clipLabel(const std::vector<anim::ClipInfo>& clips, size_t i) {
  return clips[i].name.empty() ? "Animation " + std::to_string(i) : clips[i].name;
}

bool loopCombo(const char* label, LoopMode* mode, float width) {
  int m = int(*mode);
  ImGui::SetNextItemWidth(width);
  if (!ImGui::Combo(label, &m, kLoopNames, 3)) return false;
  *mode = LoopMode(m);
  return true;
}

}  // namespace

TimelinePanel::TimelinePanel() : dopeSheet_(std::make_unique<DopeSheet>()) {}
TimelinePanel::~TimelinePanel() = default;

void TimelinePanel::draw(Session& session, const PanelRect& rect) {
  if (rect.size.x <= 0.0f || rect.size.y <= 0.0f) return;
  dopeSheet_->sync(session);
  if (!beginDockedPanel("Timeline", rect,
                        ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoSavedSettings |
                            ImGuiWindowFlags_NoBringToFrontOnFocus))
    return;
  const float scale = session.uiScale;
  // Labels on the left and values on the right leave the middle to the time axis, shared by
  // the scrub bar and every dope sheet row so that ticks line up.
  const float left = ImGui::GetWindowPos().x + ImGui::GetStyle().WindowPadding.x;
  const float right = ImGui::GetWindowPos().x + rect.size.x - ImGui::GetStyle().WindowPadding.x;
  const float gutter = std::min(220.0f * scale, rect.size.x * 0.3f);
  const float valueWidth = std::min(200.0f * scale, rect.size.x * 0.2f);
  const float x0 = left + gutter, x1 = std::max(right - valueWidth, x0 + 1.0f);

  drawTransport(session);
  if (session.document->animations->clips().empty()) {
    // Collapsed to the transport row (Layout): nothing to scrub.
    ImGui::End();
    return;
  }
  drawRuler(session, x0, x1);
  drawScrubBar(session, x0, x1);
  if (session.timeline.clipCount() != session.document->animations->clips().size()) {
    // A document swapped in without Timeline::reset(): say so rather than index stale clips.
    ImGui::TextDisabled("The timeline was not reset for this asset.");
    ImGui::End();
    return;
  }
  ImGui::BeginChild("clips", ImVec2(0.0f, 0.0f), false);
  drawConflicts(session);
  drawClipList(session);
  dopeSheet_->draw(session, x0, x1, session.timeline.start(), session.timeline.end());
  ImGui::EndChild();
  ImGui::End();
}

void TimelinePanel::drawTransport(Session& session) {
  Timeline& tl = session.timeline;
  if (session.graph && session.graph->present()) {
    // Shown instead of the graph's transport (issue 34): back to the graph panel.
    if (ImGui::Button("Graph")) session.clipsInsteadOfGraph = false;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the behaviour graph's panel");
    ImGui::SameLine();
  }
  if (ImGui::Button("|<")) tl.jumpToStart();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Jump to start (Home)");
  ImGui::SameLine();
  if (ImGui::Button("<")) tl.stepFrames(-1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Previous frame (Left)");
  ImGui::SameLine();
  // As wide for "Play" as for "Pause", so that the buttons after it do not move.
  const float playWidth = ImGui::CalcTextSize("Pause").x + 2.0f * ImGui::GetStyle().FramePadding.x;
  if (ImGui::Button(tl.playing() ? "Pause###play" : "Play###play", ImVec2(playWidth, 0.0f)))
    tl.togglePlay();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Play / pause (Space)");
  ImGui::SameLine();
  if (ImGui::Button("Stop")) tl.stop();
  ImGui::SameLine();
  if (ImGui::Button(">")) tl.stepFrames(1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Next frame (Right)");
  ImGui::SameLine();
  if (ImGui::Button(">|")) tl.jumpToEnd();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Jump to end (End)");

  // Keyframes of the track selected in the dope sheet.
  const auto selected = dopeSheet_->selection();
  ImGui::SameLine();
  ImGui::BeginDisabled(!selected);
  double key = 0.0;
  if (ImGui::Button("<Key") && selected &&
      tl.previousKey(selected->clip, *selected->keyTimes, tl.time(), &key))
    tl.setTime(key);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Previous keyframe of the selected track");
  ImGui::SameLine();
  if (ImGui::Button("Key>") && selected &&
      tl.nextKey(selected->clip, *selected->keyTimes, tl.time(), &key))
    tl.setTime(key);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Next keyframe of the selected track");
  ImGui::EndDisabled();

  ImGui::SameLine();
  // The time on the timeline's own axis, with the range the scrub bar spans (its ends are the
  // bar's labels): "1.250 s in 0.00-2.00 s", never a duration that disagrees with the bar.
  ImGui::Text("%.3f s in %.2f-%.2f s  frame %lld", tl.time(), tl.start(), tl.end(),
              static_cast<long long>(tl.frame()));
  ImGui::SameLine();
  drawModes(session);
  if (session.document->animations->clips().empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("No animation");
  }
}

void TimelinePanel::drawModes(Session& session) {
  Timeline& tl = session.timeline;
  const float scale = session.uiScale;
  LoopMode loop = tl.loop();
  if (loopCombo("##loop", &loop, 90.0f * scale)) tl.setLoop(loop);
  ImGui::SameLine();
  float speed = std::abs(tl.speed());
  ImGui::SetNextItemWidth(90.0f * scale);
  if (ImGui::SliderFloat("##speed", &speed, Timeline::kMinSpeed, Timeline::kMaxSpeed, "%.1fx",
                         ImGuiSliderFlags_Logarithmic))
    tl.setSpeed(tl.reversed() ? -speed : speed);
  ImGui::SameLine();
  bool reverse = tl.reversed();
  if (ImGui::Checkbox("Reverse", &reverse)) tl.setSpeed(reverse ? -speed : speed);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(70.0f * scale);
  const std::string fps = std::to_string(tl.fps()) + " fps";
  if (ImGui::BeginCombo("##fps", fps.c_str())) {
    for (int rate : Timeline::kFrameRates)
      if (ImGui::Selectable((std::to_string(rate) + " fps").c_str(), rate == tl.fps()))
        tl.setFps(rate);
    ImGui::EndCombo();
  }
}

void TimelinePanel::drawScrubBar(Session& session, float x0, float x1) {
  Timeline& tl = session.timeline;
  const float scale = session.uiScale;
  // The in/out range, set at the current time like a DCC's "set start/end frame".
  if (ImGui::SmallButton("In")) tl.setRange(tl.time(), tl.hasRange() ? tl.out() : tl.end());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Set the in point at the current time");
  ImGui::SameLine();
  if (ImGui::SmallButton("Out")) tl.setRange(tl.hasRange() ? tl.in() : tl.start(), tl.time());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Set the out point at the current time");
  if (tl.hasRange()) {
    ImGui::SameLine();
    if (ImGui::SmallButton("Clear")) tl.clearRange();
  }
  ImGui::SameLine(x0 - ImGui::GetWindowPos().x);
  const float height = ImGui::GetFrameHeight();
  const ImVec2 top(x0, ImGui::GetCursorScreenPos().y);
  const ImVec2 bottom(x1, top.y + height);
  ImGui::InvisibleButton("scrub", ImVec2(x1 - x0, height));
  const double t0 = tl.start(), t1 = tl.end();
  const auto toX = [&](double t) {
    return t1 > t0 ? x0 + float((t - t0) / (t1 - t0)) * (x1 - x0) : x0;
  };
  if (ImGui::IsItemActive() && t1 > t0) {
    const float mx = std::clamp(ImGui::GetIO().MousePos.x, x0, x1);
    tl.setTime(t0 + double(mx - x0) / double(x1 - x0) * (t1 - t0));
  }

  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddRectFilled(top, bottom, screenColor(kScrubBarRgb[0], kScrubBarRgb[1], kScrubBarRgb[2]));
  // Outside the in/out range is shaded: playback and looping stay inside.
  const ImU32 shade = screenColor(0, 0, 0, 150);
  if (tl.hasRange()) {
    draw->AddRectFilled(top, ImVec2(toX(tl.in()), bottom.y), shade);
    draw->AddRectFilled(ImVec2(toX(tl.out()), top.y), bottom, shade);
  }
  // Keyframe ticks of the enabled animations, in the upper half.
  const ImU32 tick = screenColor(230, 180, 60);
  const size_t clipCount = session.document->animations->clips().size();
  for (size_t i = 0; i < tl.clipCount() && tl.clipCount() == clipCount; ++i) {
    if (!tl.clip(i).enabled) continue;
    drawKeyTicks(draw, tl, i, dopeSheet_->clipKeys(session, i), t0, t1, x0, x1, top.y,
                 top.y + height * 0.45f, tick, columns_);
  }
  const float x = toX(tl.time());
  const ImU32 playhead = screenColor(90, 160, 255);
  draw->AddLine(ImVec2(x, top.y), ImVec2(x, bottom.y), playhead, 2.0f * scale);
  ImGui::SameLine();
  ImGui::Text("%.2f s", tl.end());
}

void TimelinePanel::drawRuler(Session& session, float x0, float x1) {
  const Timeline& tl = session.timeline;
  const double t0 = tl.start(), t1 = tl.end();
  const float tickHeight = 4.0f * session.uiScale;
  ImGui::Dummy(ImVec2(0.0f, ImGui::GetTextLineHeight() + tickHeight));  // the ruler's row
  if (!(t1 > t0) || x1 <= x0) return;
  const double pxPerSecond = double(x1 - x0) / (t1 - t0);
  // Labels at least as far apart as a 5-digit frame number and some air.
  const int64_t step = rulerFrameStep(pxPerSecond, tl.fps(), ImGui::CalcTextSize("00000").x * 1.6);
  if (step <= 0) return;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float top = ImGui::GetItemRectMin().y, bottom = ImGui::GetItemRectMax().y;
  const ImU32 tickColor = screenColor(110, 110, 118);
  const ImU32 labelColor = screenColor(150, 150, 158);
  const int64_t first = int64_t(std::ceil(t0 * tl.fps() / double(step) - 1e-6)) * step;
  for (int64_t f = first; double(f) / tl.fps() <= t1 + 1e-9; f += step) {
    const float x = x0 + float((double(f) / tl.fps() - t0) * pxPerSecond);
    draw->AddLine(ImVec2(x, bottom - tickHeight), ImVec2(x, bottom), tickColor);
    const std::string label = std::to_string(f);
    const float w = ImGui::CalcTextSize(label.c_str()).x;
    // Centred on its tick, kept inside the bar's span.
    const float lx = std::clamp(x - 0.5f * w, x0, std::max(x1 - w, x0));
    draw->AddText(ImVec2(lx, top), labelColor, label.c_str());
  }
}

void TimelinePanel::drawConflicts(Session& session) {
  const Timeline& tl = session.timeline;
  const auto& conflicts = tl.conflicts();
  if (conflicts.empty()) return;
  const auto& clips = session.document->animations->clips();
  const ImVec4 warning(1.0f, 0.45f, 0.05f, 1.0f);  // linear: a strong orange on screen
  constexpr size_t kShown = 3;
  for (size_t k = 0; k < std::min(conflicts.size(), kShown); ++k) {
    const Conflict& c = conflicts[k];
    std::string who;
    for (uint32_t clip : c.clips) who += (who.empty() ? "" : ", ") + clipLabel(clips, clip);
    ImGui::TextColored(warning, "Conflict: %s is animated by %s; %s wins (later in the file)",
                       c.target.c_str(), who.c_str(), clipLabel(clips, c.winner()).c_str());
  }
  if (conflicts.size() > kShown)
    ImGui::TextColored(warning, "... and %zu more properties animated by several clips",
                       conflicts.size() - kShown);
}

void TimelinePanel::drawClipList(Session& session) {
  Timeline& tl = session.timeline;
  const auto& clips = session.document->animations->clips();
  if (clips.empty()) {
    ImGui::TextDisabled("This asset has no animation.");
    return;
  }
  const float scale = session.uiScale;
  if (ImGui::SmallButton("All")) tl.enableAll();
  ImGui::SameLine();
  ImGui::TextDisabled("%zu animations", clips.size());
  const ImGuiTableFlags flags =
      ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV;
  if (!ImGui::BeginTable("animations", 7, flags)) return;
  ImGui::TableSetupColumn("Animation", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("Solo");
  ImGui::TableSetupColumn("Length");
  ImGui::TableSetupColumn("Channels");
  ImGui::TableSetupColumn("Speed");
  ImGui::TableSetupColumn("Loop");
  ImGui::TableSetupColumn("Offset");
  ImGui::TableHeadersRow();
  size_t enabledCount = 0;
  for (size_t i = 0; i < tl.clipCount(); ++i) enabledCount += tl.clip(i).enabled ? 1 : 0;
  for (size_t i = 0; i < clips.size() && i < tl.clipCount(); ++i) {
    ImGui::PushID(int(i));
    ImGui::TableNextRow();
    ClipSettings s = tl.clip(i);
    bool changed = false;

    ImGui::TableNextColumn();
    const bool open = dopeSheet_->expanded(i);
    if (ImGui::ArrowButton("expand", open ? ImGuiDir_Down : ImGuiDir_Right))
      dopeSheet_->setExpanded(i, !open);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show its tracks in the dope sheet");
    ImGui::SameLine();
    changed |= ImGui::Checkbox(clipLabel(clips, i).c_str(), &s.enabled);

    ImGui::TableNextColumn();
    const bool soloed = s.enabled && enabledCount == 1 && tl.clipCount() > 1;
    if (soloed)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::SmallButton("S")) soloed ? tl.enableAll() : tl.solo(i);
    if (soloed) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(soloed ? "Play all again" : "Play this one alone");

    ImGui::TableNextColumn();
    ImGui::Text("%.2f s", clips[i].end - clips[i].start);

    ImGui::TableNextColumn();
    size_t skipped = 0;
    for (const anim::ChannelInfo& c : clips[i].channels) skipped += c.bound ? 0 : 1;
    if (skipped) {
      ImGui::Text("%zu (%zu skipped)", clips[i].channels.size(), skipped);
    } else {
      ImGui::Text("%zu", clips[i].channels.size());
    }

    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(60.0f * scale);
    changed |= ImGui::DragFloat("##speed", &s.speed, 0.01f, Timeline::kMinSpeed,
                                Timeline::kMaxSpeed, "%.2fx", ImGuiSliderFlags_AlwaysClamp);
    ImGui::TableNextColumn();
    changed |= loopCombo("##loop", &s.loop, 90.0f * scale);
    ImGui::TableNextColumn();
    ImGui::SetNextItemWidth(70.0f * scale);
    changed |= ImGui::DragFloat("##offset", &s.offset, 0.01f, -1e4f, 1e4f, "%.2f s");
    if (changed) tl.setClip(i, s);
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace vitrine::app
