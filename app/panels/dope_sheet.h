// The timeline's dope sheet: one track per channel of an expanded animation (target,
// interpolation, keyframe ticks, live value), skipped channels greyed with their reason, and
// the selected track whose keyframes the transport jumps between.
//
// Per-document data (labels, resolved slots, merged key times) is built once per document
// (Timeline::generation()) and per clip on first use: nothing parses a pointer per frame;
// the live value is read from the slot resolved at that time.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>

#include "object_model.h"
#include "session.h"

namespace vitrine::app {

// Draws a tick at every time in [t0, t1] where clip `clip` of `timeline` reaches one of
// `keyTimes` (clip-local, ascending), mapped linearly onto x0..x1, from y0 to y1; at most one
// tick per pixel column. `columns` is scratch space kept by the caller (no allocation once
// grown).
void drawKeyTicks(ImDrawList* draw, const Timeline& timeline, size_t clip,
                  const std::vector<float>& keyTimes, double t0, double t1, float x0, float x1,
                  float y0, float y1, ImU32 color, std::vector<uint8_t>& columns);

// The linear colour to give ImGui for an sRGB colour (the swapchain encodes what is written,
// see overlay.cpp), so that the screen shows `srgb`.
ImU32 screenColor(uint8_t r, uint8_t g, uint8_t b, uint8_t a = 255);

// A live value short enough for the dope sheet's value column: floats with 3 decimals
// ("[0.707, 0.000, 0.000, 0.707]"), booleans and integers as formatSlotValue writes them. The
// full value (formatSlotValue) goes in the tooltip.
std::string shortSlotValue(const scene::Slot& slot);

class DopeSheet {
 public:
  // Forgets everything cached when the session's document changed (a new generation). A
  // reload of the same file keeps the expanded clips (matched by name, else index: see
  // matchClips) and the selected track (same clip, same channel target).
  void sync(Session& session);
  // Every key time of clip i's bound channels, merged, ascending (for the scrub bar's ticks).
  const std::vector<float>& clipKeys(Session& session, size_t clip);
  bool expanded(size_t clip) const { return clip < expanded_.size() && expanded_[clip]; }
  void setExpanded(size_t clip, bool expanded);

  // The tracks of the expanded clips, ticks spread over [x0, x1] of the window for times
  // [t0, t1] (the scrub bar's axis).
  void draw(Session& session, float x0, float x1, double t0, double t1);

  // The selected track's key times (clip-local), or null when none is selected.
  struct Selection {
    size_t clip = 0;
    const std::vector<float>* keyTimes = nullptr;
  };
  std::optional<Selection> selection() const;
  // Selects track `track` of clip `clip`, as a click on it does (ignored when out of range).
  void select(Session& session, size_t clip, size_t track);

 private:
  struct Track {
    std::string label;  // "Cube: rotation" or the JSON pointer
    std::string target;
    const char* interpolation = "";
    bool bound = false;
    std::string skipReason;
    std::shared_ptr<const std::vector<float>> keyTimes;
    bool hasSlot = false;
    scene::Slot slot;  // resolved once, for the live value
  };
  struct ClipCache {
    bool tracksBuilt = false, keysBuilt = false;
    std::vector<Track> tracks;
    std::vector<float> keys;  // merged, for clipKeys()
  };
  ClipCache& cache(Session& session, size_t clip);
  void buildTracks(Session& session, size_t clip, ClipCache& c);

  uint64_t generation_ = 0;
  bool synced_ = false;
  std::string path_;                    // the document synced last
  std::vector<std::string> clipNames_;  // its clips' names, to match a reload's clips
  std::vector<ClipCache> clips_;
  std::vector<bool> expanded_;
  std::optional<std::pair<size_t, size_t>> selected_;  // (clip, track)
  std::vector<uint8_t> columns_;
};

}  // namespace vitrine::app
