// "Inline Value Object Validation" of KHR_interactivity, every step, through a variable's
// initial value ("Variables"), an event value ("Events") and a node's inline input value
// ("Inline Values"); and the "JSON index" of the validation glossary. Each refusal is checked
// against its exact message.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "fake_host.h"
#include "graph_load.h"
#include "json_values.h"

namespace vitrine::interact {
namespace {

using test::accepted;
using test::FakeHost;
using test::msg;
using test::refusal;
using test::refused;

// A graph with one type `signature` and one variable of that type initialized to `value`.
std::string variableGraph(const std::string& signature, const std::string& value) {
  return R"({"types": [{"signature": ")" + signature +
         R"("}], "variables": [{"type": 0, "value": )" + value + "}]}";
}
std::string variableRefusal(const std::string& signature, const std::string& value) {
  FakeHost host;
  return refusal(variableGraph(signature, value), host);
}
std::string variableRule(const std::string& rule) {
  return msg("/variables/0/value", rule, "Variables");
}
// The initial value of the variable, which must be accepted.
Value variableValue(const std::string& signature, const std::string& value, FakeHost& host) {
  std::string error;
  const auto g =
      test::compile("{\"graphs\": [" + variableGraph(signature, value) + "]}", host, &error);
  EXPECT_NE(g, nullptr) << signature << " " << value << ": " << error;
  return g ? g->variables[0].initial : Value{};
}
Value variableValue(const std::string& signature, const std::string& value) {
  FakeHost host;
  return variableValue(signature, value, host);
}

// --- Steps 2-7: the array length of each type ---

TEST(GraphValidationInlineValues, TheValueIsANonEmptyArray) {
  const std::string rule = variableRule("an inline value must be a non-empty array");
  EXPECT_EQ(variableRefusal("float", "[]"), rule);
  EXPECT_EQ(variableRefusal("float", "1"), rule);
  EXPECT_EQ(variableRefusal("int", "{}"), rule);
  EXPECT_EQ(variableRefusal("bool", "true"), rule);
}

TEST(GraphValidationInlineValues, EachTypeHasItsArrayLength) {
  struct Case {
    const char* signature;
    uint32_t length;
    const char* article;
  };
  const Case kCases[] = {{"bool", 1, "a"},     {"float", 1, "a"},    {"int", 1, "an"},
                         {"ref", 1, "a"},      {"float2", 2, "a"},   {"float3", 3, "a"},
                         {"float4", 4, "a"},   {"float2x2", 4, "a"}, {"float3x3", 9, "a"},
                         {"float4x4", 16, "a"}};
  for (const Case& c : kCases) {
    for (const uint32_t wrong : {c.length - 1, c.length + 1, 4u}) {
      if (wrong == 0 || wrong == c.length) continue;
      std::string array = "[";
      for (uint32_t k = 0; k < wrong; ++k) array += k ? ", 1" : "1";
      array += "]";
      EXPECT_EQ(variableRefusal(c.signature, array),
                variableRule(std::string(c.article) + " " + c.signature + " value has " +
                             std::to_string(c.length) + (c.length == 1 ? " element" : " elements") +
                             ", not " + std::to_string(wrong)))
          << c.signature << " " << array;
    }
  }
  // Written out once in full.
  EXPECT_EQ(variableRefusal("float3", "[1, 2]"),
            "/extensions/KHR_interactivity/graphs/0/variables/0/value: a float3 value has 3 "
            "elements, not 2 (KHR_interactivity, \"Variables\")");
}

TEST(GraphValidationInlineValues, TheLengthIsCheckedBeforeTheElements) {
  // Steps 2-7 come before steps 8-11.
  EXPECT_EQ(variableRefusal("bool", "[1, 2]"), variableRule("a bool value has 1 element, not 2"));
  EXPECT_EQ(variableRefusal("float2", "[\"x\"]"),
            variableRule("a float2 value has 2 elements, not 1"));
}

// --- Step 8: bool ---

TEST(GraphValidationInlineValues, ABoolIsAJsonBoolean) {
  const std::string rule = variableRule("a bool value must be a JSON boolean (true or false)");
  for (const char* v : {"[1]", "[0]", "[\"true\"]", "[null]", "[[true]]"}) {
    EXPECT_EQ(variableRefusal("bool", v), rule) << v;
  }
  EXPECT_TRUE(variableValue("bool", "[true]").b);
  EXPECT_FALSE(variableValue("bool", "[false]").b);
}

// --- Step 9: int ---

TEST(GraphValidationInlineValues, AnIntIsExactlyAnInt32) {
  const std::string rule = variableRule(
      "an int value must be a number exactly representable as a 32-bit signed integer");
  for (const char* v : {"[2147483648]", "[1.5]", "[-2147483649]", "[\"1\"]", "[true]", "[null]",
                        "[1e10]", "[-0.5]", "[4294967296]"}) {
    EXPECT_EQ(variableRefusal("int", v), rule) << v;
  }
}

TEST(GraphValidationInlineValues, AnIntegralFloatIsAnInt) {
  EXPECT_EQ(variableValue("int", "[2]").i, 2);
  EXPECT_EQ(variableValue("int", "[2.0]").i, 2);
  EXPECT_EQ(variableValue("int", "[0.2e1]").i, 2);
  EXPECT_EQ(variableValue("int", "[1e2]").i, 100);
  EXPECT_EQ(variableValue("int", "[-0.0]").i, 0);
  EXPECT_EQ(variableValue("int", "[2147483647]").i, 2147483647);
  EXPECT_EQ(variableValue("int", "[-2147483648]").i, INT32_MIN);
  EXPECT_EQ(variableValue("int", "[-2147483648.0]").i, INT32_MIN);
}

// --- Step 10: ref ---

TEST(GraphValidationInlineValues, ARefIsAStringHoldingAJsonPointer) {
  const std::string rule =
      variableRule("a ref value must be a string holding a valid JSON pointer (RFC 6901)");
  for (const char* v : {"[5]", "[null]", "[true]", "[[\"/nodes/0\"]]", "[\"nodes/0\"]",
                        "[\"/nodes/~2\"]", "[\"/nodes/0~\"]", "[\"#/nodes/0\"]"}) {
    EXPECT_EQ(variableRefusal("ref", v), rule) << v;
  }
}

TEST(GraphValidationInlineValues, ARefNamesAnObjectOrIsNull) {
  // "Variables": a pointer that resolves is that object's reference, otherwise null.
  FakeHost host;
  host.arrays["/animations"] = 2;
  host.arrays["/nodes"] = 1;
  host.arrays["/extensions/KHR_lights_punctual/lights"] = 1;
  const Value anim = variableValue("ref", R"(["/animations/1"])", host);
  EXPECT_EQ(anim.type, Type::Ref);
  EXPECT_EQ(anim.ref, (Ref{RefKind::Animation, 1, 0}));
  EXPECT_EQ(variableValue("ref", R"(["/nodes/0"])", host).ref, (Ref{RefKind::Node, 0, 0}));
  EXPECT_EQ(variableValue("ref", R"(["/extensions/KHR_lights_punctual/lights/0"])", host).ref,
            (Ref{RefKind::Light, 0, 0}));
  for (const char* v : {R"(["/animations/5"])", R"(["/animations/01"])", R"([""])", R"(["/"])",
                        R"(["/nodes/~0x"])", R"(["/nodes/0/mesh"])", R"(["/cameras/0"])"}) {
    EXPECT_EQ(variableValue("ref", v, host).ref, Ref{}) << v;
  }
}

// --- Step 11: the float types ---

TEST(GraphValidationInlineValues, EveryFloatElementIsAJsonNumber) {
  EXPECT_EQ(variableRefusal("float", "[true]"),
            variableRule("every element of a float value must be a JSON number"));
  EXPECT_EQ(variableRefusal("float2", R"([1, "2"])"),
            variableRule("every element of a float2 value must be a JSON number"));
  EXPECT_EQ(variableRefusal("float3", "[1, [2], 3]"),
            variableRule("every element of a float3 value must be a JSON number"));
  EXPECT_EQ(variableRefusal("float2x2", "[1, 2, 3, null]"),
            variableRule("every element of a float2x2 value must be a JSON number"));
  EXPECT_EQ(variableRefusal("float4x4", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,{}]"),
            variableRule("every element of a float4x4 value must be a JSON number"));
}

TEST(GraphValidationInlineValues, FloatsAreKeptExactlyNegativeZeroIncluded) {
  // Not covered: a JSON -0 without fraction or exponent, which nlohmann::json parses as the
  // integer 0, its sign gone before the compiler reads it.
  const Value zero = variableValue("float", "[-0.0]");
  EXPECT_EQ(zero.f[0], 0.0);
  EXPECT_TRUE(std::signbit(zero.f[0]));
  const Value v = variableValue("float2", "[0.0, -0.0]");
  EXPECT_FALSE(std::signbit(v.f[0]));
  EXPECT_TRUE(std::signbit(v.f[1]));
  const Value m = variableValue("float3x3", "[1, 2, 3, 4, 5, 6, 7, 8, 9.5]");
  EXPECT_EQ(m.type, Type::Float3x3);
  EXPECT_EQ(m.f[0], 1.0);
  EXPECT_EQ(m.f[8], 9.5);
  const Value big = variableValue("float", "[1e308]");
  EXPECT_EQ(big.f[0], 1e308);
}

TEST(GraphValidationInlineValues, WithoutAValueAVariableHasItsTypeDefault) {
  FakeHost host;
  std::string error;
  const auto g = test::compile(R"({"graphs": [{"types": [{"signature": "float2"},
      {"signature": "int"}, {"signature": "bool"}, {"signature": "ref"}],
      "variables": [{"type": 0}, {"type": 1}, {"type": 2}, {"type": 3}]}]})",
                               host, &error);
  ASSERT_NE(g, nullptr) << error;
  EXPECT_TRUE(std::isnan(g->variables[0].initial.f[0]));
  EXPECT_TRUE(std::isnan(g->variables[0].initial.f[1]));
  EXPECT_EQ(g->variables[1].initial.i, 0);
  EXPECT_FALSE(g->variables[2].initial.b);
  EXPECT_EQ(g->variables[3].initial.ref, Ref{});
}

TEST(GraphValidationInlineValues, ACustomTypesValueBelongsToItsExtension) {
  // "Variables": "If the variable type is custom, the value property is defined by the
  // extension defining the custom type"; no step refuses it. It must still be a non-empty
  // array (Variable Object Validation step 4.a).
  EXPECT_EQ(variableValue("custom", R"([1, "two", {"three": 3}])").type, Type::Custom);
  EXPECT_EQ(variableRefusal("custom", "[]"),
            variableRule("an inline value must be a non-empty array"));
}

// --- The same rules where events and nodes hold inline values ---

TEST(GraphValidationInlineValues, EventValuesFollowTheSameRules) {
  FakeHost host;
  EXPECT_EQ(refusal(R"({"types": [{"signature": "int"}],
                        "events": [{"values": {"v": {"type": 0, "value": [0.5]}}}]})",
                    host),
            msg("/events/0/values/v/value",
                "an int value must be a number exactly representable as a 32-bit signed integer",
                "Events"));
  EXPECT_EQ(refusal(R"({"types": [{"signature": "float4"}],
                        "events": [{"values": {"v": {"type": 0, "value": [1, 2, 3]}}}]})",
                    host),
            msg("/events/0/values/v/value", "a float4 value has 4 elements, not 3", "Events"));
}

TEST(GraphValidationInlineValues, NodeInlineValuesFollowTheSameRules) {
  FakeHost host;
  const std::string head = R"({"types": [{"signature": "float"}, {"signature": "bool"}],
      "declarations": [{"op": "math/abs"}], "nodes": [{"declaration": 0, "values": {"a": )";
  EXPECT_EQ(refusal(head + R"({"type": 0, "value": ["1"]}}}]})", host),
            msg("/nodes/0/values/a/value", "every element of a float value must be a JSON number",
                "Inline Values"));
  EXPECT_EQ(
      refusal(head + R"({"type": 0, "value": []}}}]})", host),
      msg("/nodes/0/values/a/value", "an inline value must be a non-empty array", "Inline Values"));
  EXPECT_EQ(refusal(head + R"({"type": 0}, "extra": {"type": 1, "value": [1]}}}]})", host),
            msg("/nodes/0/values/extra/value",
                "a bool value must be a JSON boolean (true or false)", "Inline Values"));
}

// --- "JSON index" (Validation Glossary) ---

TEST(GraphValidationJsonIndex, ANonNegativeNumberBelow2To31ExactlyAnInteger) {
  EXPECT_EQ(jsonIndex(Json::parse("0")), 0u);
  EXPECT_EQ(jsonIndex(Json::parse("2")), 2u);
  EXPECT_EQ(jsonIndex(Json::parse("2.0")), 2u);
  EXPECT_EQ(jsonIndex(Json::parse("0.2e1")), 2u);
  EXPECT_EQ(jsonIndex(Json::parse("-0.0")), 0u);
  EXPECT_EQ(jsonIndex(Json::parse("2147483647")), 2147483647u);
  for (const char* v : {"2147483648", "-1", "1.5", "\"0\"", "true", "null", "[0]", "1e300"}) {
    EXPECT_FALSE(jsonIndex(Json::parse(v)).has_value()) << v;
  }
}

TEST(GraphValidationJsonIndex, Int32AndPointerSyntax) {
  EXPECT_EQ(jsonInt32(Json::parse("-2147483648")), INT32_MIN);
  EXPECT_EQ(jsonInt32(Json::parse("-1.0")), -1);
  EXPECT_FALSE(jsonInt32(Json::parse("-2147483649")).has_value());
  EXPECT_FALSE(jsonInt32(Json::parse("2.5e9")).has_value());
  EXPECT_TRUE(isJsonPointer(""));
  EXPECT_TRUE(isJsonPointer("/"));
  EXPECT_TRUE(isJsonPointer("/a~0b~1c//"));
  EXPECT_FALSE(isJsonPointer("a"));
  EXPECT_FALSE(isJsonPointer("/~"));
  EXPECT_FALSE(isJsonPointer("/~2"));
}

TEST(GraphValidationJsonIndex, TypeIndicesAreJsonIndices) {
  // 2.0 and 0.2e1 name type 2; so does a node's `declaration` and `node` (nodes test file).
  FakeHost host;
  std::string error;
  const auto g = test::compile(R"({"graphs": [{"types": [{"signature": "float"},
      {"signature": "int"}, {"signature": "bool"}],
      "variables": [{"type": 2.0}, {"type": 0.2e1}, {"type": 1e0}]}]})",
                               host, &error);
  ASSERT_NE(g, nullptr) << error;
  EXPECT_EQ(g->variables[0].type, Type::Bool);
  EXPECT_EQ(g->variables[1].type, Type::Bool);
  EXPECT_EQ(g->variables[2].type, Type::Int);
}

TEST(TypedValueText, JsonBareListsBarePointersAndTheirErrors) {
  // The window's custom-event form (readTypedText): the inline-value rules, on what a user types.
  FakeHost host;
  host.arrays["/nodes"] = 2;
  Value v;
  EXPECT_EQ(readTypedText(" 1, 2.5, -3 ", Type::Float3, &host, &v), "");
  EXPECT_EQ(v.type, Type::Float3);
  EXPECT_EQ(v.f[1], 2.5);
  EXPECT_EQ(v.f[2], -3.0);
  EXPECT_EQ(readTypedText("[true]", Type::Bool, &host, &v), "");
  EXPECT_TRUE(v.b);
  EXPECT_EQ(readTypedText("/nodes/1", Type::Ref, &host, &v), "");
  EXPECT_EQ(v.ref.kind, RefKind::Node);
  EXPECT_EQ(v.ref.index, 1u);
  EXPECT_EQ(readTypedText("2.5", Type::Int, &host, &v),
            "an int value must be a number exactly representable as a 32-bit signed integer");
  EXPECT_EQ(readTypedText("1, 2", Type::Float3, &host, &v), "a float3 value has 3 elements, not 2");
  EXPECT_EQ(readTypedText("[1,", Type::Int, &host, &v), "\"[1,\" is not an int value");
  EXPECT_EQ(readTypedText(std::string(kMaxTypedText + 1, '1'), Type::Int, &host, &v),
            "the value is longer than 4096 characters");
}

}  // namespace
}  // namespace vitrine::interact
