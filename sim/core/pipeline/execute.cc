// See execute.h.
#include "core/pipeline/execute.h"

#include <algorithm>
#include <iterator>

#include "core/kanata.h"
#include "core/pipeline/shared_stats.h"
#include "power/power.h"

namespace kasane {

template <typename F>
void ExecuteStage<F>::execute(unsigned c, size_t idx, uint64_t now, uint64_t mem_ready,
                              bool fetched) {
  ContextPipe& cp = s_.ctx[c];
  DynInst& d = cp.window[idx];
  // For the reference check: what the functional model is about to execute, taken from it, not
  // from the pipeline, so that a wrong instruction retiring is caught.
  const std::pair<uint32_t, uint32_t> ref = s_.cfg.check ? reference(c) : std::pair(0u, 0u);
  if (s_.trace && s_.trace->watching()) s_.trace->reached(d.pc, now);  // a sym: window
  const ExecResult r = fetched ? f_.execute_fetched(c, now, d.raw, d.info) : f_.execute(c, now);
  if (r.result != Iss::StepResult::kRetired) {
    // An exception or interrupt: the instruction leaves the pipeline without retiring and fetch
    // restarts at the vector.
    ++cp.stats.exceptions;
    squash(c, idx, now);
    return;
  }
  if (s_.cfg.check) s_.executed[c].push_back(ref);
  const Unit unit = d.unit;
  const unsigned latency = fu_.latency(unit);
  fu_.accept(fu_class_of(unit), now, latency);
  if (s_.power) {
    count_issue(*s_.power, fu_class_of(unit), d.nsrc, d.ndst);
    if (unit == Unit::load || unit == Unit::store) s_.power->count(PowerEvent::kL1D);
  }
  d.stage = Stage::kIssued;
  d.ready_at = std::max(now + latency, mem_ready);
  --cp.n_decoded;
  const bool is_load = unit == Unit::load, is_fpu = is_fpu_class(fu_class_of(unit));
  for (unsigned k = 0; k < d.ndst; ++k) {
    cp.reg_ready[d.dst[k]] = d.ready_at;
    cp.reg_by_load[d.dst[k]] = is_load;
    cp.reg_by_fpu[d.dst[k]] = is_fpu;
  }
  if (serialising(d)) cp.serial_until = d.ready_at;
  if (s_.trace) trace_issue(cp, d, now);
  if (d.branch) score_branch(c, d, r);

  // The context's next instruction is now certain.
  if (!f_.running(c)) {
    // It went to sleep (WAIT, TSUSPEND, MWAIT) or ended (TEXIT). A sleeper may keep what it
    // fetched, to go on with it when it wakes.
    if (!(s_.cfg.keep_fetch_on_sleep && f_.sleeping(c))) squash(c, idx + 1, now);
  } else if (idx + 1 < cp.window.size()) {
    if (cp.window[idx + 1].pc != r.next_pc) squash(c, idx + 1, now);
  } else if (cp.fetch_pc != r.next_pc) {
    squash(c, idx + 1, now);
  }
}

template <typename F>
std::pair<uint32_t, uint32_t> ExecuteStage<F>::reference(unsigned c) {
  return reference_of(f_, c);
}

// The pipeline trace: X now, M from the next cycle while a load or store waits for the cache,
// and a W arrow from the producer of each operand.
template <typename F>
void ExecuteStage<F>::trace_issue(ContextPipe& cp, const DynInst& d, uint64_t now) {
  if (d.trace_id != ~0ull) {
    s_.trace->stage(now, d.trace_id, "X");
    const bool mem = d.unit == Unit::load || d.unit == Unit::store;
    if (mem && d.ready_at > now + 1) s_.trace->stage_at(now, d.trace_id, "M", now + 1);
    for (unsigned k = 0; k < d.nsrc; ++k)
      if (cp.reg_writer_trace[d.src[k]] != ~0ull)
        s_.trace->depend(now, d.trace_id, cp.reg_writer_trace[d.src[k]]);
  }
  for (unsigned k = 0; k < d.ndst; ++k) cp.reg_writer_trace[d.dst[k]] = d.trace_id;
}

template <typename F>
void ExecuteStage<F>::score_branch(unsigned c, const DynInst& d, const ExecResult& r) {
  ContextPipe& cp = s_.ctx[c];
  ++cp.stats.branches;
  const uint32_t target = r.branch_taken ? r.branch_target : d.pc + 8;
  const bool correct = d.pred_taken == r.branch_taken && d.pred_target == target;
  if (!correct) ++cp.stats.mispredicts;
  if (d.info->format == Format::I) bp_.record(correct);  // the direction predictor's lookups
  if (d.info->format == Format::R) {
    bp_.record_target(d.pred_taken && d.pred_target == r.branch_target);
    bp_.update_target(c, d.pc, r.branch_target);
  } else if (d.info->format == Format::I) {
    bp_.update(c, d.pc, r.branch_taken);
  }
}

template <typename F>
void ExecuteStage<F>::squash(unsigned c, size_t idx, uint64_t now) {
  ContextPipe& cp = s_.ctx[c];
  for (size_t i = idx; i < cp.window.size(); ++i) {
    DynInst& d = cp.window[i];
    if (d.stage == Stage::kFetched) --cp.n_fetched;
    if (d.stage == Stage::kDecoded) --cp.n_decoded;
    ++cp.stats.squashed;
    if (d.trace_id != ~0ull && s_.trace) s_.trace->retire(now, d.trace_id, true);
  }
  cp.window.truncate(idx);
  cp.fetch_pc = f_.next_pc(c, cp.in_slot, cp.slot_target);
  cp.fetch_synced = f_.running(c);
  cp.fetch_blocked = false;
  cp.fetch_line = ~0u;
  cp.fetch_stall_until = now + 1;  // the redirect reaches fetch in the next cycle
  cp.recovering = true;
  cp.redirect_seq = s_.next_seq;
}

template class ExecuteStage<FunctionalCore>;
template class ExecuteStage<IssModel>;

}  // namespace kasane
