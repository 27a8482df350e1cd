#include "dope_sheet.h"

#include <algorithm>
#include <cstdio>
#include <charconv>
#include <cmath>
#include <string_view>

#include "document_swap.h"
#include "pointer_resolve.h"

namespace vitrine::app {
namespace {

const char* interpolationName(anim::Interpolation i) {
  switch (i) {
    case anim::Interpolation::Step:
      return "STEP";
    case anim::Interpolation::Linear:
      return "LINEAR";
    case anim::Interpolation::CubicSpline:
      return "CUBICSPLINE";
  }
  return "";
}

// "/nodes/3/rotation" -> "<node 3's name>: rotation"; any other pointer is shown as it is
// (material factors, texture transforms, lights, cameras read best as their pointer).
std::string trackLabel(const scene::Scene& scene, const std::string& target) {
  constexpr std::string_view kNodes = "/nodes/";
  const std::string_view t(target);
  if (t.substr(0, kNodes.size()) != kNodes) return target;
  const std::string_view rest = t.substr(kNodes.size());
  uint32_t node = 0;
  const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), node);
  if (ec != std::errc() || end == rest.data() + rest.size() || *end != '/' ||
      node >= scene.nodes.size())
    return target;
  const std::string_view path(end + 1, size_t(rest.data() + rest.size() - (end + 1)));
  if (path != "translation" && path != "rotation" && path != "scale" && path != "weights")
    return target;
  const std::string& name = scene.nodes[node].name;
  return (name.empty() ? "node " + std::to_string(node) : name) + ": " + std::string(path);
}

}  // namespace

ImU32 screenColor(uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
  auto decode = [](uint8_t v) {
    const float c = float(v) / 255.0f;
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
  };
  return ImGui::ColorConvertFloat4ToU32(ImVec4(decode(r), decode(g), decode(b), float(a) / 255));
}

void drawKeyTicks(ImDrawList* draw, const Timeline& timeline, size_t clip,
                  const std::vector<float>& keyTimes, double t0, double t1, float x0, float x1,
                  float y0, float y1, ImU32 color, std::vector<uint8_t>& columns) {
  if (t1 <= t0 || x1 <= x0) return;
  const size_t width = size_t(x1 - x0) + 1;
  columns.assign(width, 0);
  const double scale = double(x1 - x0) / (t1 - t0);
  // A bar has a few hundred columns: more calls than a few per column add nothing visible.
  timeline.forEachKey(clip, keyTimes, t0, t1, width * 8, [&](double t) {
    columns[std::min(size_t((t - t0) * scale + 0.5), width - 1)] = 1;
  });
  for (size_t x = 0; x < width; ++x)
    if (columns[x]) draw->AddLine(ImVec2(x0 + float(x), y0), ImVec2(x0 + float(x), y1), color);
}

std::string shortSlotValue(const scene::Slot& slot) {
  if (!slot.data || slot.type == scene::ValueType::Bool || slot.type == scene::ValueType::Int)
    return scene::formatSlotValue(slot);
  const auto one = [](float v) {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.3f", double(v));
    return std::string(buf);
  };
  if (slot.type == scene::ValueType::Float) return one(slot.data[0]);
  std::string out = "[";
  for (uint32_t i = 0; i < slot.count; ++i) out += (i ? ", " : "") + one(slot.data[i]);
  return out + "]";
}

void DopeSheet::sync(Session& session) {
  const Timeline& timeline = session.timeline;
  if (synced_ && generation_ == timeline.generation()) return;
  const Document& doc = *session.document;
  const std::vector<anim::ClipInfo>& infos = doc.animations->clips();
  std::vector<std::string> names;
  for (const anim::ClipInfo& c : infos) names.push_back(c.name);
  std::vector<bool> expanded(timeline.clipCount(), false);
  std::optional<std::string> selectedTarget;
  std::optional<size_t> selectedClip;
  if (synced_ && doc.path == path_) {
    // A reload: what the artist had open stays open. The old tracks are read before they go.
    const std::vector<int> match = matchClips(clipNames_, names);
    for (size_t i = 0; i < match.size() && i < expanded.size(); ++i) {
      const int old = match[i];
      if (old != kNoClip && size_t(old) < expanded_.size()) expanded[i] = expanded_[size_t(old)];
      if (selected_ && old != kNoClip && size_t(old) == selected_->first &&
          selected_->first < clips_.size() &&
          selected_->second < clips_[size_t(old)].tracks.size()) {
        selectedClip = i;
        selectedTarget = clips_[size_t(old)].tracks[selected_->second].target;
      }
    }
  }
  synced_ = true;
  generation_ = timeline.generation();
  path_ = doc.path;
  clipNames_ = std::move(names);
  clips_.assign(timeline.clipCount(), ClipCache{});
  expanded_ = std::move(expanded);
  selected_.reset();
  if (selectedClip && *selectedClip < infos.size()) {
    const std::vector<anim::ChannelInfo>& channels = infos[*selectedClip].channels;
    for (size_t c = 0; c < channels.size(); ++c) {
      if (channels[c].bound && channels[c].target == *selectedTarget) {
        buildTracks(session, *selectedClip, clips_[*selectedClip]);  // selection() reads them
        selected_ = std::make_pair(*selectedClip, c);
        break;
      }
    }
  }
}

void DopeSheet::select(Session& session, size_t clip, size_t track) {
  sync(session);
  if (clip >= clips_.size()) return;
  ClipCache& c = cache(session, clip);
  if (!c.tracksBuilt) buildTracks(session, clip, c);
  if (track < c.tracks.size()) selected_ = std::make_pair(clip, track);
}

DopeSheet::ClipCache& DopeSheet::cache(Session& session, size_t clip) {
  sync(session);
  return clips_.at(clip);
}

const std::vector<float>& DopeSheet::clipKeys(Session& session, size_t clip) {
  ClipCache& c = cache(session, clip);
  if (!c.keysBuilt) {
    c.keysBuilt = true;
    const anim::ClipInfo& info = session.document->animations->clips().at(clip);
    // Channels usually share one input array: merge each distinct array once.
    std::vector<const std::vector<float>*> seen;
    for (const anim::ChannelInfo& ch : info.channels) {
      if (!ch.keyTimes || std::find(seen.begin(), seen.end(), ch.keyTimes.get()) != seen.end())
        continue;
      seen.push_back(ch.keyTimes.get());
      c.keys.insert(c.keys.end(), ch.keyTimes->begin(), ch.keyTimes->end());
    }
    std::sort(c.keys.begin(), c.keys.end());
    c.keys.erase(std::unique(c.keys.begin(), c.keys.end()), c.keys.end());
  }
  return c.keys;
}

void DopeSheet::setExpanded(size_t clip, bool expanded) {
  if (clip < expanded_.size()) expanded_[clip] = expanded;
}

void DopeSheet::buildTracks(Session& session, size_t clip, ClipCache& c) {
  c.tracksBuilt = true;
  Document& doc = *session.document;
  const anim::ClipInfo& info = doc.animations->clips().at(clip);
  c.tracks.reserve(info.channels.size());
  for (const anim::ChannelInfo& ch : info.channels) {
    Track t;
    t.target = ch.target;
    t.label = trackLabel(*doc.scene, ch.target);
    t.interpolation = interpolationName(ch.interpolation);
    t.bound = ch.bound;
    t.skipReason = ch.skipReason;
    t.keyTimes = ch.keyTimes;
    if (ch.bound && doc.gltf) {
      // Once per document and channel: the same slot the animation writes.
      const scene::ResolveResult r = scene::resolvePointer(*doc.scene, *doc.gltf, ch.target);
      t.hasSlot = r.ok;
      t.slot = r.slot;
    }
    c.tracks.push_back(std::move(t));
  }
}

std::optional<DopeSheet::Selection> DopeSheet::selection() const {
  if (!selected_) return std::nullopt;
  const auto [clip, track] = *selected_;
  if (clip >= clips_.size() || track >= clips_[clip].tracks.size()) return std::nullopt;
  const Track& t = clips_[clip].tracks[track];
  if (!t.keyTimes) return std::nullopt;
  return Selection{clip, t.keyTimes.get()};
}

void DopeSheet::draw(Session& session, float x0, float x1, double t0, double t1) {
  sync(session);
  const float scale = session.uiScale;
  const ImU32 tickColor = screenColor(230, 180, 60);
  const ImU32 rowColor = screenColor(34, 38, 46);
  const ImU32 playhead = screenColor(90, 160, 255);
  const auto& clips = session.document->animations->clips();
  for (size_t i = 0; i < clips_.size(); ++i) {
    if (!expanded_[i]) continue;
    ClipCache& c = cache(session, i);
    if (!c.tracksBuilt) buildTracks(session, i, c);
    ImGui::PushID(int(i));
    ImGui::Text(
        "%s: %zu tracks",
        clips[i].name.empty() ? ("Animation " + std::to_string(i)).c_str() : clips[i].name.c_str(),
        c.tracks.size());
    ImGuiListClipper clipper;
    clipper.Begin(int(c.tracks.size()));
    while (clipper.Step()) {
      for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
        const Track& t = c.tracks[size_t(r)];
        ImGui::PushID(r);
        const float rowTop = ImGui::GetCursorScreenPos().y;
        const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
        if (!t.bound) {
          // Skipped: listed, greyed, with why (the same reason --check prints).
          ImGui::TextDisabled("%s  (skipped: %s)", t.target.c_str(), t.skipReason.c_str());
          ImGui::PopID();
          continue;
        }
        const bool selected = selected_ && selected_->first == i && selected_->second == size_t(r);
        if (ImGui::Selectable(
                t.label.c_str(), selected, 0,
                ImVec2(std::max(x0 - ImGui::GetCursorScreenPos().x - 8.0f, 1.0f), 0.0f)))
          selected_ = std::make_pair(i, size_t(r));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (%s)", t.target.c_str(), t.interpolation);
        ImDrawList* draw = ImGui::GetWindowDrawList();
        const float y0 = rowTop + 2.0f * scale, y1 = rowTop + rowHeight - 2.0f * scale;
        draw->AddRectFilled(ImVec2(x0, y0), ImVec2(x1, y1), rowColor);
        if (t.keyTimes)
          drawKeyTicks(draw, session.timeline, i, *t.keyTimes, t0, t1, x0, x1, y0, y1, tickColor,
                       columns_);
        if (t1 > t0) {
          const float x = x0 + float((session.timeline.time() - t0) / (t1 - t0)) * (x1 - x0);
          draw->AddLine(ImVec2(x, y0), ImVec2(x, y1), playhead);
        }
        ImGui::SameLine(x1 - ImGui::GetWindowPos().x + 8.0f * scale);
        ImGui::TextUnformatted(t.interpolation);
        ImGui::SameLine();
        if (t.hasSlot) {
          ImGui::TextUnformatted(shortSlotValue(t.slot).c_str());
          if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s", scene::formatSlotValue(t.slot).c_str());
        } else {
          ImGui::TextDisabled("-");
        }
        ImGui::PopID();
      }
    }
    ImGui::PopID();
  }
}

}  // namespace vitrine::app
