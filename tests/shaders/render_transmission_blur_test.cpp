// The transmission pass's blur at two picture sizes (issue 22): a rough pane over the backdrop's
// edge (transmission_scene.h) blurs the same share of the picture at 64 and at 512 pixels.
#include <cmath>
#include <vector>

#include "render_fixture.h"
#include "transmission_scene.h"

namespace vitrine::test {
namespace {

// One row of an image as linear radiance (the sRGB bytes decoded), averaged over `block` x
// `block` squares: a large render reduced to the size of a small one.
std::vector<glm::dvec3> linearRow(const Pixels& pixels, int row, int block) {
  std::vector<glm::dvec3> out(pixels.width / block, glm::dvec3(0.0));
  const auto decode = [](double c) {
    c /= 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
  };
  for (int x = 0; x < int(pixels.width); ++x)
    for (int y = row * block; y < (row + 1) * block; ++y) {
      const glm::u8vec4 c = pixelAt(pixels, x, y);
      out[x / block] += glm::dvec3(decode(c.r), decode(c.g), decode(c.b)) / double(block * block);
    }
  return out;
}

// The columns of a row between its two sides: farther than 5 % of their difference from the
// value at either end.
int blurredColumns(const std::vector<glm::dvec3>& row) {
  const double left = row.front().b, right = row.back().b;
  int count = 0;
  for (const glm::dvec3& c : row)
    if (std::abs(c.b - left) > 0.05 * std::abs(right - left) &&
        std::abs(c.b - right) > 0.05 * std::abs(right - left))
      ++count;
  return count;
}

// The blur of a rough transmissive surface is a property of the scene, not of the picture's
// size (issue 22): the same pane of roughness 0.5 over the backdrop's edge rendered at 64 and
// at 512 pixels, the large one reduced to 64 by averaging 8 x 8 squares, blur the same share
// of the picture and match (2 columns of 64 blurred in each). Before, the level read was
// log2(width) x roughness on a texture of the view's size: the small render blurred 8 of its
// 64 columns, the large one, reduced, 4, and columns differed by 0.1 and more in linear value.
TEST_F(TransmissionTest, RoughnessBlursTheSameShareOfThePictureAtEverySize) {
  Front f;
  f.extensions = transmissionExtension(1.0);
  f.roughness = 0.5;
  f.edge = 0.0;
  ASSERT_NO_FATAL_FAILURE(load(frontAsset(f)));
  constexpr int kScale = 8;
  const Pixels small = render();
  const Pixels large = renderer_->renderOffscreen(view_, kSize * kScale, kSize * kScale);
  ASSERT_EQ(large.width, kSize * kScale);
  const int row = int(kSize) / 2;
  const std::vector<glm::dvec3> a = linearRow(small, row, 1);
  const std::vector<glm::dvec3> b = linearRow(large, row, kScale);
  const int blurredSmall = blurredColumns(a), blurredLarge = blurredColumns(b);
  EXPECT_GE(blurredSmall, 2);  // rough: blurred at all
  EXPECT_NEAR(blurredSmall, blurredLarge, 1);
  for (size_t x = 0; x < a.size(); ++x)
    for (int c = 0; c < 3; ++c)
      EXPECT_NEAR(a[x][c], b[x][c], 0.03) << "column " << x << " channel " << c;
}

}  // namespace
}  // namespace vitrine::test
