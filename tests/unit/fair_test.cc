// The kernel's thread-picking policy (os/fair.c, os/ias.c) on the host: CFS's fair shares by
// weight, round robin, placement of woken and new threads, preemption, load balancing, and IAS's
// time and inter-core aggregation with its counters. The same C files are built into the kernel.
#include <gtest/gtest.h>

#include <vector>

extern "C" {
#include "../../os/fair.h"  // not -I os: its errno.h is the kernel's
}

namespace {

// The kernel's values (os/param.h): latency 4 M, min granularity 0.5 M, wakeup granularity 2/3 M
// cycles; a tick of 1 M cycles (TIMESLICE).
constexpr uint64_t kLatency = 4000000, kMinGran = 500000, kWakeupGran = 666666;
constexpr uint64_t kTick = 1000000;

// Distinct address-space keys: the policy only compares them.
char mmA, mmB, mmC;

class Fair : public ::testing::Test {
 protected:
  void SetUp() override {
    fair_rq_init(&rq0, 0);  // first: the policy's table of queues still names the last test's
    fair_rq_init(&rq1, 1);
    fair_set_tunables(kLatency, kMinGran, kWakeupGran);
    fair_set_policy(FAIR_CFS);
    ias_set_bonus(16);
    for (int c = 0; c < FAIR_NCORES; c++) ias_set_master(c, 0);
  }
  // One CPU of rq's core runs what the policy picks, a tick at a time, until the policy says to
  // preempt it (or, alone, for one latency); returns the entity that ran.
  fair_entity* run_one(fair_rq* rq) {
    fair_entity* se = fair_pick(rq, nullptr, nullptr);
    if (!se) return nullptr;
    fair_dequeue(rq, se);
    uint64_t ran = 0;
    do fair_account(rq, se, kTick), ran += kTick;
    while (!fair_preempt_due(rq, se) && (rq->nr || ran < kLatency));
    fair_enqueue(rq, se, 0);
    return se;
  }
  fair_rq rq0, rq1;
};

TEST_F(Fair, WeightsAreLinuxsPrioToWeightTable) {
  EXPECT_EQ(fair_weight(0), 1024u);
  EXPECT_EQ(fair_weight(-20), 88761u);
  EXPECT_EQ(fair_weight(19), 15u);
  EXPECT_EQ(fair_weight(5), 335u);
  EXPECT_EQ(fair_weight(-25), 88761u);  // clamped
  EXPECT_EQ(fair_weight(30), 15u);
}

// Nice 10, 7 and 4 weigh 110, 215 and 423: 1 : 1.95 : 3.85, the nearest Linux has to 1:2:4
// (three nice steps are 1.25^3 = 1.95). Each entity's share of run time must be within 5% of its
// weight's share.
TEST_F(Fair, SharesFollowWeightsOneTwoFour) {
  fair_entity e[3];
  const int nice[3] = {10, 7, 4};
  for (int i = 0; i < 3; i++) {
    fair_entity_init(&e[i], &mmA, nice[i]);
    fair_enqueue(&rq0, &e[i], FAIR_NEW);
  }
  EXPECT_EQ(e[0].weight, 110u);
  EXPECT_EQ(e[1].weight, 215u);
  EXPECT_EQ(e[2].weight, 423u);
  for (int n = 0; n < 3000; n++) run_one(&rq0);
  double total = 0, wsum = 0;
  for (auto& s : e) total += s.sum_exec, wsum += s.weight;
  for (auto& s : e) {
    double share = s.sum_exec / total, want = s.weight / wsum;
    EXPECT_NEAR(share / want, 1.0, 0.05) << "weight " << s.weight;
  }
  EXPECT_NEAR(double(e[2].sum_exec) / e[0].sum_exec, 4.0, 4.0 * 0.05);
}

TEST_F(Fair, EqualWeightsTakeTurns) {
  fair_entity e[3];
  for (auto& s : e) {
    fair_entity_init(&s, &mmA, 0);
    fair_enqueue(&rq0, &s, 0);
  }
  for (int round = 0; round < 10; round++)
    for (auto& s : e) EXPECT_EQ(run_one(&rq0), &s) << "round " << round;
}

TEST_F(Fair, NewThreadStartsOneSliceAfterMinVruntime) {
  fair_entity a, b;
  fair_entity_init(&a, &mmA, 0);
  fair_enqueue(&rq0, &a, 0);
  for (int i = 0; i < 5; i++) run_one(&rq0);
  uint64_t min = rq0.min_vruntime;
  EXPECT_GT(min, 0u);
  fair_entity_init(&b, &mmA, 0);
  fair_enqueue(&rq0, &b, FAIR_NEW);
  EXPECT_EQ(b.vruntime, min + kLatency / 2);  // two entities of equal weight: half the latency
}

// A thread that slept long comes back at min_vruntime - latency/2: it runs first, but only until
// it has used that credit, so the others are not starved.
TEST_F(Fair, WokenSleeperGetsHalfALatencyOfCredit) {
  fair_entity a, b, s;
  fair_entity_init(&a, &mmA, 0);
  fair_entity_init(&b, &mmA, 0);
  fair_entity_init(&s, &mmA, 0);
  fair_enqueue(&rq0, &a, 0);
  fair_enqueue(&rq0, &b, 0);
  for (int i = 0; i < 100; i++) run_one(&rq0);
  uint64_t min = rq0.min_vruntime;
  ASSERT_GT(min, kLatency);
  fair_enqueue(&rq0, &s, FAIR_WAKEUP);
  EXPECT_EQ(s.vruntime, min - kLatency / 2);
  int first = 0;
  while (run_one(&rq0) == &s) first++;
  EXPECT_GE(first, 1);
  EXPECT_LE(first * kTick, kLatency / 2 + kWakeupGran + kTick);
  // From then on the three take turns.
  int runs_of_s = 0;
  for (int i = 0; i < 30; i++) runs_of_s += run_one(&rq0) == &s;
  EXPECT_NEAR(runs_of_s, 10, 2);
}

TEST_F(Fair, SleeperAheadKeepsItsVruntime) {
  fair_entity a, s;
  fair_entity_init(&a, &mmA, 0);
  fair_entity_init(&s, &mmA, 0);
  s.vruntime = 50 * kLatency;
  fair_enqueue(&rq0, &a, 0);
  fair_enqueue(&rq0, &s, FAIR_WAKEUP);
  EXPECT_EQ(s.vruntime, 50 * kLatency);
}

TEST_F(Fair, NoPreemptionWhileNothingWaits) {
  fair_entity a;
  fair_entity_init(&a, &mmA, 0);
  fair_account(&rq0, &a, 100 * kLatency);
  EXPECT_EQ(fair_preempt_due(&rq0, &a), 0);
}

// A woken thread preempts the running one only when the runner is ahead of it by more than the
// wakeup granularity (Linux's check_preempt_wakeup), scaled to the woken thread's weight.
TEST_F(Fair, WokenThreadPreemptsOnlyARunnerFarAhead) {
  fair_entity cur, woken, heavy;
  fair_entity_init(&cur, &mmA, 0);
  fair_entity_init(&woken, &mmB, 0);
  fair_entity_init(&heavy, &mmC, -5);  // weight 3121: the granularity is a third as much vruntime
  cur.vruntime = 10 * kLatency;
  woken.vruntime = heavy.vruntime = cur.vruntime - kWakeupGran;
  EXPECT_EQ(fair_wakeup_preempt(&cur, &woken), 0);  // just within the granularity
  EXPECT_EQ(fair_wakeup_preempt(&cur, &heavy), 1);
  woken.vruntime -= 1;
  EXPECT_EQ(fair_wakeup_preempt(&cur, &woken), 1);
  EXPECT_EQ(fair_wakeup_preempt(&woken, &cur), 0);  // never the one behind
}

TEST_F(Fair, OnlyMmPicksTheLeftmostOfThatAddressSpace) {
  fair_entity a1, a2, b;
  fair_entity_init(&a1, &mmA, 0);
  fair_entity_init(&a2, &mmA, 0);
  fair_entity_init(&b, &mmB, 0);
  a1.vruntime = 500, a2.vruntime = 300, b.vruntime = 100;
  fair_enqueue(&rq0, &a1, 0);
  fair_enqueue(&rq0, &b, 0);
  fair_enqueue(&rq0, &a2, 0);
  EXPECT_EQ(fair_pick(&rq0, nullptr, &mmA), &a2);
  EXPECT_EQ(fair_pick(&rq0, nullptr, &mmC), nullptr);
  EXPECT_EQ(fair_pick(&rq0, nullptr, nullptr), &b);
  fair_dequeue(&rq0, &a2);
  EXPECT_EQ(fair_pick(&rq0, nullptr, &mmA), &a1);
}

// --- IAS

class Ias : public Fair {
 protected:
  void SetUp() override {
    Fair::SetUp();
    fair_set_policy(FAIR_IAS);
  }
  // An entity of mm at vruntime v whose last quantum was one tick (so bonus 16 = one tick).
  void add(fair_rq* rq, fair_entity* se, const void* mm, uint64_t v) {
    fair_entity_init(se, mm, 0);
    se->vruntime = v;
    se->last_quantum = kTick;
    fair_enqueue(rq, se, 0);
  }
};

TEST_F(Ias, SiblingWithinBonusRunsBeforeLeftmost) {
  fair_entity x, s;
  add(&rq0, &x, &mmA, 1000000);
  add(&rq0, &s, &mmB, 1000000 + kTick / 2);
  EXPECT_EQ(fair_pick(&rq0, &mmB, nullptr), &s);
  fair_stats st;
  fair_get_stats(0, &st);
  EXPECT_EQ(st.time_aggr, 1u);
  EXPECT_EQ(st.space_aggr, 0u);
  EXPECT_EQ(st.picks, 1u);
}

TEST_F(Ias, SiblingBeyondBonusWaits) {
  fair_entity x, s;
  add(&rq0, &x, &mmA, 1000000);
  add(&rq0, &s, &mmB, 1000000 + 2 * kTick);
  EXPECT_EQ(fair_pick(&rq0, &mmB, nullptr), &x);
  ias_set_bonus(8);  // half a quantum: a sibling half a tick + 1 ahead is out of reach
  s.vruntime = 0;
  fair_dequeue(&rq0, &s);
  add(&rq0, &s, &mmB, 1000000 + kTick / 2 + 1);
  EXPECT_EQ(fair_pick(&rq0, &mmB, nullptr), &x);
  ias_set_bonus(32);  // two quanta: now it is
  EXPECT_EQ(fair_pick(&rq0, &mmB, nullptr), &s);
  fair_stats st;
  fair_get_stats(0, &st);
  EXPECT_EQ(st.time_aggr, 1u);
}

TEST_F(Ias, NoSiblingQueuedPicksLeftmost) {
  fair_entity x, y;
  add(&rq0, &x, &mmA, 1000);
  add(&rq0, &y, &mmB, 2000);
  EXPECT_EQ(fair_pick(&rq0, &mmC, nullptr), &x);
  EXPECT_EQ(fair_pick(&rq0, nullptr, nullptr), &x);
  fair_stats st;
  fair_get_stats(0, &st);
  EXPECT_EQ(st.time_aggr + st.space_aggr, 0u);
}

TEST_F(Ias, CfsAndBonusZeroNeverAggregate) {
  fair_entity x, s;
  add(&rq0, &x, &mmA, 1000000);
  add(&rq0, &s, &mmB, 1000000 + 1);
  fair_set_policy(FAIR_CFS);
  EXPECT_EQ(fair_pick(&rq0, &mmB, nullptr), &x);
  fair_set_policy(FAIR_IAS);
  ias_set_bonus(0);
  EXPECT_EQ(fair_pick(&rq0, &mmB, nullptr), &x);
  fair_stats st;
  fair_get_stats(0, &st);
  EXPECT_EQ(st.time_aggr + st.space_aggr, 0u);
  EXPECT_EQ(st.picks, 2u);
}

// Core 0 is core 1's master: when core 0 aggregates address space A, core 1 prefers A's thread
// within the bonus over its own leftmost; when core 0 stops aggregating, core 1 picks as CFS.
TEST_F(Ias, SlavePrefersMastersAddressSpace) {
  EXPECT_EQ(ias_set_master(0, 1u << 1), 0);
  EXPECT_EQ(ias_slaves(0), 2u);
  fair_entity m1, m2, s1, s2;
  add(&rq0, &m1, &mmA, 100);
  add(&rq0, &m2, &mmB, 50);
  add(&rq1, &s1, &mmC, 0);
  add(&rq1, &s2, &mmA, kTick / 2);
  EXPECT_EQ(fair_pick(&rq1, nullptr, nullptr), &s1);  // the master has not aggregated yet
  EXPECT_EQ(fair_pick(&rq0, &mmA, nullptr), &m1);      // a time aggregation on the master
  EXPECT_EQ(rq0.ia_mm, &mmA);
  EXPECT_EQ(fair_pick(&rq1, &mmC, nullptr), &s2);  // over the leftmost and its own sibling
  fair_stats st;
  fair_get_stats(1, &st);
  EXPECT_EQ(st.space_aggr, 1u);
  EXPECT_EQ(st.time_aggr, 0u);
  fair_get_stats(-1, &st);
  EXPECT_EQ(st.time_aggr, 1u);
  EXPECT_EQ(st.space_aggr, 1u);
  EXPECT_EQ(st.picks, 3u);
  EXPECT_EQ(fair_pick(&rq0, nullptr, nullptr), &m2);  // no sibling: ia_mm is cleared
  EXPECT_EQ(rq0.ia_mm, nullptr);
  EXPECT_EQ(fair_pick(&rq1, nullptr, nullptr), &s1);
}

// The one counting rule (os/ias.c, count()): a pick counts only where aggregation changed it.
// A sibling that is the leftmost anyway is CFS's choice too: not counted, though a master still
// publishes the address space it keeps running; the master's address space that a slave would
// run anyway is no space aggregation either. Where the master's address space overrides the
// slave's own time aggregation, one space aggregation is counted and no time aggregation.
TEST_F(Ias, CountsOnlyChoicesThatDifferFromCfs) {
  ASSERT_EQ(ias_set_master(0, 1u << 1), 0);
  fair_entity a, b, s1, s2;
  add(&rq0, &a, &mmA, 100);
  add(&rq0, &b, &mmB, 200);
  EXPECT_EQ(fair_pick(&rq0, &mmA, nullptr), &a);  // A's sibling is the leftmost
  EXPECT_EQ(rq0.ia_mm, &mmA);                      // aggregating: the slave follows A
  add(&rq1, &s1, &mmA, 0);
  add(&rq1, &s2, &mmC, 10);
  EXPECT_EQ(fair_pick(&rq1, nullptr, nullptr), &s1);  // A is the slave's leftmost anyway
  fair_stats st;
  fair_get_stats(-1, &st);
  EXPECT_EQ(st.time_aggr + st.space_aggr, 0u);
  EXPECT_EQ(st.picks, 2u);
  // C ran last on the slave: its sibling s2 is within the bonus, but the master's A comes first.
  EXPECT_EQ(fair_pick(&rq1, &mmC, nullptr), &s1);
  fair_get_stats(1, &st);
  EXPECT_EQ(st.space_aggr, 1u);
  EXPECT_EQ(st.time_aggr, 0u);
}

// Two address spaces, two threads each, on one CPU's queue, the CPU picking after each quantum
// with the address space that ran last as cur_mm (context mode's ctx_pick). CFS alternates the
// address spaces at every pick; IAS (bonus one quantum) keeps running siblings while they are
// within the bonus, so it switches less, counts a time aggregation for each pick where it kept
// the sibling and CFS would have switched, and still shares the CPU evenly; bonus 0 is CFS bit
// for bit (the same entities in the same order, the same vruntimes).
struct Trace {
  std::vector<long> order;  // index of the entity picked, in order of creation
  std::vector<uint64_t> vruntime;
  int switches = 0;
  uint64_t ran_a = 0, ran_b = 0;
  fair_stats st{};
};

Trace run_two_spaces(enum fair_policy policy, uint32_t bonus) {
  fair_rq rq;
  fair_rq_init(&rq, 0);
  fair_set_policy(policy);
  ias_set_bonus(bonus);
  fair_entity e[4];
  const void* mms[4] = {&mmA, &mmB, &mmA, &mmB};
  for (int i = 0; i < 4; i++) {
    fair_entity_init(&e[i], mms[i], 0);
    e[i].vruntime = static_cast<uint64_t>(i);  // A1 B1 A2 B2: CFS interleaves them
    fair_enqueue(&rq, &e[i], 0);
  }
  Trace t;
  const void* last = nullptr;
  for (int pick = 0; pick < 200; pick++) {
    fair_entity* se = fair_pick(&rq, last, nullptr);
    fair_dequeue(&rq, se);
    uint64_t ran = 0;
    do fair_account(&rq, se, kTick / 4), ran += kTick / 4;
    while (!fair_preempt_due(&rq, se));
    fair_enqueue(&rq, se, 0);
    if (last && se->mm != last) t.switches++;
    (se->mm == &mmA ? t.ran_a : t.ran_b) += ran;
    last = se->mm;
    t.order.push_back(se - e);
    t.vruntime.push_back(se->vruntime);
  }
  fair_get_stats(0, &t.st);
  return t;
}

TEST_F(Ias, TwoAddressSpacesOnOneQueueCfsAlternatesIasAggregates) {
  Trace cfs = run_two_spaces(FAIR_CFS, 16);
  Trace ias = run_two_spaces(FAIR_IAS, 16);
  Trace zero = run_two_spaces(FAIR_IAS, 0);
  EXPECT_EQ(cfs.switches, 199);  // every pick another address space's
  EXPECT_LT(ias.switches, cfs.switches / 2);
  EXPECT_GT(ias.st.time_aggr, 0u);
  EXPECT_EQ(ias.st.space_aggr, 0u);  // no master
  // Each pick IAS kept the address space was counted, and nothing else: the picks that switched
  // or kept it with CFS's consent (the leftmost a sibling) are the rest.
  EXPECT_LE(ias.st.time_aggr, 199u - static_cast<uint64_t>(ias.switches));
  // Still fair: the bonus (one quantum) bounds how far the shares drift apart.
  uint64_t diff = ias.ran_a > ias.ran_b ? ias.ran_a - ias.ran_b : ias.ran_b - ias.ran_a;
  EXPECT_LE(diff, 4 * kTick) << ias.ran_a << " " << ias.ran_b;
  EXPECT_EQ(zero.order.size(), cfs.order.size());
  for (size_t i = 0; i < cfs.order.size(); i++) {
    EXPECT_EQ(zero.order[i], cfs.order[i]) << i;
    EXPECT_EQ(zero.vruntime[i], cfs.vruntime[i]) << i;
  }
  EXPECT_EQ(zero.switches, cfs.switches);
  EXPECT_EQ(zero.st.picks, cfs.st.picks);
  EXPECT_EQ(zero.st.time_aggr + zero.st.space_aggr + cfs.st.time_aggr + cfs.st.space_aggr, 0u);
}

TEST_F(Ias, MasterSettingsAreChecked) {
  EXPECT_EQ(ias_set_master(-1, 0), -1);
  EXPECT_EQ(ias_set_master(FAIR_NCORES, 0), -1);
  EXPECT_EQ(ias_set_master(1, 1u << 1), -1);  // its own slave
  EXPECT_EQ(ias_set_master(0, 0b110), 0);
  EXPECT_EQ(ias_set_master(3, 0b100), 0);  // core 2 moves to master 3
  EXPECT_EQ(ias_slaves(0), 0b010u);
  EXPECT_EQ(ias_slaves(3), 0b100u);
  ias_set_bonus(24);
  EXPECT_EQ(ias_bonus(), 24u);
}

// --- the slice-end decision of a core that runs one address space at a time (fair_slice_end)

// `cur` stands for the running address space's lowest-vruntime thread (running: not queued).
fair_entity running(const void* mm, uint64_t v) {
  fair_entity se;
  fair_entity_init(&se, mm, 0);
  se.vruntime = v;
  se.last_quantum = kTick;
  return se;
}

TEST_F(Ias, CfsSwitchesOnlyToALowerVruntime) {
  fair_set_policy(FAIR_CFS);
  fair_entity b;
  add(&rq0, &b, &mmB, 2 * kTick);
  fair_entity a = running(&mmA, 2 * kTick);
  EXPECT_EQ(fair_slice_end(&rq0, &mmA, &a), nullptr);  // equal: A keeps the core
  a.vruntime = 2 * kTick + 1;
  EXPECT_EQ(fair_slice_end(&rq0, &mmA, &a), &b);
  EXPECT_EQ(fair_slice_end(&rq0, &mmB, &b), nullptr);  // only B's own waits
  EXPECT_EQ(fair_slice_end(&rq0, nullptr, nullptr), &b);  // an idle core takes the leftmost
  fair_stats st;
  fair_get_stats(-1, &st);
  EXPECT_EQ(st.time_aggr + st.space_aggr + st.picks, 0u);  // nothing counted, nothing picked
  EXPECT_TRUE(b.on_rq);
}

TEST_F(Ias, BonusKeepsTheAddressSpaceAndCountsIt) {
  fair_entity b;
  add(&rq0, &b, &mmB, 2 * kTick);
  fair_entity a = running(&mmA, 2 * kTick + kTick / 2);  // half a quantum behind: within bonus 16
  EXPECT_EQ(fair_slice_end(&rq0, &mmA, &a), nullptr);
  fair_stats st;
  fair_get_stats(0, &st);
  EXPECT_EQ(st.time_aggr, 1u);
  a.vruntime = 2 * kTick + kTick + 1;  // beyond one quantum: B's turn, not counted
  EXPECT_EQ(fair_slice_end(&rq0, &mmA, &a), &b);
  a.vruntime = 2 * kTick - 1;  // ahead anyway: CFS keeps A too, so it is no aggregation
  EXPECT_EQ(fair_slice_end(&rq0, &mmA, &a), nullptr);
  ias_set_bonus(0);  // bonus 0: exactly CFS
  a.vruntime = 2 * kTick + 1;
  EXPECT_EQ(fair_slice_end(&rq0, &mmA, &a), &b);
  fair_get_stats(0, &st);
  EXPECT_EQ(st.time_aggr, 1u);
  EXPECT_EQ(st.space_aggr, 0u);
}

// Core 0 masters core 1: the address space core 0 runs next becomes its ia_mm, and core 1 takes
// that address space's thread within the bonus where CFS would keep its own or run another.
TEST_F(Ias, SlaveFollowsTheAddressSpaceItsMasterRuns) {
  ASSERT_EQ(ias_set_master(0, 1u << 1), 0);
  fair_entity b0, a1, c1;
  add(&rq0, &b0, &mmB, 10 * kTick);
  fair_entity a0 = running(&mmA, 10 * kTick);
  EXPECT_EQ(fair_slice_end(&rq0, &mmA, &a0), nullptr);
  EXPECT_EQ(rq0.ia_mm, &mmA);
  add(&rq1, &a1, &mmA, 5 * kTick + kTick / 2);
  add(&rq1, &c1, &mmC, 5 * kTick);
  fair_entity b1 = running(&mmB, 5 * kTick - 1);  // CFS would keep B on core 1
  EXPECT_EQ(fair_slice_end(&rq1, &mmB, &b1), &a1);
  fair_stats st;
  fair_get_stats(1, &st);
  EXPECT_EQ(st.space_aggr, 1u);
  b1.vruntime = 3 * kTick;  // A's thread is now more than a quantum behind B: B stays
  EXPECT_EQ(fair_slice_end(&rq1, &mmB, &b1), nullptr);
  a0.vruntime = 20 * kTick;  // the master switches to B, and says so
  EXPECT_EQ(fair_slice_end(&rq0, &mmA, &a0), &b0);
  EXPECT_EQ(rq0.ia_mm, &mmB);
  b1.vruntime = 5 * kTick + 1;  // core 1 runs B already: it keeps B within the bonus
  EXPECT_EQ(fair_slice_end(&rq1, &mmB, &b1), nullptr);
  fair_get_stats(1, &st);
  EXPECT_EQ(st.space_aggr, 1u);
  EXPECT_EQ(st.time_aggr, 1u);
}

// --- load balancing

int only_core_2(const fair_entity*, int core) { return core == 2; }

TEST_F(Fair, StealMovesFromLoadedToEmptyQueue) {
  fair_entity e[3];
  for (auto& s : e) {
    fair_entity_init(&s, &mmA, 0);
    fair_enqueue(&rq0, &s, 0);
  }
  fair_entity* moved = fair_steal(&rq0, &rq1, 1, nullptr);
  ASSERT_NE(moved, nullptr);
  EXPECT_EQ(moved, &e[2]);  // the one that would have waited longest
  EXPECT_EQ(rq0.nr, 2);
  EXPECT_EQ(rq1.nr, 1);
  EXPECT_EQ(rq1.load, 1024u);
  EXPECT_EQ(fair_pick(&rq1, nullptr, nullptr), &e[2]);
  EXPECT_EQ(fair_steal(&rq0, &rq1, 1, nullptr), nullptr);  // 2 : 1 cannot get better
  fair_stats st;
  fair_get_stats(1, &st);
  EXPECT_EQ(st.migrations, 1u);
}

TEST_F(Fair, StealRespectsAffinity) {
  fair_entity e[2];
  for (auto& s : e) {
    fair_entity_init(&s, &mmA, 0);
    fair_enqueue(&rq0, &s, 0);
  }
  EXPECT_EQ(fair_steal(&rq0, &rq1, 1, only_core_2), nullptr);
  EXPECT_EQ(rq0.nr, 2);
}

// One thread waits on a core whose context runs another: an idle core takes it when the kernel
// reports the running one (fair_running), and two cores do not pass a lone waiter to and fro.
TEST_F(Fair, IdleCoreTakesLoneWaiterOnlyFromBusyCore) {
  fair_entity run, wait;
  fair_entity_init(&run, &mmA, 0);
  fair_entity_init(&wait, &mmA, 0);
  fair_enqueue(&rq0, &wait, 0);
  EXPECT_EQ(fair_steal(&rq0, &rq1, 1, nullptr), nullptr);  // 1 : 0 would become 0 : 1
  fair_running(&rq0, &run, 1);
  EXPECT_EQ(fair_steal(&rq0, &rq1, 1, nullptr), &wait);
  EXPECT_EQ(fair_steal(&rq1, &rq0, 0, nullptr), nullptr);  // 1 running : 1 queued is balanced
}

TEST_F(Fair, StolenEntityKeepsItsLagOverMinVruntime) {
  fair_entity a, b;
  fair_entity_init(&a, &mmA, 0);
  fair_entity_init(&b, &mmA, 0);
  fair_enqueue(&rq0, &a, 0);
  fair_enqueue(&rq0, &b, 0);
  for (int i = 0; i < 10; i++) run_one(&rq0);
  rq1.min_vruntime = 1000;
  fair_entity* tail = rq0.head->next;
  ASSERT_NE(tail, nullptr);
  uint64_t lag = tail->vruntime - rq0.min_vruntime;
  ASSERT_EQ(fair_steal(&rq0, &rq1, 1, nullptr), tail);
  EXPECT_EQ(tail->vruntime, 1000 + lag);
}

}  // namespace
