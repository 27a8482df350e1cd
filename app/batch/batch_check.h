// --check [--json]: what is wrong with an asset, for pipelines. Loads it and binds every
// animation channel (no Vulkan, no window), then reports each problem on its own line.
//
// Text (stdout), one line per problem, loader problems first, then animation channels:
//   error /meshes/0/primitives/0/attributes/POSITION: accessor 7 does not exist
//   warning /animations/0/channels/2: target node 9 does not exist
//   warning (file): file has 4 bytes after the GLB length the header declares; ignored
// "(file)" stands for the empty JSON pointer: the file as a whole. Then, not counted, one line
// per KHR_materials_variants variant of an asset that loaded:
//   info /extensions/KHR_materials_variants/variants/0: material variant "Red"
// Then, not counted either, one line per metadata item (asset_metadata.h: asset.generator and
// asset.copyright, the KHR_xmp_json_ld packets of the asset and of the objects that reference
// one), newlines in values written as \n:
//   info /asset/generator: Generator "Blender 4.1"
//   info /asset: Title "MyModel"
//   info /nodes/2: dc:title "Left wheel"
// Then one summary line:
//   <file>: 1 error(s), 2 warning(s)
// JSON (--json): {"file": ..., "usable": bool, "errors": N, "warnings": M,
//   "problems": [{"severity": "error"|"warning", "pointer": "/...", "message": "..."}],
//   "variants": ["Red", ...],
//   "metadata": [{"pointer": "/asset", "label": "Title", "value": "MyModel"}, ...]}
// with the same problems in the same order ("pointer": "" for the file as a whole).
// Exit status: kCheckUsable (0) no problem, kCheckWarnings (1) loaded with warnings,
// kCheckErrors (2) not loaded.
//
// What is complete and what is not: the loader (load/loader.h) stops at its first error, so
// a report holds at most one error, the first found, after the warnings found before it; the
// animations are then not bound and no channel problem is listed. An asset that loads gets
// every load warning and every channel problem. Fixing the error and checking again shows the
// next one. (Collecting every error would need a loader that goes on after one; it does not.)
#pragma once

#include <string>
#include <vector>

#include "asset_metadata.h"
#include "cli.h"

namespace vitrine::app {

inline constexpr int kCheckUsable = 0;
inline constexpr int kCheckWarnings = 1;
inline constexpr int kCheckErrors = 2;

struct CheckProblem {
  bool error = false;   // false: a warning
  std::string pointer;  // RFC 6901; empty: the file as a whole
  std::string message;
  bool operator==(const CheckProblem&) const = default;
};

struct CheckReport {
  std::string file;
  std::vector<CheckProblem> problems;
  // KHR_materials_variants: the variant names of an asset that loaded, in order. Not problems:
  // the text lists them as "info" lines after the problems (not counted), JSON as "variants".
  std::vector<std::string> variants;
  scene::LoadTimings loadTimings;  // the load's phases (--timings)
  // The metadata of an asset that loaded (allMetadataLines): "info" lines, JSON "metadata".
  std::vector<MetadataLine> metadata;
  int exitStatus() const;
};

// Splits a loader message "<file>: <pointer>: <what>" or "<file>: <what>" (load/loader.h;
// the loader writes pointers with json_util.h's located()). A message that does not start
// with `file` keeps its whole text as the message.
CheckProblem parseLoaderMessage(const std::string& file, const std::string& message, bool error);
// Splits an animation channel warning "/animations/A/channels/C: <reason>" (anim::BindResult).
CheckProblem parseChannelMessage(const std::string& message);

// Loads `file` and collects its problems. Never throws.
CheckReport checkAsset(const std::string& file, const scene::LoadOptions& options = {});

std::string formatCheckText(const CheckReport& report);
std::string formatCheckJson(const CheckReport& report);  // one line, then '\n'

// Prints the report of options.file (text, or JSON with options.json); returns its exit status.
int runCheck(const CliOptions& options);

}  // namespace vitrine::app
