// See dispatch.h.
#include "core/o3/dispatch.h"

#include "core/kanata.h"
#include "core/o3/frontend.h"
#include "core/pipeline/functional.h"
#include "power/power.h"

namespace kasane {

namespace {
// System and thread instructions (and words no row matches: they raise RI), LL and SC.
bool serialising_kind(const O3Inst& d) {
  const uint32_t op = Insn{d.raw}.op();
  return d.unit == Unit::system || d.unit == Unit::thread || op == 48 || op == 56;
}
}  // namespace

template <typename F>
void O3Dispatch<F>::evaluate(uint64_t now) {
  unsigned budget = s_.cfg.dispatch_width;
  for_each_active(s_.front.active, rr_, [&](unsigned c) {
    O3Thread& th = s_.threads[c];
    // Why this context dispatches nothing, unless dispatch finds another reason below.
    th.block = !f_.running(c)         ? O3Cpi::kIdle
               : rename_.starved(c)  ? O3Cpi::kRenameRegs
               : th.recovering       ? O3Cpi::kMispredict
                                     : O3Cpi::kFetch;
    while (budget > 0 && s_.rob.renamed(c) > 0) {
      O3Inst& d = s_.rob.next_to_dispatch(c);
      if (d.renamed_at >= now) break;
      if (dispatch_one(c, d, now) != Outcome::kDispatched) break;
      --budget;
    }
    return true;  // every context records why it waits
  });
  rr_.turn(s_.contexts);
}

template <typename F>
typename O3Dispatch<F>::Outcome O3Dispatch<F>::dispatch_one(unsigned c, O3Inst& d,
                                                            uint64_t now) {
  O3Thread& th = s_.threads[c];
  const size_t idx = s_.rob.dispatched(c);
  auto stall = [&](O3Cpi why) {
    th.block = why;
    return Outcome::kStalled;
  };
  auto refetch = [&] {  // d and what follows are not the context's path: fetch it again
    rec_.squash(c, idx, now);
    return Outcome::kRedirected;
  };
  // A serialising instruction in the ROB: nothing after it dispatches until it commits.
  if (th.serial != O3Thread::kNone) return stall(O3Cpi::kSerialise);

  const bool real = !th.diverged;
  const O3Inst* record = nullptr;  // the replay list's, if d is dispatched again
  bool readable = false;           // d's word is in memory where fetch found it
  if (real) {
    if (!f_.running(c)) return stall(O3Cpi::kIdle);
    if (!th.replay.empty()) {
      record = &th.replay.front();
      if (record->pc != d.pc || record->raw != d.raw) return refetch();
    } else {
      // The ISS must be about to execute exactly this word: not if the context was sent
      // elsewhere from outside (the kernel, a debugger), or a store changed the word since it
      // was fetched (self-modifying code, which MIPS32 leaves unpredictable without SYNCI).
      uint32_t pa, word;
      const uint32_t pc = f_.next_pc(c, d.pre_in_slot, d.pre_slot_target);
      readable = pc == d.pc && f_.peek_fetch(c, d.pc, pa, word);
      if (pc != d.pc || (readable && word != d.raw)) return refetch();
      if (readable) d.fetch_pa = pa;
    }
  }
  d.load = d.unit == Unit::load;
  d.store = d.unit == Unit::store;
  d.pref = d.load && d.info && d.info->writes == 0;
  if (d.load || d.store) {
    if (record) {
      d.pa = record->pa;
      d.size = record->size;
      d.partial = record->partial;
      d.device = record->device;
    } else if (real) {
      locate(c, d);
    } else {
      const MemShape shape = mem_shape(d.raw);
      d.size = shape.size;
      d.partial = shape.partial;
    }
  }
  d.serial = serialising_kind(d) || (real && d.device);
  if (d.serial && (s_.rob.dispatched(c) > 0 || s_.lsq.stores_of(c) > 0))
    return stall(O3Cpi::kSerialise);
  const bool needs_iq = d.unit != Unit::nop;
  if (!s_.rob.capacity().may_take(c)) return stall(O3Cpi::kRobFull);
  if (needs_iq && !s_.iq.may_take(c)) return stall(O3Cpi::kIqFull);
  if ((d.load && !s_.lsq.loads().may_take(c)) || (d.store && !s_.lsq.stores().may_take(c)))
    return stall(O3Cpi::kLsqFull);

  if (record) {
    d.fault = record->fault;
    d.actual_taken = record->actual_taken;
    d.actual_target = record->actual_target;
    d.pre_in_slot = record->pre_in_slot;
    d.pre_slot_target = record->pre_slot_target;
    d.fetch_pa = record->fetch_pa;
    d.replayed = true;
    ++th.stats.replayed;
    th.replay.pop_front();
  } else if (real) {
    const std::pair<uint32_t, uint32_t> ref = s_.cfg.front.check ? reference(c) : std::pair(0u, 0u);
    if (s_.trace && s_.trace->watching()) s_.trace->reached(d.pc, now);  // a sym: window
    const ExecResult r = readable && !d.fetch_fault && !s_.cfg.front.check
                             ? f_.execute_fetched(c, now, d.raw, d.info)
                             : f_.execute(c, now);
    if (r.result == Iss::StepResult::kInterrupted) return refetch();  // d did not execute
    d.fault = r.result == Iss::StepResult::kException;
    if (!d.fault) {
      if (s_.cfg.front.check) s_.front.executed[c].push_back(ref);
      d.actual_taken = r.branch_taken;
      d.actual_target = r.branch_target;
    }
  } else {
    d.phantom = true;
  }
  if (d.branch && real && !d.fault) {
    const uint32_t target = d.actual_taken ? d.actual_target : d.pc + 8;
    d.mispredicted = d.pred_taken != d.actual_taken || d.pred_target != target;
  }

  // Into the ROB, the issue queue and the load or store queue.
  s_.rob.dispatched_one(c);
  d.stage = O3Stage::kDispatched;
  d.dispatched_at = now;
  ContextPipe& cp = s_.front.ctx[c];
  if (d.fault || !needs_iq) {
    // Nothing to execute: done, and no longer counted by ICOUNT and BRCOUNT.
    d.stage = O3Stage::kIssued;
    d.done_at = now + 1;
    --cp.n_decoded;
    if (d.branch) --cp.n_branches;
    // Its destinations keep their old values (an exception) or none are written (NOP).
    for (unsigned k = 0; k < d.regs.ndst; ++k) s_.rename.set_ready(d.pdst[k], now + 1);
  } else {
    s_.iq.insert(&d);
  }
  if (!d.fault && d.load) {
    s_.lsq.add_load(&d);
    if (real) d.wait_store = s_.store_sets.load_dispatched(c, d.pc);
  }
  if (!d.fault && d.store) {
    s_.lsq.add_store(d);
    if (real) d.wait_store = s_.store_sets.store_dispatched(c, d.pc, d.seq);
  }
  if (s_.power) s_.power->count(PowerEvent::kRob);  // its entry written
  if (s_.trace && d.trace_id != ~0ull) {
    s_.trace->stage(now, d.trace_id, "Ds");
    if (d.in_iq) s_.trace->stage_at(now, d.trace_id, "Is", now + 1);
  }
  if (real) {
    if (d.serial) th.serial = d.seq;
    check_path(c, idx, d, now);
    th.last_real = &d;
  }
  return Outcome::kDispatched;
}

template <typename F>
void O3Dispatch<F>::locate(unsigned c, O3Inst& d) {
  // Every older instruction of the context has executed, so the ISS's registers are the ones
  // d reads. COP1X (LWXC1 and friends) adds an index register instead of an offset.
  const Insn i{d.raw};
  const uint32_t va = f_.reg(c, i.rs()) + (i.op() == 19 ? f_.reg(c, i.rt())
                                                        : static_cast<uint32_t>(i.simm()));
  const MemShape shape = mem_shape(d.raw);
  d.size = shape.size;
  d.partial = shape.partial;
  uint32_t pa;
  // An address that does not translate raises its exception when d executes: no access.
  if (!f_.peek_pa(c, va, d.store, pa)) return;
  d.pa = pa & ~static_cast<uint32_t>(shape.size - 1);
  d.device = !f_.is_ram(pa);
}

template <typename F>
void O3Dispatch<F>::check_path(unsigned c, size_t idx, O3Inst& d, uint64_t now) {
  O3Thread& th = s_.threads[c];
  ContextPipe& cp = s_.front.ctx[c];
  if (!f_.running(c)) {
    // It went to sleep (WAIT, TSUSPEND, MWAIT) or ended (TEXIT). A sleeper may keep what it
    // fetched, to go on with it when it wakes.
    if (!(s_.cfg.front.keep_fetch_on_sleep && f_.sleeping(c))) rec_.squash(c, idx + 1, now);
    return;
  }
  bool in_slot;
  uint32_t slot_target;
  const uint32_t expected = rec_.path(c, in_slot, slot_target);
  const Ring<O3Inst>& ring = s_.rob.ring(c);
  uint32_t next;
  if (idx + 1 < ring.size())
    next = ring[idx + 1].pc;
  else if (!cp.window.empty())
    next = cp.window.front().pc;
  else if (cp.fetch_synced)
    next = cp.fetch_pc;  // what fetch brings next
  else
    return;  // fetch takes the path from the ISS when it next fetches
  if (next == expected) return;
  // A wrong path from here. A delay slot's is its branch's doing: that branch redirects when it
  // completes, and so does any other branch; the rest (an exception, ERET, a jump into a page
  // fetch could not read) when they commit.
  th.diverged = true;
  th.diverge_seq = d.seq;
  const O3Inst* branch = d.pre_in_slot && th.last_real && th.last_real->branch ? th.last_real
                                                                               : nullptr;
  if (d.fault)
    th.redirect = {Redirect::kAtCommit, &d};
  else if (branch)
    th.redirect = {Redirect::kAtComplete, branch};
  else if (d.branch)
    th.redirect = {Redirect::kAtComplete, &d};
  else
    th.redirect = {Redirect::kAtCommit, &d};
}

template <typename F>
std::pair<uint32_t, uint32_t> O3Dispatch<F>::reference(unsigned c) {
  return reference_of(f_, c);
}

template class O3Dispatch<FunctionalCore>;
template class O3Dispatch<IssModel>;

}  // namespace kasane
