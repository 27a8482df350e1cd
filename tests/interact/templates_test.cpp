// The two template languages of KHR_interactivity on every example the specification lists:
// "JSON Pointer Template Parsing" (its valid and invalid syntax examples, with the parameter
// ids and types each valid one yields), "Effective JSON Pointer Generation" (its examples) and
// the message templates of debug/log ("Log", the four-state machine).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "templates.h"

namespace vitrine::interact {
namespace {

struct Expected {
  std::string id;
  bool isRef;
};

// The parameters of a template the specification calls valid, as (id, is a ref) pairs.
std::vector<Expected> paramsOf(const std::string& pointer) {
  const auto params = parsePointerTemplate(pointer);
  EXPECT_TRUE(params.has_value()) << pointer;
  std::vector<Expected> out;
  if (params) {
    for (const TemplateParam& p : *params) out.push_back({p.id, p.isRef});
  }
  return out;
}

bool operator==(const Expected& a, const Expected& b) {
  return a.id == b.id && a.isRef == b.isRef;
}

void PrintTo(const Expected& e, std::ostream* os) {
  *os << (e.isRef ? "{" : "[") << e.id << (e.isRef ? "}" : "]");
}

using Params = std::vector<Expected>;

// --- "JSON Pointer Template Parsing": Valid Syntax Examples, in the order listed ---

TEST(TemplatePointerParse, AnUnknownPropertyIsValidWithNoParameter) {
  EXPECT_EQ(paramsOf("/myProperty"), Params{});
}

TEST(TemplatePointerParse, AStaticPointerIsValidWithNoParameter) {
  EXPECT_EQ(paramsOf("/nodes/0/scale"), Params{});
}

TEST(TemplatePointerParse, SquareBracketsMakeAnIntParameter) {
  EXPECT_EQ(paramsOf("/nodes/[index]/scale"), (Params{{"index", false}}));
}

TEST(TemplatePointerParse, CurlyBracketsMakeARefParameter) {
  EXPECT_EQ(paramsOf("/nodes/{index}/scale"), (Params{{"index", true}}));
}

TEST(TemplatePointerParse, DoubledCurlyBracketsAreALiteralSegment) {
  EXPECT_EQ(paramsOf("/nodes/[index]/extras/{{index}}"), (Params{{"index", false}}));
}

TEST(TemplatePointerParse, DoubledSquareBracketsAreALiteralSegment) {
  EXPECT_EQ(paramsOf("/nodes/{index}/extras/[[index]]"), (Params{{"index", true}}));
}

TEST(TemplatePointerParse, TildesInAParameterAreDecoded) {
  // The specification's "/nodes/{\~0~0index\~0~0}/rotation" (AsciiDoc escapes the first tilde
  // of each pair) yields the ref socket "~~index~~".
  EXPECT_EQ(paramsOf("/nodes/{~0~0index~0~0}/rotation"), (Params{{"~~index~~", true}}));
}

TEST(TemplatePointerParse, AnEncodedSlashInAParameterIsDecoded) {
  EXPECT_EQ(paramsOf("/nodes/[my~1index]/scale"), (Params{{"my/index", false}}));
}

// Beyond the list: several parameters in order of appearance, the empty pointer, empty and
// doubled-bracket literal segments, and the segment each parameter spans.
TEST(TemplatePointerParse, ParametersComeInTheirOrderOfAppearance) {
  EXPECT_EQ(paramsOf("/nodes/{N}/weights/[W]"), (Params{{"N", true}, {"W", false}}));
  EXPECT_EQ(paramsOf(""), Params{});
  EXPECT_EQ(paramsOf("/nodes//scale"), Params{});
  EXPECT_EQ(paramsOf("/extras/[[[[x]]]]/{{}}"), Params{});
  EXPECT_EQ(paramsOf("/extras/a~0b~1c"), Params{});
}

TEST(TemplatePointerParse, EachParameterSpansItsWholeSegment) {
  const auto params = parsePointerTemplate("/nodes/{N}/weights/[W]");
  ASSERT_TRUE(params.has_value());
  ASSERT_EQ(params->size(), 2u);
  EXPECT_EQ((*params)[0].begin, 7u);  // "{N}"
  EXPECT_EQ((*params)[0].end, 10u);
  EXPECT_EQ((*params)[1].begin, 19u);  // "[W]"
  EXPECT_EQ((*params)[1].end, 22u);
}

// --- "JSON Pointer Template Parsing": Invalid Syntax Examples, every one ---

TEST(TemplatePointerParse, EveryInvalidExampleOfTheSpecificationIsRejected) {
  const char* const kInvalid[] = {
      "/nodes/{index}/extras/~2",        // ~2 is no RFC 6901 escape
      "/nodes/[index]/weights/[index]",  // the same id twice
      "/nodes/{index}/weights/[index]",  // the same id twice, whatever the type
      "/nodes/[/scale",                  // a "[" segment
      "/nodes/{/scale",                  // a "{" segment
      "/nodes/[]/scale",                 // an empty parameter
      "/nodes/{}/scale",                 // an empty parameter
      "/nodes/[index/scale",             // does not end with ]
      "/nodes/{index/scale",             // does not end with }
      "/nodes/[i[ndex]/scale",           // a [ inside a parameter
      "/nodes/[i{ndex]/scale",           // a { inside a parameter
      "/nodes/{i[ndex}/scale",           // a [ inside a parameter
      "/nodes/{i{ndex}/scale",           // a { inside a parameter
      "/nodes/[i]ndex]/scale",           // a ] inside a parameter
      "/nodes/[i}ndex]/scale",           // a } inside a parameter
      "/nodes/{i]ndex}/scale",           // a ] inside a parameter
      "/nodes/{i}ndex}/scale",           // a } inside a parameter
      "/nodes/0/extras/[[i[ndex]]",      // an odd run of [ in a literal segment
      "/nodes/0/extras/{{i{ndex}}",      // an odd run of { in a literal segment
      "/nodes/0/extras/[[index]",        // an odd run of ] in a literal segment
      "/nodes/0/extras/{{index}",        // an odd run of } in a literal segment
  };
  for (const char* t : kInvalid) EXPECT_FALSE(parsePointerTemplate(t).has_value()) << t;
}

TEST(TemplatePointerParse, OtherSyntaxErrorsAreRejected) {
  const char* const kInvalid[] = {
      "nodes/0/scale",   // RFC 6901: a non-empty pointer starts with /
      "/nodes/0/a~",     // a ~ at the end
      "/nodes/[a]x",     // a parameter segment that does not end with its bracket
      "/nodes/{a]",      // mismatched brackets
      "/extras/]",       // a lone ] in a literal segment
      "/extras/a}b",     // a lone } in a literal segment
      "/[a]/{a~1b}/[a]"  // a repeated id after other parameters
  };
  for (const char* t : kInvalid) EXPECT_FALSE(parsePointerTemplate(t).has_value()) << t;
}

// --- "Effective JSON Pointer Generation" ---

std::string effective(const std::string& pointer, const std::vector<std::string>& values) {
  const auto params = parsePointerTemplate(pointer);
  EXPECT_TRUE(params.has_value()) << pointer;
  return params ? effectivePointer(pointer, *params, values) : "";
}

TEST(TemplateEffectivePointer, TheSpecificationsExamples) {
  // "/nodes/{N}/weights/[W]" with N the node 1 (Vitrine writes a node reference as its index)
  // and W = 2.
  EXPECT_EQ(effective("/nodes/{N}/weights/[W]", {"1", "2"}), "/nodes/1/weights/2");
  EXPECT_EQ(effective("/nodes/[index]/extras/{{index}}", {"2"}), "/nodes/2/extras/{index}");
}

TEST(TemplateEffectivePointer, LiteralBracketsAreUndoubledAndTildesKept) {
  EXPECT_EQ(effective("/nodes/{index}/extras/[[index]]", {"7"}), "/nodes/7/extras/[index]");
  EXPECT_EQ(effective("/extras/[[[[x]]]]/{{}}", {}), "/extras/[[x]]/{}");
  EXPECT_EQ(effective("/nodes/0/scale", {}), "/nodes/0/scale");
  EXPECT_EQ(effective("/extras/a~0b/[i]", {"10"}), "/extras/a~0b/10");
}

TEST(TemplateEffectivePointer, UndoubleBraces) {
  EXPECT_EQ(undoubleBraces("{{a}} [[b]]"), "{a} [b]");
  EXPECT_EQ(undoubleBraces("{{{{"), "{{");
  EXPECT_EQ(undoubleBraces("plain"), "plain");
}

// --- "Log": the message template ---

std::vector<std::string> idsOf(const std::string& message) {
  const auto params = parseLogMessage(message);
  EXPECT_TRUE(params.has_value()) << message;
  std::vector<std::string> out;
  if (params) {
    for (const MessageParam& p : *params) out.push_back(p.id);
  }
  return out;
}

using Ids = std::vector<std::string>;

TEST(TemplateLogMessage, ValidMessagesAndTheirParameters) {
  EXPECT_EQ(idsOf(""), Ids{});
  EXPECT_EQ(idsOf("plain text"), Ids{});
  EXPECT_EQ(idsOf("x = {x}"), Ids{"x"});
  EXPECT_EQ(idsOf("{a}{b} and {a}"), (Ids{"a", "b", "a"}));  // a parameter may repeat
  EXPECT_EQ(idsOf("{{literal}} {p}"), Ids{"p"});
  EXPECT_EQ(idsOf("}}{{"), Ids{});
  EXPECT_EQ(idsOf("{a b}"), Ids{"a b"});
  EXPECT_EQ(idsOf("{é}"), Ids{"é"});      // UTF-8: the machine runs on bytes the same
  EXPECT_EQ(idsOf("{{{x}}}"), Ids{"x"});  // "{{" literal, "{x}", "}}" literal
  EXPECT_EQ(idsOf("{{{x}"), Ids{"x"});    // "{{" literal, then "{x}"
}

TEST(TemplateLogMessage, ParameterLocationsAreInclusiveOfTheBraces) {
  const auto params = parseLogMessage("v={v}!");
  ASSERT_TRUE(params.has_value());
  ASSERT_EQ(params->size(), 1u);
  EXPECT_EQ((*params)[0].begin, 2u);
  EXPECT_EQ((*params)[0].end, 5u);
}

TEST(TemplateLogMessage, InvalidMessagesAreRejected) {
  const char* const kInvalid[] = {
      "{",      // state 1 at the end
      "}",      // state 3 at the end
      "{}",     // "}" in state 1
      "{a",     // state 2 at the end
      "{a{b}",  // "{" in state 2
      "}a",     // a character in state 3
      "} {x}",  // a character in state 3
      "}{",     // "{" in state 3
      "a}b",    // a lone } before text
      "{x}}",   // a lone } at the end
      "{{{",    // state 1 at the end, after a literal "{{"
  };
  for (const char* m : kInvalid) EXPECT_FALSE(parseLogMessage(m).has_value()) << m;
}

}  // namespace
}  // namespace vitrine::interact
