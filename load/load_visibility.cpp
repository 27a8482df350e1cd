// KHR_node_visibility (KhronosGroup/glTF extensions/2.0/Khronos/KHR_node_visibility): a node's
// `visible` boolean, default true, hides the node and its whole subtree when false.
#include "json_checker.h"
#include "load_steps.h"

namespace vitrine::scene {

std::string loadVisibility(const LoadContext& ctx) {
  try {
    const JsonChecker c(ctx.doc.json);
    const Json& nodes = array(ctx.doc.json, "nodes");
    for (size_t n = 0; n < nodes.size(); ++n) {
      const std::string at = jsonPointer("nodes", n);
      const Json* ext = c.object(nodes[n], at, "extensions", false);
      const Json* v =
          ext ? c.object(*ext, at + "/extensions", "KHR_node_visibility", false) : nullptr;
      if (!v) continue;
      c.boolean(*v, at + "/extensions/KHR_node_visibility", "visible");
      ctx.scene.nodes[n].visible = boolean(*v, "visible", true) ? 1.0f : 0.0f;
    }
  } catch (const JsonCheckFailure& f) {
    return f.message;
  }
  return {};
}

}  // namespace vitrine::scene
