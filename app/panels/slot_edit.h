// Hand edits from the UI, written the way animation writes (anim/animation.h, evaluate): into
// the Object Model slot's floats, only when the value differs, with the same dirty
// consequence, so the renderer uploads an edit exactly as it uploads an animated value.
#pragma once

#include <cstdint>
#include <span>

#include "dirty.h"
#include "object_model.h"
#include "scene.h"

namespace vitrine::app {

// Writes `values` (slot.count floats; fewer or more: nothing is written) into the slot. When
// some float differs: NodeTransforms adds the node to dirty.movedNodes (once: its subtree's
// world matrices are recomputed by the next Animations::evaluate, which takes UI edits); every
// other region marks [slot.byteOffset, + 4 * slot.count) in dirty[slot.region]. Returns
// whether anything changed. A bool slot (Visibility) takes 0 or 1.
bool writeSlot(const scene::Slot& slot, std::span<const float> values, scene::DirtySet& dirty);

// The KHR_node_visibility slot of a node, the slot resolvePointer() gives for
// "/nodes/N/extensions/KHR_node_visibility/visible" when the node has the extension object;
// built here for every node, since the outliner's eye may hide any node (Node::visible holds
// 1 when the extension is absent). `node` must be an index of scene.nodes.
scene::Slot nodeVisibilitySlot(scene::Scene& scene, uint32_t node);

}  // namespace vitrine::app
