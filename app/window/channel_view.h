// The window's material channel views (issue 22): the View > Channel menu, the keys that cycle
// through the channels, and the note in the 3D view naming the channel shown and the materials
// that lack its input (whose pixels show the neutral checker). The channel itself is part of
// the look (CliOptions::channel, as --channel sets it), so screenshots and the batch modes
// show what the window shows.
#pragma once

#include <string>

#include "cli.h"
#include "layout.h"
#include "scene.h"

namespace vitrine::app {

// The channel `step` places after `channel` (before it when negative), every channel in
// gpu::kChannel* order, wrapping round past the last to the shaded view.
int cycleChannel(int channel, int step);

// The View > Channel submenu's items: every channel by group, the one shown ticked, and for
// uv-checker the texture coordinate set it maps through. Call between BeginMenu/EndMenu.
void drawChannelMenuItems(CliOptions& look);

// "" in the shaded view; else "Channel: NAME", followed, when some materials of the scene lack
// the input, by "- not in this material: A, B" (at most four names, then "and N more"); an
// unnamed material is "material N", the default material "the default material".
std::string channelNote(const scene::Scene& scene, int channel);

// The ImGui window the note is drawn in (tests look it up by this name).
inline constexpr const char* kChannelNoteWindow = "##channel-note";

// Draws `note` (when not empty) at the top left of `view`; it takes no input.
void drawChannelNote(const PanelRect& view, const std::string& note, float uiScale);

}  // namespace vitrine::app
