// Unit tests of the branch predictors and the BTB: what each policy learns and what it cannot,
// that gshare's per-context histories keep SMT contexts apart, and that bad configs and names are
// rejected with a message naming the problem.
#include "core/bpred.h"

#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <stdexcept>
#include <string>

namespace kasane {
namespace {

#define EXPECT_HAS(haystack, needle) EXPECT_PRED_FORMAT2(::testing::IsSubstring, needle, haystack)

constexpr uint32_t kPc = 0x80001040;

PredictorConfig config(PredictorKind kind) { return PredictorConfig{kind, 1024, 10, 16}; }

// Runs `n` resolutions of the branch at `pc` of context `ctx`, outcome(i) deciding each, and
// returns the fraction the predictor got right (predict, then train, as a pipeline does).
double accuracy(BranchPredictor& bp, unsigned ctx, uint32_t pc, int n,
                const std::function<bool(int)>& outcome) {
  int right = 0;
  for (int i = 0; i < n; ++i) {
    const bool taken = outcome(i);
    right += bp.predict(ctx, pc) == taken;
    bp.update(ctx, pc, taken);
  }
  return static_cast<double>(right) / n;
}

bool alternating(int i) { return i % 2 == 0; }

std::string config_error(const PredictorConfig& cfg, unsigned contexts = 1) {
  try {
    BranchPredictor bp(cfg, contexts);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected std::invalid_argument";
  return "";
}

TEST(BranchPredictor, NotTakenAlwaysPredictsNotTaken) {
  BranchPredictor bp(config(PredictorKind::kNotTaken), 1);
  for (int i = 0; i < 10; ++i) {
    bp.update(0, kPc, true);
    EXPECT_FALSE(bp.predict(0, kPc));
  }
}

TEST(BranchPredictor, BimodalLearnsAlwaysTakenAfterTwoUpdates) {
  BranchPredictor bp(config(PredictorKind::kBimodal), 1);
  EXPECT_FALSE(bp.predict(0, kPc)) << "counters start weakly not taken";
  bp.update(0, kPc, true);
  bp.update(0, kPc, true);
  EXPECT_TRUE(bp.predict(0, kPc));
}

TEST(BranchPredictor, BimodalKeepsPredictingTakenAfterOneNotTaken) {
  BranchPredictor bp(config(PredictorKind::kBimodal), 1);
  bp.update(0, kPc, true);
  bp.update(0, kPc, true);
  bp.update(0, kPc, false);  // a loop exit: the next run of the loop is still predicted taken
  EXPECT_TRUE(bp.predict(0, kPc));
  bp.update(0, kPc, false);
  EXPECT_FALSE(bp.predict(0, kPc));
}

TEST(BranchPredictor, BimodalCountersAreIndexedByWordAddress) {
  BranchPredictor bp(config(PredictorKind::kBimodal), 1);
  bp.update(0, kPc, true);
  bp.update(0, kPc, true);
  EXPECT_FALSE(bp.predict(0, kPc + 4)) << "the next instruction has its own counter";
  EXPECT_TRUE(bp.predict(0, kPc + 1024 * 4)) << "a table's size further on aliases";
}

TEST(BranchPredictor, GshareLearnsAlternatingPatternThatBimodalCannot) {
  BranchPredictor gshare(config(PredictorKind::kGshare), 1);
  BranchPredictor bimodal(config(PredictorKind::kBimodal), 1);
  EXPECT_GT(accuracy(gshare, 0, kPc, 1000, alternating), 0.95);
  EXPECT_LT(accuracy(bimodal, 0, kPc, 1000, alternating), 0.60);
}

TEST(BranchPredictor, GshareHistoryOfOneContextIsNotPollutedByAnother) {
  // Context 1 runs random outcomes on the same pc, interleaved with context 0's alternating
  // pattern. With one shared history, context 0 would see 8 random bits in its 16-bit history
  // and spread over hundreds of untrained counters; with its own, it needs two.
  BranchPredictor bp(PredictorConfig{PredictorKind::kGshare, 1u << 16, 16, 16}, 2);
  std::mt19937 rng(12345);
  int right0 = 0;
  const int n = 1000;
  for (int i = 0; i < n; ++i) {
    right0 += bp.predict(0, kPc) == alternating(i);
    bp.update(0, kPc, alternating(i));
    const bool taken1 = rng() & 1;
    bp.predict(1, kPc);
    bp.update(1, kPc, taken1);
  }
  EXPECT_GT(static_cast<double>(right0) / n, 0.95);
}

TEST(BranchPredictor, GshareContextsWithDifferentPatternsOnTheSamePcBothLearn) {
  BranchPredictor bp(config(PredictorKind::kGshare), 2);
  int right0 = 0, right1 = 0;
  for (int i = 0; i < 1000; ++i) {
    right0 += bp.predict(0, kPc) == alternating(i);
    bp.update(0, kPc, alternating(i));
    right1 += bp.predict(1, kPc) == true;
    bp.update(1, kPc, true);
  }
  EXPECT_GT(right0 / 1000.0, 0.95);
  EXPECT_GT(right1 / 1000.0, 0.95);
}

TEST(BranchPredictor, BtbMissesUntilTrainedThenHits) {
  BranchPredictor bp(config(PredictorKind::kBimodal), 2);
  EXPECT_FALSE(bp.predict_target(0, kPc).has_value());
  bp.update_target(0, kPc, 0x80002000);
  EXPECT_EQ(bp.predict_target(0, kPc), std::optional<uint32_t>(0x80002000));
  EXPECT_EQ(bp.predict_target(1, kPc), std::optional<uint32_t>(0x80002000))
      << "the BTB is shared by contexts";
  bp.update_target(1, kPc, 0x80003000);
  EXPECT_EQ(bp.predict_target(0, kPc), std::optional<uint32_t>(0x80003000));
}

TEST(BranchPredictor, BtbEntryIsReplacedByAnotherPcWithTheSameIndex) {
  BranchPredictor bp(config(PredictorKind::kNotTaken), 1);  // 16 entries
  const uint32_t alias = kPc + 16 * 4;
  bp.update_target(0, kPc, 0x80002000);
  EXPECT_FALSE(bp.predict_target(0, alias).has_value()) << "tagged by the full pc";
  bp.update_target(0, alias, 0x80004000);
  EXPECT_EQ(bp.predict_target(0, alias), std::optional<uint32_t>(0x80004000));
  EXPECT_FALSE(bp.predict_target(0, kPc).has_value()) << "direct-mapped: evicted";
  bp.update_target(0, kPc + 4, 0x80005000);
  EXPECT_EQ(bp.predict_target(0, alias), std::optional<uint32_t>(0x80004000))
      << "a different index leaves it alone";
}

TEST(BranchPredictor, StatsCountWhatThePipelineRecords) {
  BranchPredictor bp(config(PredictorKind::kBimodal), 1);
  bp.record(true);
  bp.record(true);
  bp.record(false);
  bp.record_target(true);
  bp.record_target(false);
  const BranchPredictor::Stats& s = bp.stats();
  EXPECT_EQ(s.lookups, 3u);
  EXPECT_EQ(s.correct, 2u);
  EXPECT_EQ(s.mispredicts, 1u);
  EXPECT_EQ(s.btb_lookups, 2u);
  EXPECT_EQ(s.btb_hits, 1u);
}

TEST(BranchPredictor, BadConfigIsRejectedNamingTheField) {
  PredictorConfig c = config(PredictorKind::kBimodal);
  c.table_entries = 1000;
  EXPECT_HAS(config_error(c), "table_entries = 1000 must be a power of two");
  c = config(PredictorKind::kGshare);
  c.table_entries = 0;
  EXPECT_HAS(config_error(c), "table_entries");
  c = config(PredictorKind::kGshare);
  c.history_bits = 21;
  EXPECT_HAS(config_error(c), "history_bits = 21 must be between 1 and 20");
  c.history_bits = 0;
  EXPECT_HAS(config_error(c), "history_bits");
  c = config(PredictorKind::kNotTaken);
  c.btb_entries = 48;
  EXPECT_HAS(config_error(c), "btb_entries = 48");
  EXPECT_HAS(config_error(config(PredictorKind::kBimodal), 0), "contexts");
}

TEST(BranchPredictor, FieldsAKindDoesNotUseAreNotChecked) {
  PredictorConfig c = config(PredictorKind::kNotTaken);
  c.table_entries = 1000;
  c.history_bits = 99;
  EXPECT_NO_THROW(BranchPredictor(c, 1));
  c.kind = PredictorKind::kBimodal;
  c.table_entries = 1024;
  EXPECT_NO_THROW(BranchPredictor(c, 1));
}

// The tournament: its local histories learn a per-branch pattern that a global history mixed with
// other branches' outcomes cannot, and its chooser learns to trust the global predictor where the
// global one is right.
TEST(BranchPredictor, TournamentLearnsAPerBranchPatternThroughItsLocalHistory) {
  BranchPredictor bp(config(PredictorKind::kTournament), 1);
  // Branch A repeats taken, taken, not taken; branch B, in between, goes at random, which
  // scrambles a global history but not A's own.
  std::mt19937 rng(7);
  int right = 0;
  for (int i = 0; i < 3000; ++i) {
    const bool a = i % 3 != 2;
    if (i >= 2000) right += bp.predict(0, kPc) == a;
    bp.update(0, kPc, a);
    bp.update(0, kPc + 0x40, rng() & 1);
  }
  EXPECT_GT(right, 950) << "of the last 1000";
}

TEST(BranchPredictor, TournamentChoosesTheGlobalPredictorForCorrelatedBranches) {
  BranchPredictor bp(config(PredictorKind::kTournament), 1);
  // B always goes the way A went just before: only the global history can know it.
  std::mt19937 rng(11);
  int right = 0;
  for (int i = 0; i < 4000; ++i) {
    const bool a = rng() & 1;
    bp.update(0, kPc, a);
    if (i >= 3000) right += bp.predict(0, kPc + 0x40) == a;
    bp.update(0, kPc + 0x40, a);
  }
  EXPECT_GT(right, 950) << "of the last 1000";
}

// Speculative use: predictions shift the history at once; a squash puts it back as the oldest
// squashed prediction found it, and training uses the history each prediction read.
TEST(BranchPredictor, SpeculativeHistoryIsRepairedAndTrainingUsesTheSnapshot) {
  for (PredictorKind kind : {PredictorKind::kGshare, PredictorKind::kTournament}) {
    BranchPredictor bp(config(kind), 2);
    uint32_t s1, s2, s3;
    const uint32_t h0 = bp.history(0);
    const bool p1 = bp.predict_speculative(0, kPc, false, s1);
    EXPECT_EQ(s1, h0);
    bp.predict_speculative(0, kPc + 8, true, s2);  // an unconditional one shifts taken
    EXPECT_EQ(s2 & 1u, p1 ? 1u : 0u) << "s2 holds the first prediction";
    EXPECT_EQ(bp.history(0) & 1u, 1u);
    bp.predict_speculative(0, kPc + 16, false, s3);
    EXPECT_EQ(bp.history(1), 0u) << "context 1's history is its own";
    // The second and third were on a wrong path: back to what the second found.
    bp.restore_history(0, s2, false, false);
    EXPECT_EQ(bp.history(0), s2);
    // The first was mispredicted: its snapshot with its real direction shifted in.
    bp.restore_history(0, s1, true, !p1);
    EXPECT_EQ(bp.history(0) & 1u, p1 ? 0u : 1u);
    // Trained at commit from the snapshot: the next prediction from the same history learns.
    for (int k = 0; k < 4; ++k) bp.update_from(0, kPc, true, s1);
    bp.restore_history(0, s1, false, false);
    uint32_t again;
    EXPECT_TRUE(bp.predict_speculative(0, kPc, false, again)) << predictor_name(kind);
    EXPECT_EQ(again, s1);
  }
}

TEST(PredictorName, ParseRoundTripsEveryKind) {
  for (PredictorKind k :
       {PredictorKind::kNotTaken, PredictorKind::kBimodal, PredictorKind::kGshare,
        PredictorKind::kTournament})
    EXPECT_EQ(parse_predictor(predictor_name(k)), k) << predictor_name(k);
  EXPECT_STREQ(predictor_name(PredictorKind::kGshare), "gshare");
}

TEST(PredictorName, UnknownNameIsRejectedListingTheChoices) {
  try {
    parse_predictor("tage");
    ADD_FAILURE() << "expected std::invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_HAS(std::string(e.what()), "'tage'");
    EXPECT_HAS(std::string(e.what()), "not_taken, bimodal, gshare, tournament");
  }
}

}  // namespace
}  // namespace kasane
