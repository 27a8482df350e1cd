// --interact (issue 33 §6): the asset's behaviour graph run headless on the graph clock, the
// inputs of the command line delivered at their ticks, and the queries printed at their times.
#pragma once

#include <string>

#include "batch_common.h"
#include "cli.h"

namespace vitrine::app {

// Runs the graph of `asset` (loaded by loadBatchAsset) to max(--time, the latest input or
// query time), printing --log lines and then one line per --query, "POINTER@t = JSON". Leaves
// the scene as the graph left it at --time, for --render. kExitOk when the graph ran;
// kExitValidation (3) when the extension or the chosen graph is refused (one line naming the
// rule, then the queries answered as for a plain asset); kExitBadInput for an asset without
// KHR_interactivity, an unknown node, event or pointer.
int runInteract(BatchAsset& asset, const std::string& file, const CliOptions& options);

}  // namespace vitrine::app
