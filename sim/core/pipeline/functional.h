// What the timing model needs from the functional model, as an interface: the pipeline asks it
// for instruction words and addresses without side effects, and tells it to execute the next
// instruction of a context when that instruction issues. IssModel adapts the ISS for the
// simulator, IssCore does the same behind the interface, and stage tests substitute a scripted
// fake. The stages are templates on the model (BasicPipeline<F>): FunctionalCore for the tests,
// IssModel for the simulator.
#pragma once

#include <cstdint>
#include <utility>

#include "core/iss.h"

namespace kasane {

struct ExecResult {
  Iss::StepResult result = Iss::StepResult::kRetired;
  uint32_t next_pc = 0;      // the context's next instruction after this step
  bool branch_taken = false;  // a branch: it will go to branch_target after its delay slot
  uint32_t branch_target = 0;
};

class FunctionalCore {
 public:
  virtual ~FunctionalCore() = default;
  virtual unsigned contexts() const = 0;
  // The context fetches and executes now.
  virtual bool running(unsigned ctx) const = 0;
  // It sleeps (WAIT, TSUSPEND, MWAIT, THALT) and will go on where it stopped.
  virtual bool sleeping(unsigned ctx) const = 0;
  // It runs now or will without a change of state (a wake-up latency still running): a context
  // for which this is false and that has nothing in flight costs the pipeline nothing per cycle.
  virtual bool may_run(unsigned ctx) const { return running(ctx); }
  // Where to read a count that changes whenever may_run() of some context may have (read every
  // cycle, so a pointer rather than a call), or null: no such count, ask every cycle.
  virtual const uint64_t* state_epoch() const { return nullptr; }
  // Fetch priority: 0 low, 1 normal, 2 high.
  virtual unsigned priority(unsigned ctx) const = 0;
  // The next instruction the context executes; if it is a delay slot, `slot_target` is where
  // control goes after it.
  virtual uint32_t next_pc(unsigned ctx, bool& in_slot, uint32_t& slot_target) const = 0;
  // The word at `va` and its physical address, or false if fetching it would fault.
  virtual bool peek_fetch(unsigned ctx, uint32_t va, uint32_t& pa, uint32_t& raw) = 0;
  virtual bool peek_pa(unsigned ctx, uint32_t va, bool store, uint32_t& pa) = 0;
  // Physical address `pa` is RAM, not a device (a device access is serialised out of order).
  virtual bool is_ram(uint32_t) { return true; }
  virtual const InsnInfo* decode(uint32_t pc, uint32_t raw) = 0;
  virtual uint32_t reg(unsigned ctx, unsigned r) const = 0;
  virtual ExecResult execute(unsigned ctx, uint64_t cycle) = 0;
  // The same when the caller has just read `raw` at the context's next pc through peek_fetch and
  // decoded it to `info` (decode's answer), so the model need not do it again.
  virtual ExecResult execute_fetched(unsigned ctx, uint64_t cycle, uint32_t, const InsnInfo*) {
    return execute(ctx, cycle);
  }
};

// The ISS as the pipeline's functional model, without virtual functions: the simulator's
// pipeline is instantiated on this class (BasicPipeline<IssModel>), so that each of the dozen
// calls a stage makes per instruction is inline code rather than an indirect call behind a type
// check, with the spills that check costs in every caller. It has FunctionalCore's functions.
class IssModel {
 public:
  explicit IssModel(Iss& iss) : iss_(iss) {}
  unsigned contexts() const { return iss_.num_contexts(); }
  bool running(unsigned ctx) const {
    const Context& c = iss_.context(ctx);
    return c.state == ContextState::kRunning && c.wake_at <= iss_.cycle();
  }
  bool may_run(unsigned ctx) const { return iss_.context(ctx).state == ContextState::kRunning; }
  const uint64_t* state_epoch() const { return &iss_.state_epoch(); }
  bool sleeping(unsigned ctx) const {
    ContextState s = iss_.context(ctx).state;
    return s != ContextState::kRunning && s != ContextState::kFree;
  }
  unsigned priority(unsigned ctx) const { return iss_.context(ctx).fetch_priority; }
  uint32_t next_pc(unsigned ctx, bool& in_slot, uint32_t& slot_target) const {
    const Context& c = iss_.context(ctx);
    in_slot = c.slot_pending;
    slot_target = c.branch_pending ? c.branch_target : c.pc + 4;
    return c.pc;
  }
  [[gnu::always_inline]] bool peek_fetch(unsigned ctx, uint32_t va, uint32_t& pa, uint32_t& raw) {
    return iss_.peek_fetch(iss_.context(ctx), va, pa, raw);
  }
  bool peek_pa(unsigned ctx, uint32_t va, bool store, uint32_t& pa) {
    return iss_.peek_data_pa(iss_.context(ctx), va, store, pa);
  }
  bool is_ram(uint32_t pa) { return iss_.is_ram(pa); }
  const InsnInfo* decode(uint32_t pc, uint32_t raw) { return iss_.decode_cached(pc, raw); }
  uint32_t reg(unsigned ctx, unsigned r) const { return iss_.context(ctx).gpr[r]; }
  ExecResult execute(unsigned ctx, uint64_t cycle) {
    Context& c = iss_.context(ctx);
    iss_.set_cycle(cycle);
    return result(c, iss_.step(c));
  }
  ExecResult execute_fetched(unsigned ctx, uint64_t cycle, uint32_t raw, const InsnInfo* info) {
    Context& c = iss_.context(ctx);
    iss_.set_cycle(cycle);
    return result(c, iss_.step_fetched(c, raw, info));
  }

 private:
  static ExecResult result(const Context& c, Iss::StepResult step) {
    ExecResult r;
    r.result = step;
    r.next_pc = c.pc;
    r.branch_taken = c.branch_pending;
    r.branch_target = c.branch_target;
    return r;
  }
  Iss& iss_;
};

// The reference check's record of what the functional model is about to execute for context c:
// its pc and word, taken from it rather than from the timing model, so that a wrong instruction
// retiring is caught (both timing models, sim.check).
template <typename F>
std::pair<uint32_t, uint32_t> reference_of(F& f, unsigned c) {
  bool in_slot;
  uint32_t slot_target, pa, raw = 0;
  const uint32_t pc = f.next_pc(c, in_slot, slot_target);
  f.peek_fetch(c, pc, pa, raw);
  return {pc, raw};
}

// The ISS behind the interface, for the tests that drive the pipeline over a real ISS and
// override some of its answers.
class IssCore : public FunctionalCore {
 public:
  explicit IssCore(Iss& iss) : m_(iss) {}
  unsigned contexts() const override { return m_.contexts(); }
  bool running(unsigned ctx) const override { return m_.running(ctx); }
  bool may_run(unsigned ctx) const override { return m_.may_run(ctx); }
  const uint64_t* state_epoch() const override { return m_.state_epoch(); }
  bool sleeping(unsigned ctx) const override { return m_.sleeping(ctx); }
  unsigned priority(unsigned ctx) const override { return m_.priority(ctx); }
  uint32_t next_pc(unsigned ctx, bool& in_slot, uint32_t& slot_target) const override {
    return m_.next_pc(ctx, in_slot, slot_target);
  }
  bool peek_fetch(unsigned ctx, uint32_t va, uint32_t& pa, uint32_t& raw) override {
    return m_.peek_fetch(ctx, va, pa, raw);
  }
  bool peek_pa(unsigned ctx, uint32_t va, bool store, uint32_t& pa) override {
    return m_.peek_pa(ctx, va, store, pa);
  }
  bool is_ram(uint32_t pa) override { return m_.is_ram(pa); }
  const InsnInfo* decode(uint32_t pc, uint32_t raw) override { return m_.decode(pc, raw); }
  uint32_t reg(unsigned ctx, unsigned r) const override { return m_.reg(ctx, r); }
  ExecResult execute(unsigned ctx, uint64_t cycle) override { return m_.execute(ctx, cycle); }
  // execute_fetched stays FunctionalCore's, through execute(): tests that wrap this class see
  // every step there.

 private:
  IssModel m_;
};

}  // namespace kasane
