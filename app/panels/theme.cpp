#include "theme.h"

#include <cmath>
#include <filesystem>

#include <imgui.h>

namespace vitrine::app {
namespace {

constexpr const char* kFontFile = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kFontPixels = 15.0f;  // DejaVu at 15 px reads like ImGui's 13 px bitmap font

// ImGui's style colours are sRGB-encoded, but the swapchain is an sRGB format that encodes
// what is written: decode them once so the UI shows the colours the theme intends.
void linearizeStyleColors(ImGuiStyle& style) {
  auto decode = [](float c) {
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
  };
  for (ImVec4& c : style.Colors) {
    c.x = decode(c.x);
    c.y = decode(c.y);
    c.z = decode(c.z);
  }
}

ImVec4 grey(float v, float alpha = 1.0f) {
  return ImVec4(v, v, v, alpha);
}

}  // namespace

void applyTheme(ImGuiStyle& style, float scale) {
  style = ImGuiStyle();
  ImGui::StyleColorsDark(&style);
  ImVec4* c = style.Colors;
  // Panels are dark and barely see-through; text is light grey, not white, and the one accent
  // (a muted blue-grey) never outshines a lit model. ImGui blends in linear space here (the
  // swapchain is sRGB): a dark panel at alpha a over a lit model shows (1 - a) of the model's
  // linear light, which sRGB encoding brightens a lot (0.18 of a white model reads as 46 %
  // grey), so alphas are much higher than an sRGB-blended theme would use. Popups, menus, modals
  // (the file browser) are opaque: the scene never shows through what is being read.
  const ImVec4 accent(0.36f, 0.45f, 0.56f, 1.0f);
  const ImVec4 accentHover(0.42f, 0.52f, 0.64f, 1.0f);
  c[ImGuiCol_Text] = grey(0.80f);
  c[ImGuiCol_TextDisabled] = grey(0.50f);
  c[ImGuiCol_WindowBg] = grey(0.09f, 0.95f);
  c[ImGuiCol_ChildBg] = grey(0.0f, 0.0f);
  c[ImGuiCol_PopupBg] = grey(0.11f, 1.0f);
  c[ImGuiCol_Border] = grey(0.25f, 0.5f);
  c[ImGuiCol_FrameBg] = grey(0.20f, 0.8f);
  c[ImGuiCol_FrameBgHovered] = grey(0.26f, 0.8f);
  c[ImGuiCol_FrameBgActive] = grey(0.30f, 0.9f);
  c[ImGuiCol_TitleBg] = grey(0.10f, 0.9f);
  c[ImGuiCol_TitleBgActive] = grey(0.14f, 0.95f);
  c[ImGuiCol_TitleBgCollapsed] = grey(0.10f, 0.6f);
  c[ImGuiCol_MenuBarBg] = grey(0.12f, 1.0f);
  c[ImGuiCol_ScrollbarBg] = grey(0.0f, 0.2f);
  c[ImGuiCol_CheckMark] = accentHover;
  c[ImGuiCol_SliderGrab] = accent;
  c[ImGuiCol_SliderGrabActive] = accentHover;
  c[ImGuiCol_Button] = grey(0.24f, 0.85f);
  c[ImGuiCol_ButtonHovered] = grey(0.32f, 0.9f);
  c[ImGuiCol_ButtonActive] = accent;
  c[ImGuiCol_Header] = grey(0.24f, 0.8f);
  c[ImGuiCol_HeaderHovered] = grey(0.30f, 0.85f);
  c[ImGuiCol_HeaderActive] = accent;
  c[ImGuiCol_Separator] = grey(0.28f, 0.6f);
  c[ImGuiCol_Tab] = grey(0.16f, 0.9f);
  c[ImGuiCol_TabHovered] = grey(0.30f, 0.9f);
  c[ImGuiCol_TabActive] = grey(0.24f, 0.95f);
  c[ImGuiCol_PlotHistogram] = accent;
  c[ImGuiCol_TextSelectedBg] = ImVec4(accent.x, accent.y, accent.z, 0.45f);
  c[ImGuiCol_ModalWindowDimBg] = grey(0.0f, 0.6f);
  style.WindowRounding = 3.0f;
  style.FrameRounding = 2.0f;
  style.WindowBorderSize = 1.0f;
  style.ScaleAllSizes(scale);
  linearizeStyleColors(style);
}

void buildFonts(ImFontAtlas& fonts, float scale) {
  fonts.Clear();
  std::error_code ec;
  if (std::filesystem::is_regular_file(kFontFile, ec) &&
      fonts.AddFontFromFileTTF(kFontFile, std::round(kFontPixels * scale))) {
    return;
  }
  ImFontConfig config;
  config.SizePixels = std::round(13.0f * scale);  // the built-in font's design size
  fonts.AddFontDefault(&config);
}

bool beginDockedPanel(const char* name, const PanelRect& rect, int extraFlags) {
  ImGui::SetNextWindowPos(ImVec2(rect.pos.x, rect.pos.y));
  ImGui::SetNextWindowSize(ImVec2(rect.size.x, rect.size.y));
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoCollapse | extraFlags;
  if (ImGui::Begin(name, nullptr, flags)) return true;
  ImGui::End();
  return false;
}

}  // namespace vitrine::app
