// See lsq.h.
#include "core/o3/lsq.h"

namespace kasane {

namespace {
bool overlap(uint32_t a, unsigned asize, uint32_t b, unsigned bsize) {
  return a < b + bsize && b < a + asize;
}
}  // namespace

MemShape mem_shape(uint32_t raw) {
  const Insn i{raw};
  switch (i.op()) {
    case 32: case 36: case 40: return {1, false};                // LB LBU SB
    case 33: case 37: case 41: return {2, false};                // LH LHU SH
    case 34: case 38: case 42: case 46: return {4, true};        // LWL LWR SWL SWR
    case 53: case 61: return {8, false};                         // LDC1 SDC1
    case 19:                                                     // COP1X: by function
      switch (i.funct()) {
        case 1: case 5: case 9: case 13: return {8, false};      // LDXC1 LUXC1 SDXC1 SUXC1
        default: return {4, false};                              // LWXC1 SWXC1 PREFX
      }
    default: return {4, false};  // LW SW LL SC LWC1 SWC1 PREF
  }
}

LoadStoreQueue::LoadStoreQueue(const ShareConfig& lq, const ShareConfig& sq, unsigned contexts)
    : lq_cap_(lq, contexts), sq_cap_(sq, contexts) {
  for (unsigned c = 0; c < contexts; ++c) {
    lq_.emplace_back(lq.entries);
    sq_.emplace_back(sq.entries);
  }
}

void LoadStoreQueue::add_load(O3Inst* d) {
  lq_cap_.take(d->thread);
  lq_[d->thread].push_back_uncleared() = d;
}

void LoadStoreQueue::add_store(const O3Inst& d) {
  sq_cap_.take(d.thread);
  StoreEntry& e = sq_[d.thread].push_back_uncleared();
  e = StoreEntry{d.seq, d.pa, d.size, d.partial, d.device, d.phantom, false, false, 0};
}

LoadStoreQueue::Search LoadStoreQueue::search_stores(const O3Inst& load) const {
  const Ring<StoreEntry>& q = sq_[load.thread];
  for (size_t k = q.size(); k-- > 0;) {
    const StoreEntry& s = q[k];
    if (s.seq > load.seq) continue;  // younger
    // An older store whose address is not known yet: the load goes ahead of it (a violation
    // if they turn out to overlap, unless the memory-dependence predictor held the load back).
    if (!s.known || s.phantom || !overlap(s.pa, s.size, load.pa, load.size)) continue;
    const bool covers = !s.partial && !load.partial && s.pa <= load.pa &&
                        load.pa + load.size <= s.pa + s.size;
    return {covers ? Search::kForward : Search::kPartial, s.seq};
  }
  return {};
}

O3Inst* LoadStoreQueue::store_issued(const O3Inst& d) {
  Ring<StoreEntry>& q = sq_[d.thread];
  for (size_t k = q.size(); k-- > 0;)
    if (q[k].seq == d.seq) {
      q[k].known = true;
      break;
    }
  if (d.phantom) return nullptr;
  const Ring<O3Inst*>& lq = lq_[d.thread];
  for (size_t k = 0; k < lq.size(); ++k) {
    const O3Inst& l = *lq[k];
    if (l.seq < d.seq || l.phantom || l.stage != O3Stage::kIssued) continue;
    // Its data came from this store or a younger one: nothing it read is stale.
    if (l.forwarded_from != kNotForwarded && l.forwarded_from >= d.seq) continue;
    if (overlap(d.pa, d.size, l.pa, l.size)) return lq[k];
  }
  return nullptr;
}

bool LoadStoreQueue::store_known(unsigned c, uint64_t seq) const {
  const Ring<StoreEntry>& q = sq_[c];
  for (size_t k = 0; k < q.size(); ++k)
    if (q[k].seq == seq) return q[k].known;
  return true;  // gone: written or squashed
}

void LoadStoreQueue::commit_load(unsigned c) {
  lq_[c].pop_front();
  lq_cap_.give(c);
}

void LoadStoreQueue::commit_store(unsigned c, uint64_t now) {
  Ring<StoreEntry>& q = sq_[c];
  for (size_t k = 0; k < q.size(); ++k)
    if (!q[k].committed) {
      q[k].committed = true;
      q[k].committed_at = now;
      ++committed_;
      return;
    }
}

void LoadStoreQueue::pop_store(unsigned c) {
  --committed_;
  sq_[c].pop_front();
  sq_cap_.give(c);
}

void LoadStoreQueue::squash(unsigned c, uint64_t from) {
  Ring<O3Inst*>& lq = lq_[c];
  size_t keep = lq.size();
  while (keep > 0 && lq[keep - 1]->seq >= from) --keep;
  lq_cap_.give(c, static_cast<unsigned>(lq.size() - keep));
  lq.truncate(keep);
  Ring<StoreEntry>& sq = sq_[c];
  keep = sq.size();
  while (keep > 0 && !sq[keep - 1].committed && sq[keep - 1].seq >= from) --keep;
  sq_cap_.give(c, static_cast<unsigned>(sq.size() - keep));
  sq.truncate(keep);
}

}  // namespace kasane
