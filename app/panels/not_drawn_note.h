// The note in the 3D view that names the extensions of the open asset Vitrine does not draw
// (gltf/supported_extensions.h), so a picture missing what the asset says is never silent.
// It is part of the document: it stays until the next load replaces it.
#pragma once

#include <string>
#include <vector>

#include "layout.h"

namespace vitrine::app {

// "Not drawn: EXT_foo, EXT_bar" for those names, "" for none.
std::string notDrawnNote(const std::vector<std::string>& extensions);

// The ImGui window the note is drawn in (tests look it up by this name).
inline constexpr const char* kNotDrawnWindow = "##not-drawn";

// Draws `note` (when not empty) as a small borderless box at the bottom left of `view`, wrapped
// to its width, in the warning colour; it takes no input.
void drawNotDrawnNote(const PanelRect& view, const std::string& note, float uiScale);

}  // namespace vitrine::app
