// The viewer's look: a dark, muted theme so the model stays the brightest thing on screen,
// sized for the window's content scale (DPI).
#pragma once

#include "layout.h"

struct ImGuiStyle;
struct ImFontAtlas;

namespace vitrine::app {

// Resets `style` to the theme at `scale` (1 at 96 dpi): muted grey panels whose backgrounds
// let the 3D view show through, one desaturated accent, sizes scaled. Colours are written
// linear, for the sRGB swapchain the overlay draws into.
void applyTheme(ImGuiStyle& style, float scale);

// Rebuilds `fonts` with the UI font at `scale`: DejaVu Sans (fonts-dejavu-core) when
// installed, else ImGui's built-in font. The caller uploads the atlas again.
void buildFonts(ImFontAtlas& fonts, float scale);

// Begins a docked panel's window at `rect`: fixed, not movable, resizable or collapsible
// (`extraFlags` adds ImGuiWindowFlags). False when there is nothing to draw; the window is
// then already ended. Otherwise the caller draws and calls ImGui::End().
[[nodiscard]] bool beginDockedPanel(const char* name, const PanelRect& rect, int extraFlags = 0);

}  // namespace vitrine::app
