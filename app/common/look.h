// How the picture is lit and finished, from the command line: the environment (studio, an
// .hdr file or none), its intensity and rotation, the background, tone mapping and exposure.
#pragma once

#include <memory>
#include <string>

#include "cli.h"
#include "environment_image.h"
#include "renderer.h"

namespace vitrine::app {

// Copies the look options into `view` (tone mapping, exposure, background, environment
// intensity and rotation). The camera fields are left alone.
void applyLook(const CliOptions& options, renderer::View& view);

// The environment --env asks for: the built-in studio, the .hdr file, or null for none.
// False with *error set ("<file>: <what>") when the file cannot be read.
[[nodiscard]] bool loadEnvironment(const CliOptions& options,
                                   std::unique_ptr<scene::EnvironmentImage>& out,
                                   std::string* error);

// Where processed environments are cached: $XDG_CACHE_HOME/vitrine, else ~/.cache/vitrine,
// else empty (no cache).
std::string environmentCacheDirectory();

}  // namespace vitrine::app
