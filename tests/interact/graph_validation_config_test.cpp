// What each operation of KHR_interactivity makes of its configuration ("Configuration" and
// each operation's section): the operations with no default configuration (variable/*,
// pointer/*, event/receive, event/send) refuse a graph with an exact message; the others fall
// back to their default configuration with a warning in Graph::warnings (math/switch,
// flow/switch, flow/waitAll, debug/log).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "fake_host.h"
#include "graph_load.h"

namespace vitrine::interact {
namespace {

using test::accepted;
using test::FakeHost;
using test::msg;
using test::refusal;

const std::string kG = "/extensions/KHR_interactivity/graphs/0";
using test::refused;

// Types float (0), int (1), bool (2), float3 (3), float4 (4), float2 (5); one variable of each
// of the first five; events 0 (no value) and 1 (int "variant"); one node of `op` with
// `configuration` (JSON text, "" for none) and `values`.
std::string opGraph(const std::string& op, const std::string& configuration,
                    const std::string& values = "") {
  std::string node = R"({"declaration": 0)";
  if (!configuration.empty()) node += R"(, "configuration": )" + configuration;
  if (!values.empty()) node += R"(, "values": )" + values;
  return R"({"types": [{"signature": "float"}, {"signature": "int"}, {"signature": "bool"},
                       {"signature": "float3"}, {"signature": "float4"}, {"signature": "float2"}],
             "variables": [{"type": 0}, {"type": 1}, {"type": 2}, {"type": 3}, {"type": 4}],
             "events": [{}, {"id": "checkout", "values": {"variant": {"type": 1}}}],
             "declarations": [{"op": ")" +
         op + R"("}], "nodes": [)" + node + "}]}";
}
std::string cfg(const std::string& name, const std::string& value) {
  return "{\"" + name + "\": {\"value\": " + value + "}}";
}

// --- Variable Get, Variable Set, Variable Interpolate ---

TEST(GraphValidationConfig, VariableGetNeedsAValidVariable) {
  FakeHost host;
  const std::string rule =
      msg("/nodes/0/configuration", "the variable must be an index less than the 5 variables",
          "Variable Get");
  EXPECT_EQ(refusal(opGraph("variable/get", ""), host), rule);
  EXPECT_EQ(refusal(opGraph("variable/get", cfg("other", "[0]")), host), rule);
  for (const char* v : {"[5]", "[-1]", "[0.5]", "[\"0\"]", "[0, 1]", "[true]"}) {
    EXPECT_EQ(refusal(opGraph("variable/get", cfg("variable", v)), host), rule) << v;
  }
  const auto g = accepted(opGraph("variable/get", cfg("variable", "[3.0]")), host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].param, 3);
  EXPECT_EQ(g->values[g->nodes[0].output0].type, Type::Float3);
}

TEST(GraphValidationConfig, TheConfigurationOfANodeWithoutDefaultComesBeforeItsValues) {
  // "Node Object Validation" step 5 before step 7.
  FakeHost host;
  EXPECT_EQ(refusal(opGraph("variable/get", "", "[1]"), host),
            msg("/nodes/0/configuration", "the variable must be an index less than the 5 variables",
                "Variable Get"));
}

TEST(GraphValidationConfig, VariableSetNeedsANonEmptyArrayOfValidVariables) {
  FakeHost host;
  const std::string ints =
      msg("/nodes/0/configuration", "variable/set needs a non-empty `variables` array of ints",
          "Variable Set");
  EXPECT_EQ(refusal(opGraph("variable/set", ""), host), ints);
  EXPECT_EQ(refusal(opGraph("variable/set", cfg("variables", "[0, 0.5]")), host), ints);
  EXPECT_EQ(refusal(opGraph("variable/set", cfg("variables", "[\"0\"]")), host), ints);
  // An empty array breaks the shape every configuration value has (step 4).
  EXPECT_EQ(refusal(opGraph("variable/set", cfg("variables", "[]")), host),
            msg("/nodes/0/configuration/variables",
                "a configuration property must be an object with a non-empty `value` array",
                "Configuration"));
  const std::string index =
      msg("/nodes/0/configuration", "the variable must be an index less than the 5 variables",
          "Variable Set");
  EXPECT_EQ(refusal(opGraph("variable/set", cfg("variables", "[0, 5]")), host), index);
  EXPECT_EQ(refusal(opGraph("variable/set", cfg("variables", "[-1]")), host), index);
  // Each unique variable is an input of the variable's type.
  EXPECT_EQ(refusal(opGraph("variable/set", cfg("variables", "[1, 0, 1]"), R"({"1": {"type": 1}})"),
                    host),
            msg("/nodes/0", "the input value socket \"0\" of variable/set is missing",
                "Input Value Sockets"));
  EXPECT_EQ(
      refusal(opGraph("variable/set", cfg("variables", "[1]"), R"({"1": {"type": 0}})"), host),
      msg("/nodes/0/values/1",
          "the input value socket \"1\" of variable/set must be an int, not a float",
          "Input Value Sockets"));
  const auto g = accepted(opGraph("variable/set", cfg("variables", "[1, 0, 1.0]"),
                                  R"({"0": {"type": 0}, "1": {"type": 1}})"),
                          host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].inputCount, 2u);
  EXPECT_EQ(g->nodes[0].extraCount, 2u);
}

const std::string kInterpolateValues =
    R"({"value": {"type": 4}, "duration": {"type": 0}, "p1": {"type": 5}, "p2": {"type": 5}})";

TEST(GraphValidationConfig, VariableInterpolateNeedsAFloatVariableAndABooleanUseSlerp) {
  FakeHost host;
  const std::string section = "Variable Interpolate";
  EXPECT_EQ(refusal(opGraph("variable/interpolate", cfg("useSlerp", "[false]")), host),
            msg("/nodes/0/configuration", "the variable must be an index less than the 5 variables",
                section));
  EXPECT_EQ(
      refusal(opGraph("variable/interpolate",
                      R"({"variable": {"value": [1]}, "useSlerp": {"value": [false]}})"),
              host),
      msg("/nodes/0/configuration/variable", "an int variable cannot be interpolated", section));
  EXPECT_EQ(
      refusal(opGraph("variable/interpolate",
                      R"({"variable": {"value": [2]}, "useSlerp": {"value": [false]}})"),
              host),
      msg("/nodes/0/configuration/variable", "a bool variable cannot be interpolated", section));
  const std::string slerp = msg("/nodes/0/configuration", "`useSlerp` must be a boolean", section);
  EXPECT_EQ(refusal(opGraph("variable/interpolate", cfg("variable", "[3]")), host), slerp);
  EXPECT_EQ(refusal(opGraph("variable/interpolate",
                            R"({"variable": {"value": [3]}, "useSlerp": {"value": [1]}})"),
                    host),
            slerp);
  EXPECT_EQ(
      refusal(opGraph("variable/interpolate",
                      R"({"variable": {"value": [3]}, "useSlerp": {"value": [true]}})"),
              host),
      msg("/nodes/0/configuration/useSlerp", "useSlerp is only for a float4 variable", section));
  const auto g = accepted(
      opGraph("variable/interpolate",
              R"({"variable": {"value": [4]}, "useSlerp": {"value": [true]}})", kInterpolateValues),
      host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->ints[g->nodes[0].extra0], 1);
}

// --- Pointer Get, Pointer Set, Pointer Interpolate ---

std::string pointerCfg(const std::string& pointer, const std::string& type = "[3]") {
  return R"({"pointer": {"value": [")" + pointer + R"("]}, "type": {"value": )" + type + "}}";
}

TEST(GraphValidationConfig, APointerMustBeAString) {
  FakeHost host;
  for (const char* op : {"pointer/get", "pointer/set", "pointer/interpolate"}) {
    const std::string section = std::string(op) == "pointer/get"   ? "Pointer Get"
                                : std::string(op) == "pointer/set" ? "Pointer Set"
                                                                   : "Pointer Interpolate";
    const std::string rule = msg("/nodes/0/configuration", "`pointer` must be a string", section);
    EXPECT_EQ(refusal(opGraph(op, ""), host), rule) << op;
    EXPECT_EQ(refusal(opGraph(op, cfg("type", "[3]")), host), rule) << op;
    EXPECT_EQ(refusal(opGraph(op, R"({"pointer": {"value": [5]}, "type": {"value": [3]}})"), host),
              rule)
        << op;
    EXPECT_EQ(
        refusal(opGraph(op, R"({"pointer": {"value": ["/a", "/b"]}, "type": {"value": [3]}})"),
                host),
        rule)
        << op;
  }
}

TEST(GraphValidationConfig, APointerMustBeAValidTemplate) {
  // Several of the invalid syntax examples of "JSON Pointer Template Parsing".
  FakeHost host;
  for (const char* t : {"/nodes/{index}/extras/~2", "/nodes/[index]/weights/[index]",
                        "/nodes/{index}/weights/[index]", "/nodes/[/scale", "/nodes/[]/scale",
                        "/nodes/{index/scale", "/nodes/[i{ndex]/scale", "/nodes/{i}ndex}/scale",
                        "/nodes/0/extras/[[index]", "/nodes/0/extras/{{i{ndex}}", "nodes/0"}) {
    for (const char* op : {"pointer/get", "pointer/set", "pointer/interpolate"}) {
      EXPECT_EQ(refusal(opGraph(op, pointerCfg(t)), host),
                msg("/nodes/0/configuration/pointer",
                    std::string("\"") + t + "\" is not a valid JSON pointer template",
                    "JSON Pointer Template Parsing"))
          << op << " " << t;
    }
  }
}

TEST(GraphValidationConfig, ThePointerTypeMustBeAnIndexLessThanTheTypeCount) {
  FakeHost host;
  const std::string rule =
      msg("/nodes/0/configuration", "`type` must be an index less than the 6 types", "Pointer Get");
  EXPECT_EQ(refusal(opGraph("pointer/get", cfg("pointer", "[\"/nodes/0/scale\"]")), host), rule);
  for (const char* t : {"[6]", "[-1]", "[0.5]", "[\"0\"]", "[0, 1]"}) {
    EXPECT_EQ(refusal(opGraph("pointer/get", pointerCfg("/nodes/0/scale", t)), host), rule) << t;
  }
  EXPECT_EQ(refusal(opGraph("pointer/set", pointerCfg("/nodes/0/scale", "[6]")), host),
            msg("/nodes/0/configuration", "`type` must be an index less than the 6 types",
                "Pointer Set"));
}

TEST(GraphValidationConfig, ReservedParameterNamesAreRefused) {
  FakeHost host;
  for (const char* t : {"/nodes/[value]/scale", "/nodes/{value}/scale"}) {
    EXPECT_EQ(refusal(opGraph("pointer/set", pointerCfg(t)), host),
              msg("/nodes/0/configuration/pointer",
                  "the template parameter \"value\" is reserved by pointer/set", "Pointer Set"))
        << t;
  }
  const std::pair<const char*, const char*> kInterpolate[] = {
      {"/nodes/[value]/scale", "value"},
      {"/nodes/{value}/scale", "value"},
      {"/nodes/[duration]/scale", "duration"},
      {"/nodes/{duration}/scale", "duration"},
      {"/nodes/[p1]/scale", "p1"},
      {"/nodes/{p1}/scale", "p1"},
      {"/nodes/[p2]/scale", "p2"},
      {"/nodes/{p2}/scale", "p2"}};
  for (const auto& [t, id] : kInterpolate) {
    EXPECT_EQ(
        refusal(opGraph("pointer/interpolate", pointerCfg(t)), host),
        msg("/nodes/0/configuration/pointer",
            std::string("the template parameter \"") + id + "\" is reserved by pointer/interpolate",
            "Pointer Interpolate"))
        << t;
  }
  // pointer/get reserves nothing; pointer/set only `value`.
  EXPECT_NE(accepted(opGraph("pointer/get", pointerCfg("/nodes/[value]/scale"),
                             R"({"value": {"type": 1}})"),
                     host),
            nullptr);
  EXPECT_NE(accepted(opGraph("pointer/set", pointerCfg("/nodes/[duration]/scale"),
                             R"({"duration": {"type": 1}, "value": {"type": 3}})"),
                     host),
            nullptr);
}

TEST(GraphValidationConfig, AnIntOrBoolPropertyCannotBeInterpolated) {
  FakeHost host;
  EXPECT_EQ(refusal(opGraph("pointer/interpolate", pointerCfg("/extras/n", "[1]")), host),
            msg("/nodes/0/configuration/type", "an int property cannot be interpolated",
                "Pointer Interpolate"));
  EXPECT_EQ(refusal(opGraph("pointer/interpolate", pointerCfg("/extras/b", "[2]")), host),
            msg("/nodes/0/configuration/type", "a bool property cannot be interpolated",
                "Pointer Interpolate"));
  EXPECT_NE(accepted(opGraph("pointer/interpolate", pointerCfg("/nodes/0/rotation", "[4]"),
                             kInterpolateValues),
                     host),
            nullptr);
}

TEST(GraphValidationConfig, PointerParametersAreInputsOfTheirType) {
  FakeHost host;
  EXPECT_EQ(refusal(opGraph("pointer/get", pointerCfg("/nodes/{n}/weights/[w]"),
                            R"({"n": {"type": 1}, "w": {"type": 1}})"),
                    host),
            msg("/nodes/0/values/n",
                "the input value socket \"n\" of pointer/get must be a ref, not an int",
                "Input Value Sockets"));
  EXPECT_EQ(
      refusal(opGraph("pointer/get", pointerCfg("/nodes/{n}/weights/[w]"), R"({"w": {"type": 1}})"),
              host),
      msg("/nodes/0", "the input value socket \"n\" of pointer/get is missing",
          "Input Value Sockets"));
}

// --- Receive, Send ---

TEST(GraphValidationConfig, EventOperationsNeedAValidEvent) {
  FakeHost host;
  for (const char* op : {"event/receive", "event/send"}) {
    const std::string rule =
        msg("/nodes/0/configuration", "the event must be an index less than the 2 events",
            std::string(op) == "event/receive" ? "Receive" : "Send");
    EXPECT_EQ(refusal(opGraph(op, ""), host), rule) << op;
    for (const char* e : {"[2]", "[-1]", "[0.5]", "[\"0\"]", "[0, 1]"}) {
      EXPECT_EQ(refusal(opGraph(op, cfg("event", e)), host), rule) << op << " " << e;
    }
  }
  EXPECT_EQ(refusal(opGraph("event/send", cfg("event", "[1]")), host),
            msg("/nodes/0", "the input value socket \"variant\" of event/send is missing",
                "Input Value Sockets"));
  const auto g = accepted(opGraph("event/receive", cfg("event", "[1.0]")), host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].param, 1);
  EXPECT_EQ(g->nodes[0].outputCount, 2u);  // variant, event
}

// --- Fallbacks to the default configuration: no refusal, a warning ---

std::vector<std::string> warningsOf(const std::string& graph) {
  FakeHost host;
  const auto g = accepted(graph, host);
  return g ? g->warnings : std::vector<std::string>{};
}

TEST(GraphValidationConfig, MathSwitchCasesThatAreNotInt32FallBackToTheDefault) {
  FakeHost host;
  const std::string values = R"({"selection": {"type": 1}, "default": {"type": 0},
                                 "1": {"type": 0}, "0": {"type": 0}})";
  for (const char* cases : {"[0.5, 1]", "[-2147483649, 0]", "[\"1\"]", "[1, true]"}) {
    const auto g = accepted(opGraph("math/switch", cfg("cases", cases), values), host);
    ASSERT_NE(g, nullptr) << cases;
    EXPECT_EQ(g->nodes[0].inputCount, 2u) << cases;  // selection, default
    EXPECT_EQ(g->nodes[0].extraCount, 0u) << cases;
    EXPECT_EQ(g->warnings,
              std::vector<std::string>{
                  kG + "/nodes/0/configuration: `cases` is not an array of int32 numbers: the "
                       "default (no case) is used"})
        << cases;
  }
}

TEST(GraphValidationConfig, MathSwitchCasesMakeTypedInputs) {
  FakeHost host;
  // "[-1.0, 0, 1]": the sockets "-1", "0" and "1".
  EXPECT_EQ(refusal(opGraph("math/switch", cfg("cases", "[-1.0, 0, 1]"),
                            R"({"selection": {"type": 1}, "default": {"type": 0},
                                "0": {"type": 0}, "1": {"type": 0}})"),
                    host),
            msg("/nodes/0", "the input value socket \"-1\" of math/switch is missing",
                "Input Value Sockets"));
  EXPECT_EQ(
      refusal(opGraph("math/switch", cfg("cases", "[1]"),
                      R"({"selection": {"type": 1}, "default": {"type": 0}, "1": {"type": 1}})"),
              host),
      msg("/nodes/0/values/1",
          "the input value socket \"1\" of math/switch must be a float, not an int",
          "Input Value Sockets"));
  EXPECT_EQ(
      refusal(opGraph("math/switch", "", R"({"selection": {"type": 1}})"), host),
      msg("/nodes/0", "the input value socket \"default\" of math/switch is missing", "Switch"));
  EXPECT_EQ(
      refusal(opGraph("math/switch", "", R"({"selection": {"type": 0}, "default": {"type": 0}})"),
              host),
      msg("/nodes/0/values/selection",
          "the input value socket \"selection\" of math/switch must be an int, not a float",
          "Input Value Sockets"));
  // "[0.1e1, 2, 2]": the sockets "1" and "2", the duplicate ignored; extra sockets allowed.
  const auto g = accepted(opGraph("math/switch", cfg("cases", "[0.1e1, 2, 2]"),
                                  R"({"selection": {"type": 1}, "default": {"type": 3},
                                      "1": {"type": 3}, "2": {"type": 3}, "3": {"type": 2}})"),
                          host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].inputCount, 4u);
  ASSERT_EQ(g->nodes[0].extraCount, 2u);
  EXPECT_EQ(g->ints[g->nodes[0].extra0], 1);
  EXPECT_EQ(g->ints[g->nodes[0].extra0 + 1], 2);
  EXPECT_TRUE(g->warnings.empty());
}

TEST(GraphValidationConfig, FlowSwitchCasesThatAreNotInt32FallBackToTheDefault) {
  FakeHost host;
  const auto g = accepted(
      opGraph("flow/switch", cfg("cases", "[0.5, 1]"), R"({"selection": {"type": 1}})"), host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].flowCount, 1u);  // default
  EXPECT_EQ(g->nodes[0].extraCount, 0u);
  EXPECT_EQ(g->warnings, std::vector<std::string>{kG + "/nodes/0/configuration: `cases` is not an "
                                                       "array of int32 numbers: the default (no "
                                                       "case) is used"});
  const auto ok = accepted(
      opGraph("flow/switch", cfg("cases", "[2, -1.0, 2]"), R"({"selection": {"type": 1}})"), host);
  ASSERT_NE(ok, nullptr);
  EXPECT_EQ(ok->nodes[0].flowCount, 3u);  // "2", "-1", default
  EXPECT_TRUE(ok->warnings.empty());
}

TEST(GraphValidationConfig, WaitAllInputFlowsOutsideZeroTo64FallBackToZero) {
  const std::string warning =
      kG +
      "/nodes/0/configuration: `inputFlows` must be an int in [0, 64]: the default (0) is used";
  FakeHost host;
  for (const char* n : {"[65]", "[-1]", "[1.5]", "[true]", "[2147483648]"}) {
    const auto g = accepted(opGraph("flow/waitAll", cfg("inputFlows", n)), host);
    ASSERT_NE(g, nullptr) << n;
    EXPECT_EQ(g->nodes[0].inputFlowCount, 1u) << n;  // reset
    EXPECT_EQ(g->nodes[0].param, 0) << n;
    EXPECT_EQ(g->warnings, std::vector<std::string>{warning}) << n;
  }
  const auto g = accepted(opGraph("flow/waitAll", cfg("inputFlows", "[64]")), host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].inputFlowCount, 65u);
  const auto two = accepted(opGraph("flow/waitAll", cfg("inputFlows", "[0.2e1]")), host);
  ASSERT_NE(two, nullptr);
  EXPECT_EQ(two->nodes[0].inputFlowCount, 3u);
  EXPECT_TRUE(two->warnings.empty());
  EXPECT_TRUE(warningsOf(opGraph("flow/waitAll", "")).empty());
}

TEST(GraphValidationConfig, AnInvalidLogConfigurationFallsBackToTheDefault) {
  // "Log": an invalid message, or a severity that is missing or not an int32, and the default
  // configuration is used (severity 0, an empty message, no input socket).
  const std::string tail = ": the default configuration (severity 0, an empty message) is used";
  const std::pair<std::string, std::string> kCases[] = {
      {R"({"severity": {"value": [1]}, "message": {"value": ["x = {x"]}})",
       "the message is not a valid template"},
      {R"({"severity": {"value": [1]}, "message": {"value": ["}"]}})",
       "the message is not a valid template"},
      {R"({"message": {"value": ["x = {x}"]}})", "`severity` is missing or not an int32"},
      {R"({"severity": {"value": [1.5]}, "message": {"value": ["x = {x}"]}})",
       "`severity` is missing or not an int32"},
      {R"({"severity": {"value": [1]}, "message": {"value": [5]}})",
       "`message` is missing or not a string"},
      {R"({"severity": {"value": [1]}})", "`message` is missing or not a string"},
  };
  FakeHost host;
  for (const auto& [config, why] : kCases) {
    const auto g = accepted(opGraph("debug/log", config), host);  // no `x` needed
    ASSERT_NE(g, nullptr) << config;
    EXPECT_EQ(g->nodes[0].inputCount, 0u) << config;
    EXPECT_EQ(g->logs[0].severity, 0) << config;
    EXPECT_EQ(g->logs[0].literals, std::vector<std::string>{""}) << config;
    EXPECT_EQ(g->warnings, std::vector<std::string>{kG + "/nodes/0/configuration: " + why + tail})
        << config;
  }
  // No configuration: the default, silently.
  EXPECT_TRUE(warningsOf(opGraph("debug/log", "")).empty());
}

TEST(GraphValidationConfig, AValidLogMessageMakesInputsOfAnyType) {
  FakeHost host;
  const std::string config =
      R"({"severity": {"value": [2]}, "message": {"value": ["x={x}, {{y}}"]}})";
  EXPECT_EQ(refusal(opGraph("debug/log", config), host),
            msg("/nodes/0", "the input value socket \"x\" of debug/log is missing",
                "Input Value Sockets"));
  const auto g = accepted(opGraph("debug/log", config, R"({"x": {"type": 3}})"), host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].inputCount, 1u);
  EXPECT_EQ(g->logs[0].severity, 2);
  EXPECT_EQ(g->logs[0].literals, (std::vector<std::string>{"x=", ", {y}"}));
  EXPECT_TRUE(g->warnings.empty());
}

TEST(GraphValidationConfig, OtherConfigurationsFallBackToTheirDefaults) {
  FakeHost host;
  const std::string at = kG + "/nodes/0/configuration: ";
  // flow/multiGate: both booleans or neither ("Multi Gate").
  const auto gate = accepted(opGraph("flow/multiGate", cfg("isRandom", "[true]")), host);
  ASSERT_NE(gate, nullptr);
  EXPECT_EQ(gate->nodes[0].param, 0);
  EXPECT_EQ(gate->warnings,
            std::vector<std::string>{at + "`isRandom` and `isLoop` must both be booleans: the "
                                          "default (false, false) is used"});
  const auto loop = accepted(
      opGraph("flow/multiGate", R"({"isRandom": {"value": [false]}, "isLoop": {"value": [true]}})"),
      host);
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(loop->nodes[0].param, 2);
  EXPECT_TRUE(loop->warnings.empty());
  // flow/for: an int32 initialIndex ("For Loop").
  const auto loopFor = accepted(opGraph("flow/for", cfg("initialIndex", "[1.5]"),
                                        R"({"startIndex": {"type": 1}, "endIndex": {"type": 1}})"),
                                host);
  ASSERT_NE(loopFor, nullptr);
  EXPECT_EQ(loopFor->nodes[0].param, 0);
  EXPECT_EQ(loopFor->warnings, std::vector<std::string>{
                                   at + "`initialIndex` is not an int32: the default (0) is used"});
  // math/quatFromAngles: one of six orders, as a string ("Quaternion From Three Angles").
  const std::string xyz = R"({"x": {"type": 0}, "y": {"type": 0}, "z": {"type": 0}})";
  const auto abc = accepted(opGraph("math/quatFromAngles", cfg("order", "[\"XYZ\"]"), xyz), host);
  ASSERT_NE(abc, nullptr);
  EXPECT_EQ(abc->warnings, std::vector<std::string>{at + "`order` \"XYZ\" is none of xyz, xzy, "
                                                         "yxz, yzx, zxy, zyx: yxz is used"});
  const auto five = accepted(opGraph("math/quatFromAngles", cfg("order", "[5]"), xyz), host);
  ASSERT_NE(five, nullptr);
  EXPECT_EQ(five->warnings, std::vector<std::string>{at + "`order` is not a string: yxz is used"});
  EXPECT_EQ(five->nodes[0].param, abc->nodes[0].param);  // both yxz
}

}  // namespace
}  // namespace vitrine::interact
