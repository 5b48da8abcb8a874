// See recovery.h.
#include "core/o3/recovery.h"

#include <algorithm>
#include <vector>

#include "core/kanata.h"
#include "core/pipeline/functional.h"

namespace kasane {

namespace {
// A conditional branch: its prediction read and shifted the direction history.
bool shifts_history(const InsnInfo* info, bool branch) {
  return branch && info && info->format == Format::I;
}
}  // namespace

template <typename F>
uint32_t Recovery<F>::path(unsigned c, bool& in_slot, uint32_t& slot_target) const {
  const O3Thread& th = s_.threads[c];
  if (!th.replay.empty()) {
    const O3Inst& r = th.replay.front();
    in_slot = r.pre_in_slot;
    slot_target = r.pre_slot_target;
    return r.pc;
  }
  return f_.next_pc(c, in_slot, slot_target);
}

template <typename F>
bool Recovery<F>::word(unsigned c, uint32_t va, uint32_t& pa, uint32_t& raw) const {
  // Asked only when fetch cannot translate: the list is empty nearly always, and short.
  for (const O3Inst& r : s_.threads[c].replay) {
    if (r.pc != va || r.fetch_pa == kNoFetchPa) continue;
    pa = r.fetch_pa;
    raw = r.raw;
    return true;
  }
  return false;
}

template <typename F>
size_t Recovery<F>::index_of(unsigned c, uint64_t seq) const {
  const Ring<O3Inst>& ring = s_.rob.ring(c);
  size_t k = ring.size();
  while (k > 0 && ring[k - 1].seq >= seq) --k;
  return k;
}

template <typename F>
void Recovery<F>::squash(unsigned c, size_t from, uint64_t now) {
  O3Thread& th = s_.threads[c];
  ContextPipe& cp = s_.front.ctx[c];
  Ring<O3Inst>& ring = s_.rob.ring(c);
  const size_t n = ring.size();
  const uint64_t from_seq = from < n ? ring[from].seq : ~0ull;
  unsigned rob = s_.rob.dispatched(c), renamed = s_.rob.renamed(c);
  const uint32_t* history = nullptr;  // the oldest squashed prediction's, if any
  std::vector<O3Inst> again;          // the executed ones, youngest first
  for (size_t k = n; k-- > from;) {
    O3Inst& d = ring[k];
    if (shifts_history(d.info, d.branch)) history = &d.bp_snapshot;
    if (d.stage != O3Stage::kDecoded) s_.rename.undo(c, d);
    if (d.stage == O3Stage::kRenamed) --renamed;
    if (d.stage >= O3Stage::kDispatched) --rob;
    if (d.stage != O3Stage::kIssued) {  // still counted by ICOUNT and BRCOUNT
      --cp.n_decoded;
      if (d.branch) --cp.n_branches;
    }
    if (d.stage >= O3Stage::kDispatched && !d.phantom && !d.fault) again.push_back(d);
    ++th.stats.squashed;
    if (s_.trace && d.trace_id != ~0ull) s_.trace->retire(now, d.trace_id, true);
  }
  if (from_seq != ~0ull) {
    s_.iq.squash(c, from_seq);
    s_.lsq.squash(c, from_seq);
  }
  s_.rob.cut(c, from, rob, renamed);
  // The fetch queue is younger than anything in the ring.
  for (size_t k = 0; k < cp.window.size(); ++k) {
    const DynInst& d = cp.window[k];
    if (!history && shifts_history(d.info, d.branch)) history = &d.bp_snapshot;
    ++th.stats.squashed;
    if (s_.trace && d.trace_id != ~0ull) s_.trace->retire(now, d.trace_id, true);
  }
  // The window's own history pointer must be read before the window is emptied.
  const bool restore = history != nullptr;
  const uint32_t snapshot = restore ? *history : 0;
  cp.window.truncate(0);
  cp.n_fetched = 0;
  if (restore) s_.bp.restore_history(c, snapshot, false, false);
  for (O3Inst& d : again) {  // youngest first, so each goes in front of the older ones
    d.stage = O3Stage::kDecoded;
    d.trace_id = ~0ull;
    th.replay.push_front(d);
  }

  th.diverged = false;
  if (th.serial != O3Thread::kNone && th.serial >= from_seq) th.serial = O3Thread::kNone;
  if (th.last_real && th.last_real->seq >= from_seq) th.last_real = nullptr;
  // Fetch starts again where the path goes on, in the next cycle.
  cp.fetch_pc = path(c, cp.in_slot, cp.slot_target);
  cp.fetch_synced = f_.running(c);
  cp.fetch_blocked = false;
  cp.fetch_line = ~0u;
  cp.fetch_stall_until = std::max(now + 1, th.fetch_gate);
  th.recovering = true;
  th.recover_seq = s_.front.next_seq;
}

template <typename F>
void Recovery<F>::redirect(unsigned c, uint64_t now) {
  O3Thread& th = s_.threads[c];
  const O3Inst& t = *th.redirect.trigger;
  const bool fix = t.mispredicted && shifts_history(t.info, t.branch);
  const uint32_t snapshot = t.bp_snapshot;
  const bool taken = t.actual_taken;
  squash(c, index_of(c, th.diverge_seq + 1), now);
  // The branch stays: the history it leaves is its own snapshot with its real direction.
  if (fix) s_.bp.restore_history(c, snapshot, true, taken);
  ++s_.stats.redirects;
}

template class Recovery<FunctionalCore>;
template class Recovery<IssModel>;

}  // namespace kasane
