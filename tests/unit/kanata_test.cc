// Unit tests of the Kanata pipeline-trace writer: the exact text of a small trace (two threads, a
// squashed instruction, a window that cuts instructions at both ends), label escaping, and the
// errors of the file and of --trace-window. tests/host/test_kanata_format.py parses the same
// trace with tests/host/kanata.py, so keep the two copies equal.
#include "core/kanata.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace kasane {
namespace {

#define EXPECT_HAS(haystack, needle) EXPECT_PRED_FORMAT2(::testing::IsSubstring, needle, haystack)

std::string temp_path(const std::string& name) { return ::testing::TempDir() + name; }

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

template <typename F>
std::string window_error(F f) {
  try {
    f();
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected std::invalid_argument";
  return "";
}

TEST(KanataWriter, WritesTwoThreadsASquashAndCutsAtTheWindow) {
  const std::string path = temp_path("kanata_two_threads.log");
  {
    KanataWriter w(path, 10, 20);
    // Begins before the window: not recorded at all, even once the window opens.
    const uint64_t early = w.begin(8, 0, 0x80000ffc, "nop");
    EXPECT_EQ(early, KanataWriter::kNotRecorded);
    w.stage(8, early, "F");
    w.stage(10, early, "D");

    const uint64_t a = w.begin(10, 0, 0x80001004, "addiu $sp, $sp, -32");
    w.stage(10, a, "F");
    const uint64_t b = w.begin(10, 1, 0x80002000, "lw $t0, 0($a0)");
    w.stage(10, b, "F");
    w.stage(11, a, "D");
    w.stage(11, b, "D");
    w.retire(12, early, false);
    w.stage(12, a, "X");
    w.retire(12, b, true);  // squashed in D
    w.retire(13, a, false);

    // Begins inside the window, still in flight when it closes: no R line.
    const uint64_t c = w.begin(19, 1, 0x80002004, "beq $t0, $zero, 0x80002010");
    w.stage(19, c, "F");
    w.stage(20, c, "D");
    w.stage(21, c, "X");
    w.retire(22, c, false);
    EXPECT_EQ(w.begin(22, 0, 0x80001008, "nop"), KanataWriter::kNotRecorded);
    EXPECT_EQ(a, 0u);
    EXPECT_EQ(b, 1u);
    EXPECT_EQ(c, 2u);
  }
  EXPECT_EQ(read_file(path),
            "Kanata\t0004\n"
            "C=\t10\n"
            "I\t0\t0\t0\n"
            "L\t0\t0\t80001004: addiu $sp, $sp, -32\n"
            "S\t0\t0\tF\n"
            "I\t1\t1\t1\n"
            "L\t1\t0\t80002000: lw $t0, 0($a0)\n"
            "S\t1\t0\tF\n"
            "C\t1\n"
            "E\t0\t0\tF\n"
            "S\t0\t0\tD\n"
            "E\t1\t0\tF\n"
            "S\t1\t0\tD\n"
            "C\t1\n"
            "E\t0\t0\tD\n"
            "S\t0\t0\tX\n"
            "E\t1\t0\tD\n"
            "R\t1\t0\t1\n"
            "C\t1\n"
            "E\t0\t0\tX\n"
            "R\t0\t0\t0\n"
            "C\t6\n"
            "I\t2\t2\t1\n"
            "L\t2\t0\t80002004: beq $t0, $zero, 0x80002010\n"
            "S\t2\t0\tF\n"
            "C\t1\n"
            "E\t2\t0\tF\n"
            "S\t2\t0\tD\n");
}

TEST(KanataWriter, RetireIdsCountOnlyCommittedInstructions) {
  const std::string path = temp_path("kanata_retire_ids.log");
  {
    KanataWriter w(path, 0, 100);
    const uint64_t a = w.begin(0, 0, 0x100, "a");
    const uint64_t b = w.begin(0, 0, 0x104, "b");
    const uint64_t c = w.begin(0, 0, 0x108, "c");
    w.retire(1, a, false);
    w.retire(1, b, true);
    w.retire(2, c, false);
  }
  const std::string text = read_file(path);
  EXPECT_HAS(text, "R\t0\t0\t0\nR\t1\t1\t1\nC\t1\nR\t2\t1\t0\n");
}

TEST(KanataWriter, LabelTabsAndNewlinesCannotBreakTheLine) {
  const std::string path = temp_path("kanata_escape.log");
  {
    KanataWriter w(path, 0, 0);
    w.begin(0, 3, 0xbfc00000, "jr\t$ra\nnop\r");
  }
  EXPECT_HAS(read_file(path), "I\t0\t0\t3\nL\t0\t0\tbfc00000: jr $ra\\nnop\n");
}

TEST(KanataWriter, ActiveIsTheClosedWindow) {
  KanataWriter w(temp_path("kanata_active.log"), 5, 7);
  EXPECT_FALSE(w.active(4));
  EXPECT_TRUE(w.active(5));
  EXPECT_TRUE(w.active(7));
  EXPECT_FALSE(w.active(8));
}

TEST(KanataWriter, StagesOfUnknownOrRetiredIdsAreIgnored) {
  const std::string path = temp_path("kanata_ignored.log");
  {
    KanataWriter w(path, 0, 10);
    const uint64_t a = w.begin(0, 0, 0x100, "a");
    w.retire(0, a, false);
    w.stage(1, a, "F");
    w.retire(1, a, false);
    w.stage(1, 42, "F");
  }
  EXPECT_EQ(read_file(path), "Kanata\t0004\nC=\t0\nI\t0\t0\t0\nL\t0\t0\t00000100: a\nR\t0\t0\t0\n");
}

TEST(KanataWriterDeathTest, CycleGoingBackIsAnAssertion) {
  KanataWriter w(temp_path("kanata_back.log"), 0, 100);
  const uint64_t a = w.begin(5, 0, 0x100, "a");
  EXPECT_DEBUG_DEATH(w.stage(4, a, "F"), "cycle went back");
}

TEST(KanataWriter, FlushMakesTheLinesVisibleWhileTheWriterLives) {
  const std::string path = temp_path("kanata_flush.log");
  KanataWriter w(path, 0, 10);
  w.begin(3, 1, 0x100, "a");
  w.flush();
  EXPECT_EQ(read_file(path), "Kanata\t0004\nC=\t0\nC\t3\nI\t0\t0\t1\nL\t0\t0\t00000100: a\n");
}

TEST(KanataWriter, FlushReportsAWriteErrorNamingThePath) {
  if (!std::ifstream("/dev/full")) GTEST_SKIP() << "no /dev/full";
  KanataWriter w("/dev/full", 0, 10);
  w.begin(0, 0, 0x100, "a");
  try {
    w.flush();
    ADD_FAILURE() << "expected std::runtime_error";
  } catch (const std::runtime_error& e) {
    EXPECT_HAS(std::string(e.what()), "/dev/full");
  }
}

TEST(KanataWriter, UnopenablePathIsNamedInTheError) {
  try {
    KanataWriter w("/nonexistent-dir/trace.log", 0, 1);
    ADD_FAILURE() << "expected std::runtime_error";
  } catch (const std::runtime_error& e) {
    EXPECT_HAS(std::string(e.what()), "/nonexistent-dir/trace.log");
  }
}

TEST(TraceWindow, ParsesFirstAndLastCycle) {
  using Window = std::pair<uint64_t, uint64_t>;
  EXPECT_EQ(parse_trace_window("1000:2000"), Window(1000, 2000));
  EXPECT_EQ(parse_trace_window("7:7"), Window(7, 7));
  EXPECT_EQ(parse_trace_window("0:18446744073709551615"), Window(0, UINT64_MAX));
}

TEST(TraceWindow, BadTextIsRejectedSayingWhatIsWrong) {
  EXPECT_HAS(window_error([] { parse_trace_window("1000"); }), "has no ':'");
  EXPECT_HAS(window_error([] { parse_trace_window("2000:1000"); }), "ends before it starts");
  EXPECT_HAS(window_error([] { parse_trace_window("a:b"); }), "not two decimal numbers");
  EXPECT_HAS(window_error([] { parse_trace_window(":5"); }), "not two decimal numbers");
  EXPECT_HAS(window_error([] { parse_trace_window("-1:5"); }), "not two decimal numbers");
  EXPECT_HAS(window_error([] { parse_trace_window("1: 5"); }), "not two decimal numbers");
  EXPECT_HAS(window_error([] { parse_trace_window("1:99999999999999999999"); }), "too large");
  EXPECT_HAS(window_error([] { parse_trace_window("1:2:3"); }), "expected FIRST:LAST");
}

}  // namespace
}  // namespace kasane
