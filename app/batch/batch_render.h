// --render: one frame of the asset, no window.
#pragma once

#include "cli.h"
#include "document.h"

namespace vitrine::app {

// Renders `scene` as options.camera (or the framing orbit camera) sees it, at
// options.width x options.height, into options.renderOut, written whole or not at all
// (writePngAtomically), never over the input file. Returns an exit status; prints one line
// to stderr on failure. Decodes the images loadBatchAsset left encoded and frees the pixels of
// those it uploads (createBatchRenderer).
int renderToPng(Document& document, const CliOptions& options);

}  // namespace vitrine::app
