// RFC 6901 JSON pointers: splitting into reference tokens (§3 escapes, §4 array indices) and
// joining them back.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "json_pointer.h"

namespace vitrine::test {
namespace {

using Tokens = std::vector<std::string>;

struct SplitCase {
  const char* name;
  std::string pointer;
  std::optional<Tokens> tokens;  // nullopt: rejected with `error`
  std::string error;
};
void PrintTo(const SplitCase& c, std::ostream* os) {
  *os << c.name;
}

class SplitPointer : public testing::TestWithParam<SplitCase> {};

TEST_P(SplitPointer, GivesTokensOrError) {
  const SplitCase& c = GetParam();
  std::string error = "(untouched)";
  const std::optional<Tokens> tokens = scene::splitJsonPointer(c.pointer, &error);
  EXPECT_EQ(tokens, c.tokens);
  EXPECT_EQ(error, c.tokens ? "(untouched)" : c.error);
}

INSTANTIATE_TEST_SUITE_P(
    Rfc6901, SplitPointer,
    testing::Values(
        SplitCase{"EmptyIsTheWholeDocument", "", Tokens{}, ""},
        SplitCase{"RootSlashIsOneEmptyToken", "/", Tokens{""}, ""},
        SplitCase{"Plain", "/nodes/0/translation", Tokens{"nodes", "0", "translation"}, ""},
        SplitCase{"EmptyTokens", "/a//b/", Tokens{"a", "", "b", ""}, ""},
        SplitCase{"TildeZero", "/a~0b", Tokens{"a~b"}, ""},
        SplitCase{"TildeOne", "/a~1b", Tokens{"a/b"}, ""},
        // §4: "~01" is "~1" (decode ~0 first, never re-decode), not "/".
        SplitCase{"TildeZeroOneIsTildeOne", "/~01", Tokens{"~1"}, ""},
        SplitCase{"TildeOneZero", "/~10", Tokens{"/0"}, ""},
        SplitCase{"OnlyEscapes", "/~0~1~0", Tokens{"~/~"}, ""},
        SplitCase{"Unicode", "/m\xc3\xa9sh", Tokens{"m\xc3\xa9sh"}, ""},
        SplitCase{"NoLeadingSlash", "nodes/0", std::nullopt, "a JSON pointer starts with '/'"},
        SplitCase{"HashFragmentIsNotAPointer", "#/nodes/0", std::nullopt,
                  "a JSON pointer starts with '/'"},
        SplitCase{"TildeAtEnd", "/a~", std::nullopt, "'~' at offset 2 must be followed by 0 or 1"},
        SplitCase{"TildeTwo", "/a~2", std::nullopt, "'~' at offset 2 must be followed by 0 or 1"},
        SplitCase{"TildeSlash", "/~/x", std::nullopt,
                  "'~' at offset 1 must be followed by 0 or 1"}));

struct IndexCase {
  const char* name;
  std::string token;
  std::optional<uint32_t> index;
};
void PrintTo(const IndexCase& c, std::ostream* os) {
  *os << c.name;
}

class ArrayIndex : public testing::TestWithParam<IndexCase> {};

TEST_P(ArrayIndex, ParsesDigitsWithoutLeadingZero) {
  EXPECT_EQ(scene::parseArrayIndex(GetParam().token), GetParam().index);
}

INSTANTIATE_TEST_SUITE_P(Rfc6901, ArrayIndex,
                         testing::Values(IndexCase{"Zero", "0", 0u}, IndexCase{"Seven", "7", 7u},
                                         IndexCase{"Large", "123456", 123456u},
                                         IndexCase{"LargestAccepted", "2147483647", 2147483647u},
                                         IndexCase{"TooLarge", "2147483648", std::nullopt},
                                         IndexCase{"Huge", "99999999999999999999", std::nullopt},
                                         IndexCase{"LeadingZero", "01", std::nullopt},
                                         IndexCase{"DoubleZero", "00", std::nullopt},
                                         IndexCase{"Dash", "-", std::nullopt},
                                         IndexCase{"Empty", "", std::nullopt},
                                         IndexCase{"Negative", "-1", std::nullopt},
                                         IndexCase{"Plus", "+1", std::nullopt},
                                         IndexCase{"Letters", "1a", std::nullopt},
                                         IndexCase{"Space", " 1", std::nullopt},
                                         IndexCase{"Fraction", "1.0", std::nullopt}));

TEST(JoinPointer, EscapesTildeAndSlash) {
  EXPECT_EQ(scene::joinJsonPointer({}), "");
  EXPECT_EQ(scene::joinJsonPointer({"nodes", "0", "extras", "a/b", "~c"}),
            "/nodes/0/extras/a~1b/~0c");
  EXPECT_EQ(scene::joinJsonPointer({""}), "/");
}

TEST(JoinPointer, RoundTripsEverySplitPointer) {
  for (const char* p : {"", "/", "/a~1b/~0c", "/~01", "/nodes/0/extras/x~1y~0z", "/a//b/"}) {
    std::string error;
    const std::optional<Tokens> tokens = scene::splitJsonPointer(p, &error);
    ASSERT_TRUE(tokens) << p << ": " << error;
    EXPECT_EQ(scene::joinJsonPointer(*tokens), p);
  }
}

}  // namespace
}  // namespace vitrine::test
