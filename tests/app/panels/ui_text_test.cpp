// Small pieces of the UI's text without a window: the status toast's timing while the UI is
// hidden, the 'Not drawn' note, and the dope sheet's short live values.
#include <gtest/gtest.h>

#include "dope_sheet.h"
#include "menu_bar.h"
#include "not_drawn_note.h"

namespace vitrine::app {
namespace {

TEST(StatusToast, AMessageShowsForThreeSecondsAfterItChanges) {
  StatusToast toast;
  toast.update("", 10.0);
  EXPECT_FALSE(toast.visible(10.0));  // no message yet
  toast.update("Screenshot saved to /tmp/a-1.png", 11.0);
  EXPECT_TRUE(toast.visible(11.0));
  toast.update("Screenshot saved to /tmp/a-1.png", 13.5);  // unchanged: the clock keeps going
  EXPECT_TRUE(toast.visible(13.9));
  EXPECT_FALSE(toast.visible(14.0));
  toast.update("Screenshot saved to /tmp/a-2.png", 20.0);  // a new message starts over
  EXPECT_TRUE(toast.visible(22.9));
  EXPECT_FALSE(toast.visible(23.1));
}

TEST(NotDrawnNote, NamesEveryExtensionOrNothing) {
  EXPECT_EQ(notDrawnNote({}), "");
  EXPECT_EQ(notDrawnNote({"EXT_foo"}), "Not drawn: EXT_foo");
  EXPECT_EQ(notDrawnNote({"EXT_foo", "KHR_draco_mesh_compression"}),
            "Not drawn: EXT_foo, KHR_draco_mesh_compression");
}

TEST(DopeSheet, LiveValuesShowThreeDecimals) {
  float q[4] = {0.70710678f, 0.0f, -0.5f, 0.70710678f};
  scene::Slot slot;
  slot.type = scene::ValueType::Float4;
  slot.count = 4;
  slot.data = q;
  EXPECT_EQ(shortSlotValue(slot), "[0.707, 0.000, -0.500, 0.707]");
  slot.type = scene::ValueType::Float;
  slot.count = 1;
  EXPECT_EQ(shortSlotValue(slot), "0.707");
  float flag = 1.0f;
  slot.type = scene::ValueType::Bool;
  slot.data = &flag;
  EXPECT_EQ(shortSlotValue(slot), "true");
  slot.data = nullptr;
  EXPECT_EQ(shortSlotValue(slot), "null");
}

}  // namespace
}  // namespace vitrine::app
