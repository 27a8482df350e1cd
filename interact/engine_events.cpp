// Events: lifecycle and custom events ("Receive", "Send"), selection and hover
// (KHR_node_selectability, KHR_node_hoverability) bubbling from the hit node to the root, and
// "Stop Propagation".
#include "engine_state.h"

namespace vitrine::interact {

void Engine::State::dispatch(const std::vector<uint32_t>& handlers, uint32_t serial) {
  // Handlers of one occurrence run in JSON order; stopImmediate cancels the rest.
  for (const uint32_t k : handlers) {
    if (aborted || stoppedImmediate == serial) return;
    if (!countExecution(k)) return;
    ++flowEpoch;
    const Node& n = g.nodes[k];
    // Every lifecycle and custom event node ends with its `event` output.
    values[n.output0 + n.outputCount - 1].ref = Ref{RefKind::Event, 0, serial};
    fire(k, 0);
  }
}

void Engine::State::runQueuedEvents() {
  // Step 1: what was sent during the previous tick, in send order; what these handlers send
  // waits for the next tick.
  processing.swap(queue);
  processingValues.swap(queueValues);
  queue.clear();
  queueValues.clear();
  for (size_t e = 0; e < processing.size(); ++e) {
    const Queued& q = processing[e];
    if (aborted) {
      // Past the tick's budget: the events not yet delivered wait for the next tick, ahead of
      // those sent since (their values were queued in order, so they are one run).
      const uint32_t first = q.values0;
      std::vector<Queued> rest(processing.begin() + long(e), processing.end());
      for (Queued& r : rest) r.values0 -= first;
      for (Queued& r : queue) r.values0 += uint32_t(processingValues.size() - first);
      rest.insert(rest.end(), queue.begin(), queue.end());
      queue.swap(rest);
      queueValues.insert(queueValues.begin(), processingValues.begin() + long(first),
                         processingValues.end());
      break;
    }
    const uint32_t serial = ++eventSerial;
    const auto& handlers = receivers[q.event];
    for (const uint32_t k : handlers) {
      Value* out = &values[g.nodes[k].output0];
      for (uint32_t v = 0; v < g.events[q.event].initial.size(); ++v) {
        out[v] = processingValues[q.values0 + v];
      }
    }
    dispatch(handlers, serial);
  }
  processing.clear();
  processingValues.clear();
}

namespace {

bool inSubtree(ObjectModelHost& host, int32_t node, int32_t root) {
  for (int32_t n = node; n >= 0; n = host.parentOf(uint32_t(n))) {
    if (n == root) return true;
  }
  return false;
}

}  // namespace

void Engine::State::runSelect(const Input& input) {
  ObjectModelHost::Hit hit;
  if (!host.pick(input.origin, input.direction, false, &hit)) return;
  const uint32_t serial = ++eventSerial;
  // KHR_node_selectability: the hit node first, then each ancestor, every handler firing,
  // until stopped; handlers of one node in JSON order, with the same outputs.
  for (int32_t node = int32_t(hit.node); node >= 0; node = host.parentOf(uint32_t(node))) {
    for (const uint32_t k : onSelect) {
      if (g.nodes[k].param != node) continue;
      if (aborted || stoppedImmediate == serial) return;
      Value* out = &values[g.nodes[k].output0];
      out[0].ref = Ref{RefKind::Node, hit.node, 0};
      out[1].i = input.controller;
      for (int c = 0; c < 3; ++c) {
        out[2].f[c] = hit.point[c];
        out[3].f[c] = input.origin[c];
      }
      out[4].ref = Ref{RefKind::Event, 0, serial};
      if (!countExecution(k)) return;
      ++flowEpoch;
      fire(k, 0);
    }
    if (stoppedTransitive == serial) return;
  }
}

void Engine::State::runHover() {
  // KHR_node_hoverability: out of the subtrees the pointer left, into those it entered, each
  // bubbling up to (not including) the lowest node whose subtree holds both hits.
  int32_t now = -1;
  ObjectModelHost::Hit hit;
  if (hovering && host.pick(hoverOrigin, hoverDirection, true, &hit)) now = int32_t(hit.node);
  const int32_t before = hoverNode;
  if (now == before) return;
  hoverNode = now;
  const auto bubble = [&](const std::vector<uint32_t>& handlers, int32_t from, int32_t other) {
    const uint32_t serial = ++eventSerial;
    for (int32_t node = from; node >= 0; node = host.parentOf(uint32_t(node))) {
      if (other >= 0 && inSubtree(host, other, node)) return;
      for (const uint32_t k : handlers) {
        if (g.nodes[k].param != node) continue;
        if (aborted || stoppedImmediate == serial) return;
        Value* out = &values[g.nodes[k].output0];
        out[0].ref = Ref{RefKind::Node, uint32_t(from), 0};
        out[1].i = hoverController;
        out[2].ref = Ref{RefKind::Event, 0, serial};
        if (!countExecution(k)) return;
        ++flowEpoch;
        fire(k, 0);
      }
      if (stoppedTransitive == serial) return;
    }
  };
  if (before >= 0) bubble(onHoverOut, before, now);
  if (now >= 0) bubble(onHoverIn, now, before);
}

void Engine::State::runInputs() {
  // Step 2: inputs in the order they were queued; the hover pointer is re-cast every tick.
  size_t k = 0;
  for (; k < inputs.size() && !aborted; ++k) {
    const Input input = inputs[k];
    switch (input.kind) {
      case Input::Select:
        runSelect(input);
        break;
      case Input::Hover:
        hovering = true;
        hoverController = input.controller;
        for (int c = 0; c < 3; ++c) {
          hoverOrigin[c] = input.origin[c];
          hoverDirection[c] = input.direction[c];
        }
        runHover();
        break;
      case Input::HoverClear:
        hovering = false;
        runHover();
        break;
      case Input::Event: {
        const uint32_t serial = ++eventSerial;
        const auto& handlers = receivers[input.event];
        for (const uint32_t h : handlers) {
          Value* out = &values[g.nodes[h].output0];
          for (uint32_t v = 0; v < g.events[input.event].initial.size(); ++v) {
            out[v] = inputValues[input.values0 + v];
          }
        }
        LogEntry e;
        e.kind = LogEntry::Sent;
        e.time = now;
        e.text = "event \"" + g.events[input.event].id + "\" received from outside";
        log.push_back(std::move(e));
        dispatch(handlers, serial);
        break;
      }
    }
  }
  if (k < inputs.size()) {
    // Past the tick's budget: the inputs not yet delivered wait for the next tick (their
    // values stay where they are in inputValues).
    inputs.erase(inputs.begin(), inputs.begin() + long(k));
    return;
  }
  inputs.clear();
  inputValues.clear();
  if (hovering) runHover();  // the object, the camera or a flag may have moved
}

}  // namespace vitrine::interact
