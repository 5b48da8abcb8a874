// See issue.h.
#include "core/pipeline/issue.h"

#include <array>
#include <cstdint>

#include "core/kanata.h"
#include "core/limits.h"

namespace kasane {

template <typename F>
void IssueStage<F>::evaluate(uint64_t now) {
  unsigned budget = s_.cfg.issue_width;
  const Once once{&s_.ctx[0], s_.cfg.inflight, s_.cfg.check, s_.trace};
  if (budget > 0 && (s_.active & (s_.active - 1)) == 0) {
    // One context to serve (or none): there is no order to work out, and it has every slot.
    if (s_.active != 0) {
      const unsigned c = static_cast<unsigned>(__builtin_ctz(s_.active));
      while (budget > 0 && try_issue(c, now, once)) --budget;
    }
    return;
  }
  // Oldest first: contexts are served in the fetch order of their next instruction, each issuing
  // in order until that cannot go, then the next context gets the remaining slots. A context
  // that lost a unit to its siblings keeps its old instruction and so comes first next time. (A
  // start that merely rotated each cycle aliased with the non-pipelined unit's busy time: with
  // 4 contexts and a 12- or 32-cycle multiplier the unit came free on the same turn every time,
  // and one context could starve for hundreds of thousands of cycles.) Fetch numbers are
  // distinct, so the order does not depend on where the sort starts: contexts are taken in
  // index order. Contexts with nothing decoded come last and only record why they are idle,
  // which does not depend on their order or on the slots left. Parked contexts would come last
  // and record that they are idle, which they already have (Pipeline::park).
  std::array<unsigned, kMaxContexts> order;
  std::array<uint64_t, kMaxContexts> age;
  unsigned count = 0;
  uint32_t empty = 0;
  for (uint32_t set = s_.active; set != 0; set &= set - 1) {
    const unsigned c = static_cast<unsigned>(__builtin_ctz(set));
    const ContextPipe& cp = once.ctx[c];
    if (cp.n_decoded == 0) {
      empty |= 1u << c;
      continue;
    }
    const uint64_t a = cp.window[cp.window.size() - cp.n_fetched - cp.n_decoded].seq;
    unsigned j = count++;  // insertion sort: no allocation, few contexts
    for (; j > 0 && age[j - 1] > a; --j) {
      order[j] = order[j - 1];
      age[j] = age[j - 1];
    }
    order[j] = c;
    age[j] = a;
  }
  for (unsigned k = 0; k < count; ++k) {
    const unsigned c = order[k];
    ContextPipe& cp = once.ctx[c];
    if (budget == 0) {
      // No issue slot left: that costs this context, which has something to issue.
      cp.head_block = !f_.running(c) ? CpiCat::kIdle : CpiCat::kUnit;
      if (__builtin_expect(once.trace != nullptr, 0))
        trace_stall(cp.window[cp.window.size() - cp.n_fetched - cp.n_decoded], now, "issue width");
      continue;
    }
    while (budget > 0 && try_issue(c, now, once)) --budget;
  }
  // After the others: an instruction they executed may have stopped or started one of these.
  for (; empty != 0; empty &= empty - 1) {
    const unsigned c = static_cast<unsigned>(__builtin_ctz(empty));
    ContextPipe& cp = once.ctx[c];
    cp.head_block = !f_.running(c) ? CpiCat::kIdle
                    : cp.recovering ? CpiCat::kMispredict
                                    : CpiCat::kFetch;
  }
}

template <typename F>
bool IssueStage<F>::try_issue(unsigned c, uint64_t now, const Once& once) {
  ContextPipe& cp = once.ctx[c];
  auto blocked = [&](CpiCat why) {
    cp.head_block = why;
    return false;
  };
  if (!f_.running(c)) return blocked(CpiCat::kIdle);
  if (cp.n_decoded == 0) return blocked(cp.recovering ? CpiCat::kMispredict : CpiCat::kFetch);
  const size_t idx = cp.window.size() - cp.n_fetched - cp.n_decoded;
  DynInst& d = cp.window[idx];
  // The oldest decoded instruction waits: the pipeline trace labels it with the reason. Inline
  // by force: as a call, made from five places, it needed its captures laid out on the stack on
  // every try.
  auto waits = [&](CpiCat why, const char* reason) __attribute__((always_inline)) {
    if (__builtin_expect(once.trace != nullptr, 0)) trace_stall(d, now, reason);
    return blocked(why);
  };
  if (idx >= once.inflight) return waits(CpiCat::kUnit, "in-flight limit");
  if (d.decoded_at >= now) return blocked(CpiCat::kFetch);
  if (cp.serial_until > now || (serialising(d) && idx != 0))
    return waits(CpiCat::kSerialize, "serialise");
  for (unsigned k = 0; k < d.nsrc; ++k)
    if (cp.reg_ready[d.src[k]] > now)
      return waits(cp.reg_by_load[d.src[k]]  ? CpiCat::kMemory
                   : cp.reg_by_fpu[d.src[k]] ? CpiCat::kFpu
                                             : CpiCat::kDependence,
                   "operand");
  if (!ex_.unit_free(d, now))
    return waits(is_fpu_class(fu_class_of(d.unit)) ? CpiCat::kFpu : CpiCat::kUnit,
                 "unit busy");
  // The functional model must be about to execute exactly this instruction. It is, unless the
  // context was stopped and restarted elsewhere from outside (the kernel, later): then what was
  // fetched is stale.
  // Likewise if a store has since changed the word it fetched (self-modifying code, which
  // MIPS32 leaves unpredictable without SYNCI; this pipeline snoops and refetches).
  bool in_slot;
  uint32_t slot_target, pa, word;
  const bool at_pc = f_.next_pc(c, in_slot, slot_target) == d.pc;
  const bool readable = at_pc && f_.peek_fetch(c, d.pc, pa, word);
  if (!at_pc || (readable && word != d.raw)) {
    ex_.squash(c, idx, now);
    return blocked(CpiCat::kMispredict);
  }
  uint64_t mem_ready = 0;
  if (d.unit == Unit::load || d.unit == Unit::store) {
    typename MemoryStage<F>::Claim claim = mem_.claim(c, d, now);
    if (!claim.accepted) return waits(CpiCat::kMemory, "MSHR full");
    // A store is done once the cache has accepted it; only a load waits for its data.
    if (d.unit == Unit::load) mem_ready = claim.ready_at;
  }
  // The word just read is the one fetch decoded: the functional model need not fetch and decode
  // it again. Not for a word whose fetch faulted (it has no row), nor for the reference check
  // (sim.check), which lets the functional model fetch for itself.
  ex_.execute(c, idx, now, mem_ready, readable && !d.fetch_fault && !once.check);
  return true;
}

template <typename F>
void IssueStage<F>::trace_stall(const DynInst& d, uint64_t now, const char* reason) {
  if (d.trace_id != ~0ull && d.decoded_at < now) s_.trace->stall(now, d.trace_id, reason);
}

template class IssueStage<FunctionalCore>;
template class IssueStage<IssModel>;

}  // namespace kasane
