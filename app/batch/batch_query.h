// --query POINTER...: values of the asset's Object Model printed as compact JSON, one a line.
#pragma once

#include <string>
#include <vector>

#include "batch_common.h"

namespace vitrine::app {

// Prints each pointer's value to stdout as compact JSON, in order: a --variant's material
// (material_variant.h) first, then a mutable property's slot (formatSlotValue) or a read-only
// property's value from the document. At the first pointer that resolves to neither, prints
// "vitrine: FILE: POINTER: REASON" to stderr and returns kExitBadInput; else kExitOk.
int runQueries(const BatchAsset& asset, const std::string& file,
               const std::vector<std::string>& pointers);

}  // namespace vitrine::app
