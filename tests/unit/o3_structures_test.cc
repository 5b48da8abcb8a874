// Unit tests of the out-of-order core's structures, each alone: renaming and its recovery on a
// squash, the issue queue's oldest-first select and wake-up, the load/store queue's forwarding,
// partial overlap and violation searches, the store-set predictor, and each sharing policy's
// limit.
#include <gtest/gtest.h>

#include <vector>

#include "core/o3/issue_queue.h"
#include "core/o3/lsq.h"
#include "core/o3/mem_dep.h"
#include "core/o3/rename.h"
#include "core/o3/share_policy.h"
#include "test_machine.h"

namespace kasane {
namespace {

// An instruction reading `src` and writing `dst` (dyn_inst.h's register numbers), of context c.
O3Inst inst(uint64_t seq, unsigned c, std::vector<uint8_t> src, std::vector<uint8_t> dst) {
  O3Inst d;
  d.seq = seq;
  d.thread = static_cast<uint8_t>(c);
  for (uint8_t r : src) d.regs.src[d.regs.nsrc++] = r;
  for (uint8_t r : dst) d.regs.dst[d.regs.ndst++] = r;
  return d;
}

TEST(O3Rename, SourcesReadTheYoungestOlderWriterAndASquashPutsTheMapBack) {
  Rename rn(2, 8, 4);
  const uint16_t arch_t0 = rn.mapping(0, 8);
  O3Inst a = inst(0, 0, {}, {8}), b = inst(1, 0, {8}, {8}), c = inst(2, 0, {8}, {9});
  rn.rename(0, a);
  rn.rename(0, b);
  rn.rename(0, c);
  EXPECT_EQ(b.psrc[0], a.pdst[0]) << "b reads a's result";
  EXPECT_EQ(c.psrc[0], b.pdst[0]) << "c reads b's result, not a's";
  EXPECT_EQ(a.pold[0], arch_t0);
  EXPECT_EQ(rn.free_regs(false), 5u);
  EXPECT_EQ(rn.held(0, false), 3u);
  // Context 1's map is its own.
  EXPECT_NE(rn.mapping(1, 8), a.pdst[0]);
  // Squash b and c, youngest first: t0 maps to a's register again, and their registers are free.
  rn.undo(0, c);
  rn.undo(0, b);
  EXPECT_EQ(rn.mapping(0, 8), a.pdst[0]);
  EXPECT_EQ(rn.mapping(0, 9), c.pold[0]);
  EXPECT_EQ(rn.free_regs(false), 7u);
  // a commits: the register it replaced goes back to the free list.
  rn.commit(0, a);
  EXPECT_EQ(rn.free_regs(false), 8u);
  EXPECT_EQ(rn.held(0, false), 0u);
}

TEST(O3Rename, RunsOutOfRegistersOfOneClassOnly) {
  Rename rn(1, 1, 2);
  O3Inst a = inst(0, 0, {}, {8});
  EXPECT_TRUE(rn.can_rename(a));
  rn.rename(0, a);
  O3Inst b = inst(1, 0, {}, {9}), f = inst(2, 0, {}, {kRegFpPair0});
  EXPECT_FALSE(rn.can_rename(b)) << "the one integer rename register is taken";
  EXPECT_TRUE(rn.can_rename(f)) << "the FPU's are not";
  O3Inst mult = inst(3, 0, {8, 9}, {kRegHi, kRegLo});
  rn.commit(0, a);
  EXPECT_FALSE(rn.can_rename(mult)) << "MULT writes HI and LO: two registers";
}

TEST(O3IssueQueue, SelectsTheOldestReadyFirstAcrossContexts) {
  Rename rn(2, 16, 4);
  IssueQueue iq(ShareConfig{8}, 2);
  // Dispatched in an order that is not their age: context 1's are older.
  O3Inst x = inst(10, 0, {}, {8}), y = inst(11, 0, {}, {9}), z = inst(4, 1, {}, {8}),
         w = inst(7, 1, {}, {9});
  for (O3Inst* d : {&x, &y, &z, &w}) {
    rn.rename(d->thread, *d);
    iq.insert(d);
  }
  std::vector<uint64_t> picked;
  unsigned width = 3;
  iq.select(0, rn, [&](O3Inst& d) {
    if (width == 0) return IssueQueue::Pick::kStop;
    --width;
    picked.push_back(d.seq);
    return IssueQueue::Pick::kIssue;
  });
  EXPECT_EQ(picked, (std::vector<uint64_t>{4, 7, 10}));
  EXPECT_EQ(iq.size(), 1u);
  EXPECT_EQ(iq.capacity().held(0), 1u);
  EXPECT_EQ(iq.capacity().held(1), 0u);
}

TEST(O3IssueQueue, AConsumerWakesWhenItsProducersResultIsReady) {
  Rename rn(1, 16, 4);
  IssueQueue iq(ShareConfig{8}, 1);
  O3Inst p = inst(0, 0, {}, {8}), q = inst(1, 0, {8}, {9});
  rn.rename(0, p);
  rn.rename(0, q);
  iq.insert(&q);
  auto ready_at = [&](uint64_t now) {
    bool issued = false;
    iq.select(now, rn, [&](O3Inst&) {
      issued = true;
      return IssueQueue::Pick::kKeep;
    });
    return issued;
  };
  EXPECT_FALSE(ready_at(5)) << "p has not issued";
  rn.set_ready(p.pdst[0], 9);  // p issued: its result is ready at cycle 9
  EXPECT_FALSE(ready_at(8));
  EXPECT_TRUE(ready_at(9));
}

TEST(O3IssueQueue, ASquashTakesOutOneContextsYoungerEntries) {
  Rename rn(2, 16, 4);
  IssueQueue iq(ShareConfig{8}, 2);
  O3Inst a = inst(1, 0, {}, {}), b = inst(2, 1, {}, {}), c = inst(3, 0, {}, {});
  for (O3Inst* d : {&a, &b, &c}) iq.insert(d);
  iq.squash(0, 2);
  EXPECT_EQ(iq.size(), 2u);
  EXPECT_FALSE(c.in_iq);
  EXPECT_TRUE(a.in_iq && b.in_iq);
}

O3Inst mem(uint64_t seq, bool store, uint32_t pa, uint8_t size, bool partial = false) {
  O3Inst d = inst(seq, 0, {}, {});
  d.load = !store;
  d.store = store;
  d.pa = pa;
  d.size = size;
  d.partial = partial;
  return d;
}

TEST(O3Lsq, AnOlderStoreThatCoversTheLoadForwardsAndOneThatCoversPartOfItMakesItWait) {
  LoadStoreQueue q(ShareConfig{8}, ShareConfig{8}, 1);
  O3Inst word = mem(1, true, 0x100, 4), byte = mem(2, true, 0x204, 1);
  q.add_store(word);
  q.add_store(byte);
  q.store_issued(word);
  q.store_issued(byte);
  O3Inst half = mem(3, false, 0x102, 2);
  LoadStoreQueue::Search s = q.search_stores(half);
  EXPECT_EQ(s.kind, LoadStoreQueue::Search::kForward);
  EXPECT_EQ(s.store, 1u);
  O3Inst over = mem(4, false, 0x204, 4);
  EXPECT_EQ(q.search_stores(over).kind, LoadStoreQueue::Search::kPartial);
  O3Inst elsewhere = mem(5, false, 0x300, 4);
  EXPECT_EQ(q.search_stores(elsewhere).kind, LoadStoreQueue::Search::kMemory);
  // A younger store does not forward to an older load.
  O3Inst older = mem(0, false, 0x100, 4);
  EXPECT_EQ(q.search_stores(older).kind, LoadStoreQueue::Search::kMemory);
}

TEST(O3Lsq, AStoreWithAnUnknownAddressIsPassedAndALoadThatReadTooEarlyIsAViolation) {
  LoadStoreQueue q(ShareConfig{8}, ShareConfig{8}, 1);
  O3Inst st = mem(1, true, 0x100, 4), ld = mem(2, false, 0x100, 4), other = mem(3, false, 0x140, 4);
  q.add_store(st);
  q.add_load(&ld);
  q.add_load(&other);
  EXPECT_EQ(q.search_stores(ld).kind, LoadStoreQueue::Search::kMemory) << "address unknown";
  ld.stage = other.stage = O3Stage::kIssued;  // both read memory
  EXPECT_EQ(q.store_issued(st), &ld);
  // Had the load taken its data from this store, nothing would be wrong.
  LoadStoreQueue r(ShareConfig{8}, ShareConfig{8}, 1);
  O3Inst st2 = mem(1, true, 0x100, 4), ld2 = mem(2, false, 0x100, 4);
  r.add_store(st2);
  r.add_load(&ld2);
  ld2.stage = O3Stage::kIssued;
  ld2.forwarded_from = 1;
  EXPECT_EQ(r.store_issued(st2), nullptr);
}

TEST(O3Lsq, CommittedStoresStayUntilWrittenAndASquashKeepsThem) {
  LoadStoreQueue q(ShareConfig{8}, ShareConfig{8}, 1);
  O3Inst a = mem(1, true, 0x100, 4), b = mem(5, true, 0x200, 4);
  q.add_store(a);
  q.add_store(b);
  q.commit_store(0, 7);
  EXPECT_EQ(q.committed_store(0, 7), nullptr) << "written from the cycle after its commit";
  ASSERT_NE(q.committed_store(0, 8), nullptr);
  EXPECT_EQ(q.committed_store(0, 8)->seq, 1u);
  q.squash(0, 0);  // everything not committed
  EXPECT_EQ(q.stores_of(0), 1u);
  q.pop_store(0);
  EXPECT_EQ(q.stores_of(0), 0u);
  EXPECT_EQ(q.stores().total(), 0u);
}

TEST(O3Lsq, AccessSizesComeFromTheOpcode) {
  EXPECT_EQ(mem_shape(test::enc::itype(32, 0, 0, 0)).size, 1u);  // LB
  EXPECT_EQ(mem_shape(test::enc::itype(41, 0, 0, 0)).size, 2u);  // SH
  EXPECT_EQ(mem_shape(test::enc::itype(53, 0, 0, 0)).size, 8u);  // LDC1
  EXPECT_TRUE(mem_shape(test::enc::itype(34, 0, 0, 0)).partial);  // LWL
  EXPECT_FALSE(mem_shape(test::enc::itype(35, 0, 0, 0)).partial);  // LW
}

TEST(O3StoreSets, ALoadWaitsForTheStoreItOnceConflictedWith) {
  StoreSets ss(64, 2, true);
  const uint32_t st = 0x80001000, ld = 0x80001010;
  EXPECT_EQ(ss.load_dispatched(0, ld), StoreSets::kNoStore) << "nothing learnt yet";
  ss.violation(st, ld);
  EXPECT_EQ(ss.store_dispatched(0, st, 40), StoreSets::kNoStore);
  EXPECT_EQ(ss.load_dispatched(0, ld), 40u) << "it waits for the store of its set";
  EXPECT_EQ(ss.load_dispatched(1, ld), StoreSets::kNoStore) << "not for another context's";
  EXPECT_EQ(ss.store_dispatched(0, st, 45), 40u) << "the stores of a set go in order";
  ss.store_issued(0, st, 45);
  EXPECT_EQ(ss.load_dispatched(0, ld), StoreSets::kNoStore);
  StoreSets off(64, 1, false);
  off.violation(st, ld);
  off.store_dispatched(0, st, 1);
  EXPECT_EQ(off.load_dispatched(0, ld), StoreSets::kNoStore);
}

// Fill as much as the policy lets context 0 take, then see what context 1 can still take.
unsigned fill(SharedCapacity& cap, unsigned c) {
  unsigned n = 0;
  while (cap.may_take(c)) {
    cap.take(c);
    ++n;
  }
  return n;
}

TEST(O3SharePolicy, SharedLetsOneContextFillTheStructure) {
  SharedCapacity cap(ShareConfig{16, SharePolicy::kShared, 50}, 2);
  EXPECT_EQ(fill(cap, 0), 16u);
  EXPECT_FALSE(cap.may_take(1));
}

TEST(O3SharePolicy, PartitionedKeepsEachActiveContextToItsShare) {
  SharedCapacity cap(ShareConfig{16, SharePolicy::kPartitioned, 50}, 4);
  cap.set_active(2);
  EXPECT_EQ(fill(cap, 0), 8u);
  EXPECT_EQ(fill(cap, 1), 8u);
  cap.give(0, 8);
  cap.set_active(1);  // the other sleeps: the one left may have it all
  EXPECT_EQ(fill(cap, 0), 8u);
  cap.set_active(3);
  EXPECT_FALSE(cap.may_take(0)) << "16 / 3 = 5 each, and it holds 8";
  EXPECT_LE(cap.held(1), 8u);
}

TEST(O3SharePolicy, ThresholdCapsEachContextAndTheTotal) {
  SharedCapacity cap(ShareConfig{16, SharePolicy::kThreshold, 75}, 2);
  EXPECT_EQ(fill(cap, 0), 12u);
  EXPECT_EQ(fill(cap, 1), 4u) << "what the first left";
  EXPECT_EQ(cap.total(), 16u);
}

}  // namespace
}  // namespace kasane
