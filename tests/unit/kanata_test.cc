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
            "L\t0\t1\tc0.t0\n"
            "S\t0\t0\tF\n"
            "I\t1\t1\t1\n"
            "L\t1\t0\t80002000: lw $t0, 0($a0)\n"
            "L\t1\t1\tc0.t1\n"
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
            "L\t2\t1\tc0.t1\n"
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
  EXPECT_EQ(read_file(path),
            "Kanata\t0004\nC=\t0\nI\t0\t0\t0\nL\t0\t0\t00000100: a\nL\t0\t1\tc0.t0\nR\t0\t0\t0\n");
}

// Is, M and the commit are scheduled ahead; a stage of the same instruction in that cycle
// supersedes the scheduled one, and the scheduled events come out in cycle order. A stall is a
// stage in lane 1 from the first cycle it is seen until the instruction issues.
TEST(KanataWriter, ScheduledStagesArrowsAndStallReasons) {
  const std::string path = temp_path("kanata_scheduled.log");
  {
    KanataWriter w(path, 0, 100);
    w.set_core(2, 8);
    const uint64_t a = w.begin(0, 1, 0x100, "lw $t0, 0($a0)");
    const uint64_t b = w.begin(0, 1, 0x104, "addu $t1, $t0, $t0");
    w.stage(0, a, "F");
    w.stage(0, b, "F");
    w.stage(1, a, "D");
    w.stage_at(1, a, "Is", 2);
    w.stage(1, b, "D");
    w.stage_at(1, b, "Is", 2);
    w.stage(2, a, "X");  // issues at once: no Is for a
    w.stage_at(2, a, "M", 3);
    w.stall(2, b, "operand");
    w.stall(3, b, "operand");  // the same reason: no second label
    w.stage(5, a, "W");
    w.retire_at(5, a, 6);
    w.stage(6, b, "X");
    w.depend(6, b, a);  // a is still in flight in cycle 6: R comes when the file leaves it
    w.stage(7, b, "W");
    w.retire_at(7, b, 8);
    w.finish();
  }
  EXPECT_EQ(read_file(path),
            "Kanata\t0004\nC=\t0\n"
            "I\t0\t0\t9\nL\t0\t0\t00000100: lw $t0, 0($a0)\nL\t0\t1\tc2.t1\n"
            "I\t1\t1\t9\nL\t1\t0\t00000104: addu $t1, $t0, $t0\nL\t1\t1\tc2.t1\n"
            "S\t0\t0\tF\nS\t1\t0\tF\n"
            "C\t1\nE\t0\t0\tF\nS\t0\t0\tD\nE\t1\t0\tF\nS\t1\t0\tD\n"
            "C\t1\nE\t0\t0\tD\nS\t0\t0\tX\nS\t1\t1\toperand\nL\t1\t1\t\\n2: waits: operand\n"
            "E\t1\t0\tD\nS\t1\t0\tIs\n"
            "C\t1\nE\t0\t0\tX\nS\t0\t0\tM\n"
            "C\t2\nE\t0\t0\tM\nS\t0\t0\tW\n"
            "C\t1\nE\t1\t1\toperand\nE\t1\t0\tIs\nS\t1\t0\tX\nW\t1\t0\t0\nE\t0\t0\tW\nR\t0\t0\t0\n"
            "C\t1\nE\t1\t0\tX\nS\t1\t0\tW\n"
            "C\t1\nE\t1\t0\tW\nR\t1\t1\t0\n");
}

TEST(TraceWindow, ParsesASymbolWithOptionalMargins) {
  TraceWindow w = parse_trace_spec("sym:main-10+5000");
  EXPECT_TRUE(w.at_symbol);
  EXPECT_FALSE(w.region);
  EXPECT_EQ(w.symbol, "main");
  EXPECT_EQ(w.before, 10u);
  EXPECT_EQ(w.after, 5000u);
  EXPECT_EQ(parse_trace_spec("sym:fib").after, UINT64_MAX);  // to the end of the run
  EXPECT_HAS(window_error([] { parse_trace_spec("sym:+5"); }), "has no symbol name");
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
  EXPECT_EQ(read_file(path),
            "Kanata\t0004\nC=\t0\nC\t3\nI\t0\t0\t1\nL\t0\t0\t00000100: a\nL\t0\t1\tc0.t1\n");
}

TEST(KanataWriter, AFailedWriteStopsTheWriterAndLeavesTheStreamFlagged) {
  std::FILE* full = std::fopen("/dev/full", "w");
  if (!full) GTEST_SKIP() << "no /dev/full";
  KanataWriter w(full, TraceWindow{0, 10});
  w.begin(0, 0, 0x100, "a");
  EXPECT_FALSE(w.flush());
  EXPECT_TRUE(w.failed());
  // Nothing more is recorded, and the owner of the file still sees the error when it closes it.
  EXPECT_EQ(w.begin(1, 0, 0x104, "b"), KanataWriter::kNotRecorded);
  EXPECT_TRUE(std::ferror(full));
  std::fclose(full);
}

TEST(KanataWriter, FlushSucceedsOnAWritableFile) {
  KanataWriter w(temp_path("kanata_ok.log"), 0, 10);
  w.begin(0, 0, 0x100, "a");
  EXPECT_TRUE(w.flush());
  EXPECT_FALSE(w.failed());
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

TEST(TraceWindow, ParsesARegionWithOptionalMargins) {
  TraceWindow w = parse_trace_spec("roi:3");
  EXPECT_TRUE(w.region);
  EXPECT_EQ(w.region_id, 3u);
  EXPECT_EQ(w.before, 0u);
  EXPECT_EQ(w.after, 0u);
  w = parse_trace_spec("roi:7+2000");
  EXPECT_EQ(w.region_id, 7u);
  EXPECT_EQ(w.before, 0u);
  EXPECT_EQ(w.after, 2000u);
  w = parse_trace_spec("roi:0-500+2000");
  EXPECT_EQ(w.region_id, 0u);
  EXPECT_EQ(w.before, 500u);
  EXPECT_EQ(w.after, 2000u);
  w = parse_trace_spec("roi:1-40");
  EXPECT_EQ(w.before, 40u);
  EXPECT_EQ(w.after, 0u);
  w = parse_trace_spec("roi:mul_loop2-40+5");  // a name, looked up later in the ELF files
  EXPECT_TRUE(w.region);
  EXPECT_EQ(w.region_name, "mul_loop2");
  EXPECT_EQ(w.before, 40u);
  EXPECT_EQ(w.after, 5u);
  w = parse_trace_spec("100:200");  // cycles still work
  EXPECT_FALSE(w.region);
  EXPECT_EQ(w.first, 100u);
  EXPECT_EQ(w.last, 200u);
}

TEST(TraceWindow, BadRegionTextNamesThePartThatIsWrong) {
  EXPECT_HAS(window_error([] { parse_trace_spec("roi:"); }), "no decimal region id");
  EXPECT_HAS(window_error([] { parse_trace_spec("roi:3bc"); }), "no decimal region id where '3bc'");
  EXPECT_HAS(window_error([] { parse_trace_spec("roi:a.b+5"); }),
             "region name 'a.b' that is no C identifier");
  EXPECT_HAS(window_error([] { parse_trace_spec("roi:3+"); }), "no decimal AFTER margin");
  EXPECT_HAS(window_error([] { parse_trace_spec("roi:3-x+5"); }),
             "no decimal BEFORE margin where 'x'");
  EXPECT_HAS(window_error([] { parse_trace_spec("roi:3+5-2"); }), "+AFTER before its -BEFORE");
  EXPECT_HAS(window_error([] { parse_trace_spec("roi:3+5+6"); }), "AFTER margin");
  EXPECT_HAS(window_error([] { parse_trace_spec("roi:99999999999"); }), "region id too large");
  EXPECT_HAS(window_error([] { parse_trace_spec("roi:x:"); }), "roi:NAME[-BEFORE][+AFTER]");
}

// One instruction begun, staged and retired per cycle from `from` to `to`.
void run_one_per_cycle(KanataWriter& w, uint64_t from, uint64_t to) {
  for (uint64_t c = from; c <= to; ++c) {
    const uint64_t id = w.begin(c, 0, static_cast<uint32_t>(0x1000 + 4 * c), "nop");
    w.stage(c, id, "F");
    w.retire(c, id, false);
  }
}

TEST(KanataWriter, RegionWindowOpensAtTheBeginMarkerAndClosesAfterTheEnd) {
  const std::string path = temp_path("kanata_region.log");
  {
    TraceWindow win = parse_trace_spec("roi:4+2");
    KanataWriter w(path, win);
    EXPECT_FALSE(w.active(5));
    run_one_per_cycle(w, 0, 9);
    w.region_marker(3, true, 10);  // another region: nothing happens
    EXPECT_FALSE(w.active(10));
    w.region_marker(4, true, 10);
    EXPECT_FALSE(w.region_missed());
    run_one_per_cycle(w, 10, 12);
    w.region_marker(4, false, 12);
    run_one_per_cycle(w, 13, 20);
    w.region_marker(4, true, 30);  // entered again: only the first entry is traced
    run_one_per_cycle(w, 30, 31);
    w.flush();
  }
  const std::string text = read_file(path);
  EXPECT_EQ(text.find("C=\t10\n"), std::string("Kanata\t0004\n").size());
  // Cycles 10 to 12 + 2: five instructions, ids 0 to 4.
  EXPECT_HAS(text, "I\t4\t4\t0\n");
  EXPECT_EQ(text.find("I\t5\t"), std::string::npos);
  EXPECT_HAS(text, "L\t0\t0\t00001028: nop\n");  // pc of cycle 10
}

TEST(KanataWriter, RegionWindowMarginBeforeComesFromThePreroll) {
  const std::string path = temp_path("kanata_preroll.log");
  {
    KanataWriter w(path, parse_trace_spec("roi:1-3"));
    EXPECT_TRUE(w.active(0));  // keeping a pre-roll needs the labels
    // An instruction that begins at 5 and lives past the window's start is left out.
    const uint64_t old = w.begin(5, 1, 0x2000, "lw $t0, 0($a0)");
    w.stage(5, old, "F");
    run_one_per_cycle(w, 6, 12);
    w.stage(12, old, "X");
    w.region_marker(1, true, 12);  // the window starts at 9
    w.retire(13, old, false);
    run_one_per_cycle(w, 13, 13);
    w.region_marker(1, false, 13);
    run_one_per_cycle(w, 14, 15);
    w.flush();
  }
  const std::string text = read_file(path);
  EXPECT_EQ(text.find("C=\t9\n"), std::string("Kanata\t0004\n").size());
  EXPECT_HAS(text, "L\t0\t0\t00001024: nop\n");  // cycle 9's instruction is the first
  EXPECT_HAS(text, "I\t4\t4\t0\n");             // 9, 10, 11, 12, 13
  EXPECT_EQ(text.find("I\t5\t"), std::string::npos);
  EXPECT_EQ(text.find("00002000"), std::string::npos);
}

TEST(KanataWriter, RegionNeverEnteredIsReported) {
  KanataWriter w(temp_path("kanata_missed.log"), parse_trace_spec("roi:9"));
  run_one_per_cycle(w, 0, 5);
  w.region_marker(8, true, 6);
  EXPECT_TRUE(w.region_missed());
  KanataWriter cycles(temp_path("kanata_cycles.log"), 0, 10);
  EXPECT_FALSE(cycles.region_missed());
}

}  // namespace
}  // namespace kasane
