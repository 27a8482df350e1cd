// "Validation (Informative)" of KHR_interactivity, step by step, for the extension object and
// the graph's types, variables, events and declarations: every rule refuses a graph (or the
// extension) with its exact message, the JSON pointer of the offending value and the section
// of "JSON Syntax" that states the rule. Nodes: graph_validation_nodes_test.cpp; inline values
// and JSON indices: graph_validation_values_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
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

const std::string kExt = "/extensions/KHR_interactivity";

std::string extMsg(const std::string& at, const std::string& rule, const std::string& section) {
  return kExt + at + ": " + rule + " (KHR_interactivity, \"" + section + "\")";
}

// The refusal of the extension `extension` (JSON text), or "".
std::string extensionRefusal(const std::string& extension, const GraphLimits& limits = {}) {
  FakeHost host;
  const Interactivity loaded = loadInteractivity(Json::parse(extension), host, limits);
  const GraphError* refusal = defaultRefusal(loaded);
  return refusal ? refusal->text() : "";
}

// --- "Extension Object Validation" ---

TEST(GraphValidationExtension, TheExtensionMustBeAnObjectWithANonEmptyGraphsArray) {
  EXPECT_EQ(extensionRefusal("[]"), extMsg("", "the extension must be a JSON object", "General"));
  const std::string graphs = extMsg("/graphs", "`graphs` must be a non-empty array", "General");
  EXPECT_EQ(extensionRefusal("{}"), graphs);
  EXPECT_EQ(extensionRefusal(R"({"graphs": {}})"), graphs);
  EXPECT_EQ(extensionRefusal(R"({"graphs": []})"), graphs);
  EXPECT_EQ(extensionRefusal(R"({"graphs": 0})"), graphs);
}

TEST(GraphValidationExtension, TheGraphCountIsBoundedBeforeAnyGraphIsRead) {
  GraphLimits limits;
  limits.maxGraphs = 1;
  EXPECT_EQ(extensionRefusal(R"({"graphs": [5, 6]})", limits),
            extMsg("/graphs", "2 graphs exceed Vitrine's limit of 1", "Static Limits"));
}

TEST(GraphValidationExtension, TheGraphPropertyMustBeAJsonIndex) {
  const std::string rule = extMsg("/graph", "`graph` must be a JSON index", "General");
  for (const char* g : {"-1", "0.5", "\"0\"", "true", "null", "2147483648", "[0]"}) {
    EXPECT_EQ(extensionRefusal(std::string(R"({"graphs": [{}], "graph": )") + g + "}"), rule) << g;
  }
}

TEST(GraphValidationExtension, TheGraphPropertyMustBeLessThanTheGraphCount) {
  EXPECT_EQ(extensionRefusal(R"({"graphs": [{}, {}], "graph": 2})"),
            extMsg("/graph", "the default graph 2 is not less than the 2 graphs", "General"));
}

TEST(GraphValidationExtension, TheGraphPropertyIsReadAsAJsonIndex) {
  FakeHost host;
  for (const char* g : {"1", "1.0", "0.1e1"}) {
    const Interactivity loaded = loadInteractivity(
        Json::parse(std::string(R"({"graphs": [{}, {}], "graph": )") + g + "}"), host);
    EXPECT_FALSE(loaded.extensionError.has_value()) << g;
    EXPECT_EQ(loaded.defaultGraph, 1u) << g;
  }
  const Interactivity absent = loadInteractivity(Json::parse(R"({"graphs": [{}]})"), host);
  EXPECT_EQ(absent.defaultGraph, 0u);
}

TEST(GraphValidationExtension, AnInvalidDefaultGraphRefusesTheExtension) {
  // Step 3.c: the extension's refusal is the default graph's own.
  FakeHost host;
  const Interactivity loaded =
      loadInteractivity(Json::parse(R"({"graphs": [{}, {"types": []}], "graph": 1})"), host);
  ASSERT_TRUE(loaded.extensionError.has_value());
  EXPECT_EQ(loaded.extensionError->text(),
            kExt +
                "/graphs/1/types: `types` must be a non-empty array (empty arrays are omitted) "
                "(KHR_interactivity, \"Types\")");
  ASSERT_EQ(loaded.graphs.size(), 2u);
  EXPECT_NE(loaded.graphs[0], nullptr);
  EXPECT_EQ(loaded.graphs[1], nullptr);
}

TEST(GraphValidationExtension, AnotherInvalidGraphLeavesAValidDefaultAlone) {
  // "JSON Syntax", "General": one invalid graph does not invalidate the others.
  FakeHost host;
  const Interactivity loaded = loadInteractivity(
      Json::parse(R"({"graphs": [{}, 7, {"types": [{"signature": "int"}, {"signature": "int"}]},
                                 {"types": [{"signature": "int"}]}], "graph": 0})"),
      host);
  EXPECT_FALSE(loaded.extensionError.has_value());
  ASSERT_EQ(loaded.graphs.size(), 4u);
  EXPECT_NE(loaded.graphs[0], nullptr);
  EXPECT_EQ(loaded.graphs[1], nullptr);
  EXPECT_EQ(loaded.graphs[2], nullptr);
  EXPECT_NE(loaded.graphs[3], nullptr);
  ASSERT_EQ(loaded.errors.size(), 4u);
  EXPECT_TRUE(loaded.errors[0].rule.empty());
  EXPECT_EQ(loaded.errors[1].text(),
            kExt + "/graphs/1: a graph must be a JSON object (KHR_interactivity, \"General\")");
  EXPECT_EQ(loaded.errors[2].text(), kExt +
                                         "/graphs/2/types/1/signature: the signature \"int\" "
                                         "appears more than once (KHR_interactivity, \"Types\")");
  EXPECT_TRUE(loaded.errors[3].rule.empty());
}

TEST(GraphValidationExtension, WithoutTheGraphPropertyAnInvalidGraphZeroLeavesTheOthersUsable) {
  // "If the currently selected graph is invalid ... implementations MAY treat the asset as not
  // having interactivity at all": Vitrine does (defaultRefusal), but "Extension Object
  // Validation" rejects the extension only for a `graph` property naming an invalid graph, so
  // graph 1 stays usable (--graph 1).
  EXPECT_EQ(extensionRefusal(R"({"graphs": [5, {}]})"),
            msg("", "a graph must be a JSON object", "General"));
  FakeHost host;
  const Interactivity loaded = loadInteractivity(Json::parse(R"({"graphs": [5, {}]})"), host);
  EXPECT_FALSE(loaded.extensionError.has_value());
  EXPECT_NE(loaded.graphs[1], nullptr);
}

// --- "Graph Object Validation" step 1 and 2: the graph, its types ---

TEST(GraphValidationGraph, AGraphMustBeAnObject) {
  FakeHost host;
  EXPECT_EQ(refusal("5", host), msg("", "a graph must be a JSON object", "General"));
  EXPECT_EQ(refusal("[]", host), msg("", "a graph must be a JSON object", "General"));
  EXPECT_NE(accepted("{}", host), nullptr);
}

TEST(GraphValidationTypes, TypesMustBeANonEmptyArrayOfObjectsWithAStringSignature) {
  FakeHost host;
  const std::string array =
      msg("/types", "`types` must be a non-empty array (empty arrays are omitted)", "Types");
  EXPECT_EQ(refusal(R"({"types": []})", host), array);
  EXPECT_EQ(refusal(R"({"types": {}})", host), array);
  EXPECT_EQ(refusal(R"({"types": [5]})", host),
            msg("/types/0", "a type must be a JSON object", "Types"));
  const std::string signature =
      msg("/types/0/signature", "a type must have a string `signature`", "Types");
  EXPECT_EQ(refusal(R"({"types": [{}]})", host), signature);
  EXPECT_EQ(refusal(R"({"types": [{"signature": 3}]})", host), signature);
}

TEST(GraphValidationTypes, ASignatureMustBeKnownAndIsCaseSensitive) {
  FakeHost host;
  EXPECT_EQ(refusal(R"({"types": [{"signature": "int"}, {"signature": "float5"}]})", host),
            msg("/types/1/signature", "unknown type signature \"float5\"", "Types"));
  EXPECT_EQ(refusal(R"({"types": [{"signature": "Float"}]})", host),
            msg("/types/0/signature", "unknown type signature \"Float\"", "Types"));
}

TEST(GraphValidationTypes, EverySignatureIsAccepted) {
  FakeHost host;
  const auto g = accepted(R"({"types": [
      {"signature": "bool"}, {"signature": "custom"}, {"signature": "float"},
      {"signature": "float2"}, {"signature": "float3"}, {"signature": "float4"},
      {"signature": "float2x2"}, {"signature": "float3x3"}, {"signature": "float4x4"},
      {"signature": "int"}, {"signature": "ref"}]})",
                          host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->types, (std::vector<Type>{Type::Bool, Type::Custom, Type::Float, Type::Float2,
                                         Type::Float3, Type::Float4, Type::Float2x2, Type::Float3x3,
                                         Type::Float4x4, Type::Int, Type::Ref}));
}

TEST(GraphValidationTypes, RefIsAcceptedThoughTheValidationListOmitsIt) {
  // Known discrepancy: "Graph Object Validation" step 2.c.iii lists every signature but "ref";
  // "Value Socket Types" defines ref, and ref sockets (pointer/*, animation/*) need it.
  FakeHost host;
  const auto g = accepted(R"({"types": [{"signature": "ref"}]})", host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->types, std::vector<Type>{Type::Ref});
}

TEST(GraphValidationTypes, ANonCustomSignatureAppearsOnce) {
  FakeHost host;
  // Even with extensions or extras ("Types").
  EXPECT_EQ(refusal(R"({"types": [{"signature": "int"}, {"signature": "float"},
                                  {"signature": "int", "extras": {"why": "still int"}}]})",
                    host),
            msg("/types/2/signature", "the signature \"int\" appears more than once", "Types"));
  EXPECT_EQ(refusal(R"({"types": [{"signature": "ref"}, {"signature": "ref"}]})", host),
            msg("/types/1/signature", "the signature \"ref\" appears more than once", "Types"));
  EXPECT_NE(accepted(R"({"types": [{"signature": "custom"}, {"signature": "custom"}]})", host),
            nullptr);
}

TEST(GraphValidationTypes, DuplicatesAreLookedForOnceEveryTypeIsValid) {
  // Step 2.c checks every element before step 2.d looks for duplicates.
  FakeHost host;
  EXPECT_EQ(refusal(R"({"types": [{"signature": "int"}, {"signature": "int"},
                                  {"signature": "bogus"}]})",
                    host),
            msg("/types/2/signature", "unknown type signature \"bogus\"", "Types"));
}

// --- Step 3 and "Variable Object Validation" (inline values: graph_validation_values_test) ---

TEST(GraphValidationVariables, VariablesNeedTheTypesArrayFirst) {
  FakeHost host;
  const std::string rule =
      msg("/variables", "variables need the graph's `types` array", "Variables");
  EXPECT_EQ(refusal(R"({"variables": [{"type": 0}]})", host), rule);
  EXPECT_EQ(refusal(R"({"variables": []})", host), rule);  // 3.a before 3.b
}

TEST(GraphValidationVariables, VariablesMustBeANonEmptyArrayOfObjectsWithAType) {
  FakeHost host;
  const std::string t = R"("types": [{"signature": "float"}], )";
  const std::string array =
      msg("/variables", "`variables` must be a non-empty array (empty arrays are omitted)",
          "Variables");
  EXPECT_EQ(refusal("{" + t + R"("variables": []})", host), array);
  EXPECT_EQ(refusal("{" + t + R"("variables": {"type": 0}})", host), array);
  EXPECT_EQ(refusal("{" + t + R"("variables": [5]})", host),
            msg("/variables/0", "a variable must be a JSON object", "Variables"));
  EXPECT_EQ(refusal("{" + t + R"("variables": [{"type": 0}, {"value": [1]}]})", host),
            msg("/variables/1", "a variable must have a `type`", "Variables"));
}

TEST(GraphValidationVariables, TheTypeMustBeAJsonIndexLessThanTheTypeCount) {
  FakeHost host;
  const std::string t = R"({"types": [{"signature": "float"}], "variables": [{"type": )";
  for (const char* type : {"-1", "1.5", "\"0\"", "true", "null", "2147483648", "[0]"}) {
    EXPECT_EQ(refusal(t + type + "}]}", host),
              msg("/variables/0/type", "the type must be a JSON index (a non-negative integer)",
                  "Variables"))
        << type;
  }
  EXPECT_EQ(refusal(t + "1}]}", host),
            msg("/variables/0/type", "the type index 1 is not less than the 1 types of the graph",
                "Variables"));
}

TEST(GraphValidationVariables, TheVariableCountIsBoundedBeforeAnyVariableIsRead) {
  GraphLimits limits;
  limits.maxVariables = 2;
  EXPECT_EQ(refused(R"({"types": [{"signature": "int"}], "variables": [1, 2, 3]})", limits),
            msg("/variables", "3 variables exceed Vitrine's limit of 2", "Static Limits"));
}

// --- Step 4 and "Event Object Validation" ---

TEST(GraphValidationEvents, EventsMustBeANonEmptyArrayOfObjects) {
  FakeHost host;
  EXPECT_EQ(
      refusal(R"({"events": []})", host),
      msg("/events", "`events` must be a non-empty array (empty arrays are omitted)", "Events"));
  EXPECT_EQ(refusal(R"({"events": [{}, 5]})", host),
            msg("/events/1", "an event must be a JSON object", "Events"));
  EXPECT_EQ(refusal(R"({"events": [{"id": 5}]})", host),
            msg("/events/0/id", "an event id must be a string", "Events"));
}

TEST(GraphValidationEvents, AnEventIdIsDefinedOnce) {
  FakeHost host;
  EXPECT_EQ(refusal(R"({"events": [{"id": "a"}, {}, {"id": "a"}]})", host),
            msg("/events/2/id", "the event id \"a\" is defined more than once", "Events"));
  // Ids are case-sensitive; events without an id are internal and may be many.
  EXPECT_NE(accepted(R"({"events": [{"id": "a"}, {"id": "A"}, {}, {}]})", host), nullptr);
}

TEST(GraphValidationEvents, DuplicateIdsAreLookedForOnceEveryEventIsValid) {
  // Step 4.c validates every event before step 4.d looks for duplicate ids.
  FakeHost host;
  EXPECT_EQ(refusal(R"({"events": [{"id": "a"}, {"id": "a"}, {"values": {}}]})", host),
            msg("/events/2/values", "`values` must be a non-empty object", "Events"));
}

TEST(GraphValidationEvents, EventValuesAreObjectsWithATypeAndNoneIsNamedEvent) {
  FakeHost host;
  const std::string t = R"({"types": [{"signature": "int"}], "events": [{"values": )";
  EXPECT_EQ(refusal(t + "[1]}]}", host),
            msg("/events/0/values", "`values` must be a non-empty object", "Events"));
  EXPECT_EQ(refusal(t + R"({"a": {"type": 0}, "event": {"type": 0}}}]})", host),
            msg("/events/0/values/event", "an event value must not be named `event`", "Events"));
  EXPECT_EQ(refusal(t + R"({"a/b~": 5}}]})", host),
            msg("/events/0/values/a~1b~0", "an event value must be a JSON object", "Events"));
  EXPECT_EQ(refusal(t + R"({"a": {"value": [1]}}}]})", host),
            msg("/events/0/values/a", "an event value must have a `type`", "Events"));
  EXPECT_EQ(refusal(t + R"({"a": {"type": 0.5}}}]})", host),
            msg("/events/0/values/a/type", "the type must be a JSON index (a non-negative integer)",
                "Events"));
  EXPECT_EQ(refusal(t + R"({"a": {"type": 3}}}]})", host),
            msg("/events/0/values/a/type",
                "the type index 3 is not less than the 1 types of the graph", "Events"));
  EXPECT_EQ(refusal(t + R"({"a": {"type": 0, "value": []}}}]})", host),
            msg("/events/0/values/a/value", "an inline value must be a non-empty array", "Events"));
}

TEST(GraphValidationEvents, TheSpecificationsExampleIsAccepted) {
  FakeHost host;
  const auto g = accepted(R"({"types": [{"signature": "int"}], "events": [{},
      {"id": "checkout", "values": {"variant": {"type": 0, "value": [-1]}, "Event": {"type": 0}}}]})",
                          host);
  ASSERT_NE(g, nullptr);
  ASSERT_EQ(g->events.size(), 2u);
  EXPECT_FALSE(g->events[0].hasId);
  EXPECT_EQ(g->events[1].id, "checkout");
  EXPECT_EQ(g->events[1].valueIds, (std::vector<std::string>{"Event", "variant"}));
  EXPECT_EQ(g->events[1].initial[0].i, 0);
  EXPECT_EQ(g->events[1].initial[1].i, -1);
}

TEST(GraphValidationEvents, EventAndEventValueCountsAreBounded) {
  GraphLimits limits;
  limits.maxEvents = 1;
  EXPECT_EQ(refused(R"({"events": [1, 2]})", limits),
            msg("/events", "2 events exceed Vitrine's limit of 1", "Static Limits"));
  limits = {};
  limits.maxEventValues = 1;
  EXPECT_EQ(refused(R"({"events": [{"values": {"a": 1, "b": 2}}]})", limits),
            msg("/events/0/values", "2 event values exceed Vitrine's limit of 1", "Static Limits"));
}

// --- Step 5 and "Declaration Object Validation" ---

TEST(GraphValidationDeclarations, DeclarationsMustBeANonEmptyArrayOfObjectsWithAStringOp) {
  FakeHost host;
  EXPECT_EQ(
      refusal(R"({"declarations": []})", host),
      msg("/declarations", "`declarations` must be a non-empty array (empty arrays are omitted)",
          "Declarations"));
  EXPECT_EQ(refusal(R"({"declarations": [5]})", host),
            msg("/declarations/0", "a declaration must be a JSON object", "Declarations"));
  const std::string op =
      msg("/declarations/0/op", "a declaration must have a string `op`", "Declarations");
  EXPECT_EQ(refusal(R"({"declarations": [{}]})", host), op);
  EXPECT_EQ(refusal(R"({"declarations": [{"op": 5}]})", host), op);
}

TEST(GraphValidationDeclarations, ACoreOperationMustExist) {
  FakeHost host;
  const auto rule = [](const std::string& op) {
    return msg("/declarations/0/op",
               "\"" + op +
                   "\" is not an operation of KHR_interactivity (an extension's operation names "
                   "its `extension`)",
               "Declarations");
  };
  EXPECT_EQ(refusal(R"({"declarations": [{"op": "math/foo"}]})", host), rule("math/foo"));
  EXPECT_EQ(refusal(R"({"declarations": [{"op": "math/Add"}]})", host), rule("math/Add"));
  // The node extensions' operations are not this Specification's.
  EXPECT_EQ(refusal(R"({"declarations": [{"op": "event/onSelect"}]})", host),
            rule("event/onSelect"));
}

TEST(GraphValidationDeclarations, ACoreOperationDeclaresNoSockets) {
  FakeHost host;
  const std::string rule = msg("/declarations/0",
                               "a core operation's declaration must not define inputValueSockets "
                               "or outputValueSockets",
                               "Declarations");
  EXPECT_EQ(refusal(R"({"types": [{"signature": "int"}], "declarations": [{"op": "math/add",
      "inputValueSockets": {"a": {"type": 0}, "b": {"type": 0}}}]})",
                    host),
            rule);
  EXPECT_EQ(refusal(R"({"types": [{"signature": "int"}], "declarations": [{"op": "math/add",
      "outputValueSockets": {"value": {"type": 0}}}]})",
                    host),
            rule);
}

TEST(GraphValidationDeclarations, ExtensionSocketsAreNonEmptyObjectsOfTypedSockets) {
  FakeHost host;
  const std::string t = R"({"types": [{"signature": "int"}], "declarations": [{"op": "x/y", )";
  EXPECT_EQ(refusal(t + R"("extension": 5}]})", host),
            msg("/declarations/0/extension", "`extension` must be a string", "Declarations"));
  EXPECT_EQ(refusal(t + R"("extension": "VND_x", "inputValueSockets": {}}]})", host),
            msg("/declarations/0/inputValueSockets",
                "`inputValueSockets` must be a non-empty object", "Declarations"));
  EXPECT_EQ(refusal(t + R"("extension": "VND_x", "outputValueSockets": [1]}]})", host),
            msg("/declarations/0/outputValueSockets",
                "`outputValueSockets` must be a non-empty object", "Declarations"));
  const std::string socket =
      msg("/declarations/0/inputValueSockets/a",
          "a socket declaration must be an object with a `type`", "Declarations");
  EXPECT_EQ(refusal(t + R"("extension": "VND_x", "inputValueSockets": {"a": 5}}]})", host), socket);
  EXPECT_EQ(refusal(t + R"("extension": "VND_x", "inputValueSockets": {"a": {}}}]})", host),
            socket);
  EXPECT_EQ(
      refusal(t + R"("extension": "VND_x", "inputValueSockets": {"a": {"type": -1}}}]})", host),
      msg("/declarations/0/inputValueSockets/a/type",
          "the type must be a JSON index (a non-negative integer)", "Declarations"));
  EXPECT_EQ(
      refusal(t + R"("extension": "VND_x", "outputValueSockets": {"v": {"type": 1}}}]})", host),
      msg("/declarations/0/outputValueSockets/v/type",
          "the type index 1 is not less than the 1 types of the graph", "Declarations"));
  EXPECT_EQ(refusal(R"({"declarations": [{"op": "x/y", "extension": "VND_x",
                        "outputValueSockets": {"v": {"type": 0}}}]})",
                    host),
            msg("/declarations/0/outputValueSockets", "sockets need the graph's `types` array",
                "Declarations"));
}

TEST(GraphValidationDeclarations, DeclarationAndSocketCountsAreBounded) {
  GraphLimits limits;
  limits.maxDeclarations = 2;
  EXPECT_EQ(refused(R"({"declarations": [1, 2, 3]})", limits),
            msg("/declarations", "3 declarations exceed Vitrine's limit of 2", "Static Limits"));
  limits = {};
  limits.maxDeclarationSockets = 1;
  EXPECT_EQ(refused(R"({"declarations": [{"op": "x/y", "extension": "VND_x",
                        "inputValueSockets": {"a": 1, "b": 2}}]})",
                    limits),
            msg("/declarations/0/inputValueSockets", "2 sockets exceed Vitrine's limit of 1",
                "Static Limits"));
}

TEST(GraphValidationDeclarations, EqualDeclarationsAreRefused) {
  FakeHost host;
  EXPECT_EQ(
      refusal(R"({"declarations": [{"op": "math/E"}, {"op": "math/Pi"}, {"op": "math/E"}]})", host),
      msg("/declarations/2", "declarations 0 and 2 are equal", "Declarations"));
}

// The three declarations of the specification's example ("Declarations"): all equal.
const char* const kMin3[] = {
    R"({"op": "math/min3", "extension": "VND_interactivity_min3",
        "inputValueSockets": {"a": {"type": 0}, "b": {"type": 0}, "c": {"type": 0}},
        "outputValueSockets": {"value": {"type": 0}}})",
    R"({"op": "math/min3", "extension": "VND_interactivity_min3",
        "inputValueSockets": {"b": {"type": 0}, "a": {"type": 0}, "c": {"type": 0}},
        "outputValueSockets": {"value": {"type": 0}}})",
    R"({"op": "math/min3", "extension": "VND_interactivity_min3",
        "inputValueSockets": {"a": {"type": 0}, "b": {"type": 0}, "c": {"type": 0}},
        "outputValueSockets": {"value": {"type": 1}}})",
};

std::string min3Graph(const std::string& declarations) {
  return R"({"types": [{"signature": "int"}, {"signature": "float"}], "declarations": [)" +
         declarations + "]}";
}

TEST(GraphValidationDeclarations, TheSpecificationsThreeEqualDeclarations) {
  FakeHost host;
  const std::string all = std::string(kMin3[0]) + "," + kMin3[1] + "," + kMin3[2];
  EXPECT_EQ(refusal(min3Graph(all), host),
            msg("/declarations/1", "declarations 0 and 1 are equal", "Declarations"));
  // Sockets in another order are the same sockets; output sockets do not count.
  EXPECT_EQ(refusal(min3Graph(std::string(kMin3[1]) + "," + kMin3[2]), host),
            msg("/declarations/1", "declarations 0 and 1 are equal", "Declarations"));
}

TEST(GraphValidationDeclarations, DeclarationsThatDifferAreNotEqual) {
  FakeHost host;
  // Another extension, another input type, no extension, no input sockets.
  EXPECT_NE(accepted(min3Graph(std::string(kMin3[0]) + R"(,
      {"op": "math/min3", "extension": "VND_other",
       "inputValueSockets": {"a": {"type": 0}, "b": {"type": 0}, "c": {"type": 0}}},
      {"op": "math/min3", "extension": "VND_interactivity_min3",
       "inputValueSockets": {"a": {"type": 1}, "b": {"type": 0}, "c": {"type": 0}}},
      {"op": "math/min3", "extension": "VND_interactivity_min3"},
      {"op": "math/min"}, {"op": "math/min", "extension": "VND_interactivity_min3"})"),
                     host),
            nullptr);
  // Two "custom" types are two types: "the same type indices" decide.
  EXPECT_NE(accepted(R"({"types": [{"signature": "custom"}, {"signature": "custom"}],
      "declarations": [{"op": "x/y", "extension": "VND_x", "inputValueSockets": {"a": {"type": 0}}},
                       {"op": "x/y", "extension": "VND_x", "inputValueSockets": {"a": {"type": 1}}}]})",
                     host),
            nullptr);
}

// --- "Unsupported Declarations": extension operations ---

// An event/onSelect declaration with `outputs` (KHR_node_selectability), one node using it.
std::string onSelectGraph(const std::string& extension, const std::string& outputs) {
  return R"({"types": [{"signature": "ref"}, {"signature": "int"}, {"signature": "float3"}],
             "declarations": [{"op": "event/onSelect", "extension": ")" +
         extension + R"(", "outputValueSockets": )" + outputs + R"(}, {"op": "math/length"}],
             "nodes": [{"declaration": 0, "configuration": {"nodeIndex": {"value": [0]}}},
                       {"declaration": 1, "values": {"a": {"node": 0, "socket": "selectionPoint"}}}]})";
}

const std::string kSelectOutputs = R"({"selectedNode": {"type": 0}, "controllerIndex": {"type": 1},
    "selectionPoint": {"type": 2}, "selectionRayOrigin": {"type": 2}, "event": {"type": 0}})";

TEST(GraphValidationExtensionDeclarations, OnSelectWithItsExactSocketsRuns) {
  FakeHost host;
  host.arrays["/nodes"] = 1;
  const auto g = accepted(onSelectGraph("KHR_node_selectability", kSelectOutputs), host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].op, Op::OnSelect);
  EXPECT_EQ(g->nodes[0].param, 0);  // nodeIndex
  EXPECT_EQ(g->nodes[0].outputCount, 5u);
}

TEST(GraphValidationExtensionDeclarations, AMismatchedDeclarationIsANoOpNotARefusal) {
  FakeHost host;
  host.arrays["/nodes"] = 1;
  // The specification's own example declares three of the five output sockets that
  // KHR_node_selectability defines: not exactly the same sockets, so unsupported.
  const std::string three = R"({"selectedNode": {"type": 0}, "controllerIndex": {"type": 1},
                                "selectionPoint": {"type": 2}})";
  const std::string wrongType = R"({"selectedNode": {"type": 1}, "controllerIndex": {"type": 1},
      "selectionPoint": {"type": 2}, "selectionRayOrigin": {"type": 2}, "event": {"type": 0}})";
  for (const std::string& outputs : {three, wrongType}) {
    const auto g = accepted(onSelectGraph("KHR_node_selectability", outputs), host);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->nodes[0].op, Op::Noop);
    // Its output value sockets are the declared ones, with type-default values: node 1 reads
    // selectionPoint, a float3 of NaNs.
    const Value& point = g->values[g->inputs[g->nodes[1].input0]];
    EXPECT_EQ(point.type, Type::Float3);
    EXPECT_TRUE(std::isnan(point.f[0]));
  }
  // The operation named under another extension, or an unknown extension.
  for (const char* ext : {"KHR_node_hoverability", "VND_select"}) {
    const auto g = accepted(onSelectGraph(ext, kSelectOutputs), host);
    ASSERT_NE(g, nullptr);
    EXPECT_EQ(g->nodes[0].op, Op::Noop) << ext;
  }
}

TEST(GraphValidationExtensionDeclarations, OnSelectWithInputSocketsIsANoOp) {
  FakeHost host;
  const auto g = accepted(R"({"types": [{"signature": "int"}],
      "declarations": [{"op": "event/onSelect", "extension": "KHR_node_selectability",
                        "inputValueSockets": {"x": {"type": 0}}}],
      "nodes": [{"declaration": 0, "values": {"x": {"type": 0, "value": [1]}}}]})",
                          host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].op, Op::Noop);
}

TEST(GraphValidationExtensionDeclarations, HoverOperationsWithTheirSocketsRun) {
  FakeHost host;
  const auto g = accepted(R"({"types": [{"signature": "ref"}, {"signature": "int"}],
      "declarations": [
        {"op": "event/onHoverIn", "extension": "KHR_node_hoverability", "outputValueSockets":
          {"hoveredNode": {"type": 0}, "controllerIndex": {"type": 1}, "event": {"type": 0}}},
        {"op": "event/onHoverOut", "extension": "KHR_node_hoverability", "outputValueSockets":
          {"hoveredNode": {"type": 0}, "controllerIndex": {"type": 1}, "event": {"type": 0}}}],
      "nodes": [{"declaration": 0}, {"declaration": 1}]})",
                          host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].op, Op::OnHoverIn);
  EXPECT_EQ(g->nodes[1].op, Op::OnHoverOut);
}

TEST(GraphValidationExtensionDeclarations, ANoOpNodeStillNeedsItsDeclaredInputs) {
  // "Input Value Sockets": the sockets "defined by the declaration" must be in `values`.
  FakeHost host;
  const std::string graph = min3Graph(kMin3[0]);
  const std::string head = graph.substr(0, graph.size() - 1) + R"(, "nodes": [{"declaration": 0,
      "values": {"a": {"type": 0}, "b": {"type": 0})";
  EXPECT_EQ(refusal(head + "}}]}", host),
            msg("/nodes/0", "the input value socket \"c\" of math/min3 is missing",
                "Input Value Sockets"));
  EXPECT_EQ(refusal(head + R"(, "c": {"type": 1}}}]})", host),
            msg("/nodes/0/values/c",
                "the input value socket \"c\" of math/min3 must be an int, not a float",
                "Input Value Sockets"));
  const auto g = accepted(head + R"(, "c": {"type": 0}}}]})", host);
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->nodes[0].op, Op::Noop);
  EXPECT_EQ(g->values[g->nodes[0].output0].type, Type::Int);
  EXPECT_EQ(g->values[g->nodes[0].output0].i, 0);
}

}  // namespace
}  // namespace vitrine::interact
