// "Node Object Validation" of KHR_interactivity, step by step: the node object, its
// declaration and configuration object, its input value sockets (inline, type-default, another
// node's output), the inputs and types its operation needs, its output flows, and the static
// limits. Each refusal is checked against its exact message. What each operation makes of its
// configuration: graph_validation_config_test.cpp.
#include <gtest/gtest.h>

#include <string>

#include "fake_host.h"
#include "graph_load.h"

namespace vitrine::interact {
namespace {

using test::accepted;
using test::FakeHost;
using test::msg;
using test::refusal;
using test::refused;

// Types float (0), int (1), bool (2); declarations math/E (0), math/abs (1), math/add (2),
// math/extract2 (3); then `nodes`.
std::string graph(const std::string& nodes) {
  return R"({"types": [{"signature": "float"}, {"signature": "int"}, {"signature": "bool"},
                       {"signature": "float2"}],
             "declarations": [{"op": "math/E"}, {"op": "math/abs"}, {"op": "math/add"},
                              {"op": "math/extract2"}],
             "nodes": )" +
         nodes + "}";
}

// --- Steps 1-4: the node, its declaration, its configuration object ---

TEST(GraphValidationNodes, NodesNeedDeclarationsAndAreANonEmptyArrayOfObjects) {
  FakeHost host;
  EXPECT_EQ(refusal(R"({"nodes": [{"declaration": 0}]})", host),
            msg("/nodes", "nodes need the graph's `declarations` array", "Nodes"));
  const std::string array =
      msg("/nodes", "`nodes` must be a non-empty array (empty arrays are omitted)", "Nodes");
  EXPECT_EQ(refusal(graph("[]"), host), array);
  EXPECT_EQ(refusal(graph("{}"), host), array);
  EXPECT_EQ(refusal(graph(R"([{"declaration": 0}, 5])"), host),
            msg("/nodes/1", "a node must be a JSON object", "Nodes"));
}

TEST(GraphValidationNodes, TheDeclarationIsAJsonIndexLessThanTheDeclarationCount) {
  FakeHost host;
  EXPECT_EQ(refusal(graph("[{}]"), host),
            msg("/nodes/0", "a node must have a `declaration`", "Operation"));
  const std::string rule =
      msg("/nodes/0/declaration", "the declaration must be an index less than the 4 declarations",
          "Operation");
  for (const char* d : {"4", "-1", "0.5", "\"0\"", "null", "2147483648"}) {
    EXPECT_EQ(refusal(graph(std::string(R"([{"declaration": )") + d + "}]"), host), rule) << d;
  }
  const auto g = accepted(graph(R"([{"declaration": 0.0}, {"declaration": 0.0e1}])"), host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].op, Op::MathE);
}

TEST(GraphValidationNodes, TheConfigurationIsANonEmptyObjectOfValueArrays) {
  FakeHost host;
  const std::string head = R"([{"declaration": 0, "configuration": )";
  const std::string object =
      msg("/nodes/0/configuration", "`configuration` must be a non-empty object", "Configuration");
  EXPECT_EQ(refusal(graph(head + "{}}]"), host), object);
  EXPECT_EQ(refusal(graph(head + "[1]}]"), host), object);
  const std::string property = msg(
      "/nodes/0/configuration/x",
      "a configuration property must be an object with a non-empty `value` array", "Configuration");
  for (const char* p : {"5", "{}", R"({"value": 5})", R"({"value": []})", R"({"values": [1]})"}) {
    EXPECT_EQ(refusal(graph(head + R"({"x": )" + p + "}}]"), host), property) << p;
  }
  // A non-configurable operation ignores its configuration ("Configuration").
  EXPECT_NE(accepted(graph(head + R"({"x": {"value": [1]}}}])"), host), nullptr);
}

// --- Step 7: input value sockets ---

TEST(GraphValidationNodes, ValuesIsANonEmptyObjectOfObjects) {
  FakeHost host;
  const std::string object =
      msg("/nodes/0/values", "`values` must be a non-empty object", "Input Value Sockets");
  EXPECT_EQ(refusal(graph(R"([{"declaration": 1, "values": {}}])"), host), object);
  EXPECT_EQ(refusal(graph(R"([{"declaration": 1, "values": [1]}])"), host), object);
  EXPECT_EQ(refusal(graph(R"([{"declaration": 1, "values": {"a": 5}}])"), host),
            msg("/nodes/0/values/a", "an input value socket must be a JSON object",
                "Input Value Sockets"));
}

TEST(GraphValidationNodes, ASocketHasNotBothNodeAndValue) {
  FakeHost host;
  EXPECT_EQ(refusal(graph(R"([{"declaration": 0},
                              {"declaration": 1, "values": {"a": {"node": 0, "value": [1]}}}])"),
                    host),
            msg("/nodes/1/values/a", "an input value socket must not have both `node` and `value`",
                "Output Socket References"));
}

TEST(GraphValidationNodes, AValueComesFromAnEarlierNode) {
  FakeHost host;
  const std::string rule = msg("/nodes/1/values/a/node",
                               "a value may only come from an earlier node (an index less "
                               "than 1)",
                               "Output Socket References");
  for (const char* n : {"1", "2", "-1", "0.5", "\"0\"", "null"}) {
    EXPECT_EQ(refusal(graph(std::string(R"([{"declaration": 0},
        {"declaration": 1, "values": {"a": {"node": )") +
                            n + "}}}, {\"declaration\": 0}]"),
                      host),
              rule)
        << n;
  }
  EXPECT_NE(accepted(graph(R"([{"declaration": 0},
                               {"declaration": 1, "values": {"a": {"node": 0.0}}}])"),
                     host),
            nullptr);
}

TEST(GraphValidationNodes, TheReferencedNodeHasTheSocket) {
  FakeHost host;
  const std::string head = R"([{"declaration": 3, "values": {"a": {"type": 3}}},
                               {"declaration": 1, "values": {"a": {"node": 0)";
  EXPECT_EQ(refusal(graph(head + R"(, "socket": "2"}}}])"), host),
            msg("/nodes/1/values/a", "node 0 has no output value socket \"2\"",
                "Output Socket References"));
  // Without `socket`, "value", which math/extract2 does not have.
  EXPECT_EQ(refusal(graph(head + "}}}]"), host),
            msg("/nodes/1/values/a", "node 0 has no output value socket \"value\"",
                "Output Socket References"));
  EXPECT_EQ(
      refusal(graph(head + R"(, "socket": 1}}}])"), host),
      msg("/nodes/1/values/a/socket", "`socket` must be a string", "Output Socket References"));
  EXPECT_NE(accepted(graph(head + R"(, "socket": "1"}}}])"), host), nullptr);
  // Socket ids are case-sensitive.
  EXPECT_EQ(refusal(graph(R"([{"declaration": 0},
                              {"declaration": 1, "values": {"a": {"node": 0, "socket": "Value"}}}])"),
                    host),
            msg("/nodes/1/values/a", "node 0 has no output value socket \"Value\"",
                "Output Socket References"));
}

TEST(GraphValidationNodes, ATypeGivenWithNodeMustMatchTheOutput) {
  FakeHost host;
  const std::string head = R"([{"declaration": 0},
                               {"declaration": 1, "values": {"a": {"node": 0, "type": )";
  EXPECT_EQ(
      refusal(graph(head + "1}}}]"), host),
      msg("/nodes/1/values/a/type", "the type int does not match the float output it refers to",
          "Output Socket References"));
  EXPECT_EQ(
      refusal(graph(head + "4}}}]"), host),
      msg("/nodes/1/values/a/type", "the type index 4 is not less than the 4 types of the graph",
          "Output Socket References"));
  EXPECT_EQ(refusal(graph(head + "-1}}}]"), host),
            msg("/nodes/1/values/a/type", "the type must be a JSON index (a non-negative integer)",
                "Output Socket References"));
  EXPECT_NE(accepted(graph(head + "0}}}]"), host), nullptr);
}

TEST(GraphValidationNodes, AnInlineOrTypeDefaultValueNeedsAType) {
  FakeHost host;
  const std::string head = R"([{"declaration": 1, "values": {"a": )";
  const std::string rule = "an input value socket without `node` must have a `type`";
  EXPECT_EQ(refusal(graph(head + R"({"value": [1]}}}])"), host),
            msg("/nodes/0/values/a", rule, "Inline Values"));
  EXPECT_EQ(refusal(graph(head + "{}}}]"), host),
            msg("/nodes/0/values/a", rule, "Type-Default Values"));
  const std::string range = "the type index 4 is not less than the 4 types of the graph";
  EXPECT_EQ(refusal(graph(head + R"({"type": 4, "value": [1]}}}])"), host),
            msg("/nodes/0/values/a/type", range, "Inline Values"));
  EXPECT_EQ(refusal(graph(head + R"({"type": 4}}}])"), host),
            msg("/nodes/0/values/a/type", range, "Type-Default Values"));
  EXPECT_EQ(refusal(graph(head + R"({"type": "0"}}}])"), host),
            msg("/nodes/0/values/a/type", "the type must be a JSON index (a non-negative integer)",
                "Type-Default Values"));
}

TEST(GraphValidationNodes, ExtraValuesAreValidatedButIgnored) {
  FakeHost host;
  EXPECT_NE(accepted(graph(R"([{"declaration": 1, "values": {"a": {"type": 0},
                                                             "zzz": {"type": 2}}}])"),
                     host),
            nullptr);
  EXPECT_EQ(
      refusal(graph(R"([{"declaration": 1, "values": {"a": {"type": 0},
                                                            "zzz": {"type": 9}}}])"),
              host),
      msg("/nodes/0/values/zzz/type", "the type index 9 is not less than the 4 types of the graph",
          "Type-Default Values"));
}

// --- Steps 8-10: the operation's inputs and their types ---

TEST(GraphValidationNodes, ARequiredInputMustBePresent) {
  FakeHost host;
  EXPECT_EQ(refusal(graph(R"([{"declaration": 2, "values": {"a": {"type": 0}}}])"), host),
            msg("/nodes/0", "the input value socket \"b\" of math/add is missing",
                "Input Value Sockets"));
  EXPECT_EQ(refusal(graph(R"([{"declaration": 1}])"), host),
            msg("/nodes/0", "the input value socket \"a\" of math/abs is missing",
                "Input Value Sockets"));
  // Step 9 before step 10: a missing socket is reported before a mismatched one.
  EXPECT_EQ(refusal(graph(R"([{"declaration": 2, "values": {"a": {"type": 2}}}])"), host),
            msg("/nodes/0", "the input value socket \"b\" of math/add is missing",
                "Input Value Sockets"));
  EXPECT_EQ(refusal(graph(R"([{"declaration": 2, "values": {"b": {"type": 0}}}])"), host),
            msg("/nodes/0", "the input value socket \"a\" of math/add is missing",
                "Input Value Sockets"));
}

TEST(GraphValidationNodes, InputTypesMustMatchAnOverload) {
  FakeHost host;
  // "Input Value Sockets": math/add with a float and an int is invalid.
  EXPECT_EQ(
      refusal(graph(R"([{"declaration": 2, "values": {"a": {"type": 0}, "b": {"type": 1}}}])"),
              host),
      msg("/nodes/0/values", "no overload of math/add takes (a: float, b: int)",
          "Input Value Sockets"));
  EXPECT_EQ(
      refusal(graph(R"([{"declaration": 2, "values": {"a": {"type": 2}, "b": {"type": 2}}}])"),
              host),
      msg("/nodes/0/values", "no overload of math/add takes (a: bool, b: bool)",
          "Input Value Sockets"));
  EXPECT_EQ(
      refusal(graph(R"([{"declaration": 2, "values": {"a": {"type": 3}, "b": {"type": 0}}}])"),
              host),
      msg("/nodes/0/values", "no overload of math/add takes (a: float2, b: float)",
          "Input Value Sockets"));
  EXPECT_EQ(refusal(graph(R"([{"declaration": 3, "values": {"a": {"type": 0}}}])"), host),
            msg("/nodes/0/values", "no overload of math/extract2 takes (a: float)",
                "Input Value Sockets"));
  // The effective type of a reference is its output's: math/E is a float.
  EXPECT_EQ(refusal(graph(R"([{"declaration": 0},
                              {"declaration": 2, "values": {"a": {"node": 0}, "b": {"type": 1}}}])"),
                    host),
            msg("/nodes/1/values", "no overload of math/add takes (a: float, b: int)",
                "Input Value Sockets"));
  const auto g =
      accepted(graph(R"([{"declaration": 2, "values": {"a": {"type": 1}, "b": {"type": 1}}},
                {"declaration": 2, "values": {"a": {"type": 3}, "b": {"type": 3}}}])"),
               host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].op, Op::IntAdd);
  EXPECT_EQ(g->nodes[1].op, Op::MathAdd);
  EXPECT_EQ(g->nodes[1].type, Type::Float2);
}

TEST(GraphValidationNodes, AConfiguredSocketMustHaveItsType) {
  // The example of the task: a ref template parameter given an int.
  FakeHost host;
  EXPECT_EQ(refusal(R"({"types": [{"signature": "int"}, {"signature": "float3"}],
      "declarations": [{"op": "event/onStart"}, {"op": "pointer/set"}],
      "nodes": [{"declaration": 0, "flows": {"out": {"node": 1}}},
                {"declaration": 1, "configuration": {"pointer": {"value": ["/nodes/{n}/translation"]},
                                                     "type": {"value": [1]}},
                 "values": {"n": {"type": 0, "value": [0]}, "value": {"type": 1}}}]})",
                    host),
            "/extensions/KHR_interactivity/graphs/0/nodes/1/values/n: the input value socket "
            "\"n\" of pointer/set must be a ref, not an int (KHR_interactivity, \"Input Value "
            "Sockets\")");
}

// --- Step 11: output flows ---

// event/onStart (declaration 0) then `count - 1` flow/sequence nodes; node 0's `flows`.
std::string flowGraph(const std::string& flows, int count = 2) {
  std::string nodes = R"([{"declaration": 0, "flows": )" + flows + "}";
  for (int k = 1; k < count; ++k) nodes += R"(, {"declaration": 1})";
  return R"({"declarations": [{"op": "event/onStart"}, {"op": "flow/sequence"}], "nodes": )" +
         nodes + "]}";
}

TEST(GraphValidationFlows, FlowsIsANonEmptyObjectOfObjectsWithANode) {
  FakeHost host;
  const std::string object =
      msg("/nodes/0/flows", "`flows` must be a non-empty object", "Output Flow Socket Pointers");
  EXPECT_EQ(refusal(flowGraph("{}"), host), object);
  EXPECT_EQ(refusal(flowGraph(R"([{"node": 1}])"), host), object);
  const std::string flow =
      msg("/nodes/0/flows/out", "an output flow must be an object with a `node`",
          "Output Flow Socket Pointers");
  EXPECT_EQ(refusal(flowGraph(R"({"out": 1})"), host), flow);
  EXPECT_EQ(refusal(flowGraph(R"({"out": {}})"), host), flow);
  EXPECT_EQ(refusal(flowGraph(R"({"out": {"socket": "in"}})"), host), flow);
}

TEST(GraphValidationFlows, AFlowGoesToALaterNodeThatExists) {
  FakeHost host;
  const std::string rule =
      msg("/nodes/0/flows/out/node",
          "a flow may only go to a later node (an index greater than 0 and less than 2)",
          "Output Flow Socket Pointers");
  for (const char* n : {"0", "2", "-1", "1.5", "\"1\"", "null"}) {
    EXPECT_EQ(refusal(flowGraph(std::string(R"({"out": {"node": )") + n + "}}"), host), rule) << n;
  }
  // A flow that is none of the node's output flows is validated all the same.
  EXPECT_EQ(refusal(flowGraph(R"({"out": {"node": 1}, "zzz": {"node": 0}})"), host),
            msg("/nodes/0/flows/zzz/node",
                "a flow may only go to a later node (an index greater than 0 and less than 2)",
                "Output Flow Socket Pointers"));
  EXPECT_EQ(
      refusal(flowGraph(R"({"out": {"node": 1, "socket": 0}})"), host),
      msg("/nodes/0/flows/out/socket", "`socket` must be a string", "Output Flow Socket Pointers"));
}

TEST(GraphValidationFlows, AnUnknownTargetSocketLeavesTheFlowUnconnected) {
  FakeHost host;
  for (const char* socket : {"nope", "In"}) {  // socket ids are case-sensitive
    const auto g = accepted(
        flowGraph(std::string(R"({"out": {"node": 1, "socket": ")") + socket + "\"}}"), host);
    ASSERT_NE(g, nullptr);
    ASSERT_EQ(g->nodes[0].flowCount, 1u);
    EXPECT_EQ(g->flows[g->nodes[0].flow0].node, kNone) << socket;
  }
  const auto g = accepted(flowGraph(R"({"out": {"node": 2.0}})", 3), host);  // "in" implied
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->flows[g->nodes[0].flow0].node, 2u);
  EXPECT_EQ(g->flows[g->nodes[0].flow0].socket, 0u);
}

TEST(GraphValidationFlows, FlowsAreValidatedAfterTheInputs) {
  // Step 11 comes after steps 8-10.
  FakeHost host;
  EXPECT_EQ(refusal(graph(R"([{"declaration": 2, "values": {"a": {"type": 0}},
                              "flows": {"x": 5}}])"),
                    host),
            msg("/nodes/0", "the input value socket \"b\" of math/add is missing",
                "Input Value Sockets"));
}

// --- Static limits, before what they bound is allocated or read ---

TEST(GraphValidationLimits, TheNodeCountIsBoundedBeforeAnyNodeIsRead) {
  GraphLimits limits;
  limits.maxNodes = 2;
  EXPECT_EQ(refused(graph("[1, 2, 3]"), limits),
            msg("/nodes", "3 nodes exceed Vitrine's limit of 2", "Static Limits"));
}

TEST(GraphValidationLimits, TheTypeCountIsBoundedBeforeAnyTypeIsRead) {
  GraphLimits limits;
  limits.maxTypes = 2;
  EXPECT_EQ(refused(R"({"types": [1, 2, 3]})", limits),
            msg("/types", "3 types exceed Vitrine's limit of 2", "Static Limits"));
}

TEST(GraphValidationLimits, TheFlowsOfANodeAreBoundedBeforeTheyAreRead) {
  GraphLimits limits;
  limits.maxFlowSockets = 2;
  EXPECT_EQ(refused(flowGraph(R"({"a": 1, "b": 2, "c": 3})"), limits),
            msg("/nodes/0/flows", "3 output flows exceed Vitrine's limit of 2", "Static Limits"));
}

TEST(GraphValidationLimits, ConfiguredSocketsAreBoundedBeforeTheInputsAreRead) {
  // math/switch: cases plus two ("Switch" step 3); the case sockets are not even given.
  GraphLimits limits;
  limits.maxValueSockets = 3;
  EXPECT_EQ(refused(R"({"types": [{"signature": "int"}], "declarations": [{"op": "math/switch"}],
      "nodes": [{"declaration": 0, "configuration": {"cases": {"value": [1, 2]}},
                 "values": {"selection": {"type": 0}, "default": {"type": 0}}}]})",
                    limits),
            msg("/nodes/0",
                "the node's configuration makes 4 input value sockets, more than Vitrine's limit "
                "of 3",
                "Static Limits"));
  // variable/set: its unique variables ("Variable Set" step 3).
  EXPECT_EQ(refused(R"({"types": [{"signature": "int"}],
      "variables": [{"type": 0}, {"type": 0}, {"type": 0}, {"type": 0}],
      "declarations": [{"op": "variable/set"}],
      "nodes": [{"declaration": 0, "configuration": {"variables": {"value": [0, 1, 1, 2, 3]}}}]})",
                    limits),
            msg("/nodes/0",
                "the node's configuration makes 4 input value sockets, more than Vitrine's limit "
                "of 3",
                "Static Limits"));
  // pointer/interpolate: its parameters plus four ("Pointer Interpolate").
  EXPECT_EQ(
      refused(
          R"({"types": [{"signature": "float"}], "declarations": [{"op": "pointer/interpolate"}],
      "nodes": [{"declaration": 0, "configuration": {"pointer": {"value": ["/nodes/[i]/weights/[j]"]},
                                                     "type": {"value": [0]}}}]})",
          limits),
      msg("/nodes/0",
          "the node's configuration makes 6 input value sockets, more than Vitrine's limit "
          "of 3",
          "Static Limits"));
}

TEST(GraphValidationLimits, ConfiguredFlowsAreBounded) {
  // flow/switch: cases plus one ("Switch" step 3 of flow/switch).
  GraphLimits limits;
  limits.maxFlowSockets = 2;
  EXPECT_EQ(refused(R"({"types": [{"signature": "int"}], "declarations": [{"op": "flow/switch"}],
      "nodes": [{"declaration": 0, "configuration": {"cases": {"value": [1, 2]}},
                 "values": {"selection": {"type": 0}}}]})",
                    limits),
            msg("/nodes/0",
                "the node's configuration makes 3 output flow sockets, more than Vitrine's limit "
                "of 2",
                "Static Limits"));
}

TEST(GraphValidationLimits, APointerTemplateHasAtMostThreeParameters) {
  FakeHost host;
  EXPECT_EQ(refusal(R"({"types": [{"signature": "float"}], "declarations": [{"op": "pointer/get"}],
      "nodes": [{"declaration": 0, "configuration": {
          "pointer": {"value": ["/a/[i]/b/[j]/c/[k]/d/[l]"]}, "type": {"value": [0]}}}]})",
                    host),
            msg("/nodes/0/configuration/pointer",
                "a pointer template has at most 3 parameters in Vitrine", "Static Limits"));
}

TEST(GraphValidationLimits, PointerResolutionsAreBounded) {
  // A template is resolved at load for every value of its parameters; the sum is bounded.
  GraphLimits limits;
  limits.maxPointerEntries = 5;
  FakeHost host;
  host.arrays["/nodes"] = 10;
  const Interactivity loaded =
      loadInteractivity(Json::parse(R"({"graphs": [{"types": [{"signature": "float3"}],
          "declarations": [{"op": "pointer/get"}],
          "nodes": [{"declaration": 0, "configuration": {"pointer": {"value": ["/nodes/[i]/scale"]},
                                                         "type": {"value": [0]}}}]}]})"),
                        host, limits);
  ASSERT_NE(defaultRefusal(loaded), nullptr);
  EXPECT_EQ(
      defaultRefusal(loaded)->text(),
      msg("/nodes/0/configuration/pointer",
          "the pointer template names more properties than Vitrine's limit of 5", "Static Limits"));
}

TEST(GraphValidationLimits, ValueDependenciesAreBounded) {
  // Node 1 evaluates node 0, node 2 evaluates nodes 0 and 1: three entries.
  const std::string chain =
      graph(R"([{"declaration": 0}, {"declaration": 1, "values": {"a": {"node": 0}}},
                                      {"declaration": 1, "values": {"a": {"node": 1}}}])");
  GraphLimits limits;
  limits.maxEvalListEntries = 2;
  EXPECT_EQ(refused(chain, limits),
            msg("/nodes/2",
                "the value dependencies of the graph's nodes exceed Vitrine's limit of 2 entries",
                "Static Limits"));
  limits.maxEvalListEntries = 3;
  EXPECT_EQ(refused(chain, limits), "");
}

}  // namespace
}  // namespace vitrine::interact
