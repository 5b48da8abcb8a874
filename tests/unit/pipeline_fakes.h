// Mock neighbours for the pipeline stage tests (gmock is not installed, so they are hand-written):
//  - FakeCore: a FunctionalCore with a scripted program (pc -> word; a missing word reads as NOP),
//    an architectural pc, running flag, fetch priority and register file per context. It
//    interprets only control flow: a J/JAL/JR is taken, a conditional branch takes the next
//    outcome scripted for its pc (none scripted: BEQ r,r is taken, anything else is not; a
//    branch-likely not taken skips its slot), and every other instruction goes to pc + 4 (or to
//    the branch target after a taken branch's delay slot).
//    It logs every execution as (ctx, pc, word, cycle), can halt a context after a given pc, and
//    can make the instruction at a pc raise an exception once (it does not retire; the context
//    goes on at a vector) and can make a pc unfetchable (peek_fetch fails there).
//    As an oracle, when it is given the pipeline's state it checks that the instruction the
//    pipeline issues (the context's oldest unissued one) is the one at its architectural pc, and
//    records every disagreement in `mismatches`: a wrong-path instruction that issues shows here.
//  - FakeMem: a MemLevel with a fixed latency that can refuse its next N accesses; it logs the
//    accesses it accepted.
//  - Rig: a FakeCore, an instruction level (an ideal i-cache, a FakeMem of latency 1 so that fetch
//    never stalls, unless the test passes its own), a data level (a FakeMem of latency 1 unless
//    the test passes its own) and a Pipeline over them.
// Instruction words come from the enc:: encoders of test_machine.h.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/decoder.h"
#include "core/pipeline/functional.h"
#include "core/pipeline/pipeline.h"
#include "mem/mem_level.h"
#include "test_machine.h"

namespace kasane::test {

constexpr uint32_t kCode0 = 0x80001000u;  // where context 0's program starts
constexpr uint32_t kCode1 = 0x80004000u;  // ... context 1's
constexpr unsigned kLineBytes = 32;

class FakeCore : public FunctionalCore {
 public:
  struct Exec {
    unsigned ctx;
    uint32_t pc, raw;
    uint64_t cycle;
    bool retired;  // false: it raised an exception
  };

  explicit FakeCore(unsigned contexts) : ctx_(contexts) {}

  // Program text: `words` at consecutive addresses from `va`.
  void place(uint32_t va, const std::vector<uint32_t>& words) {
    for (size_t k = 0; k < words.size(); ++k) code_[va + 4 * static_cast<uint32_t>(k)] = words[k];
  }
  // Context c runs from `pc`.
  void start(unsigned c, uint32_t pc) {
    ctx_[c].pc = pc;
    ctx_[c].running = true;
  }
  void set_running(unsigned c, bool r) { ctx_[c].running = r; }
  void set_priority(unsigned c, unsigned p) { ctx_[c].priority = p; }
  uint32_t& gpr(unsigned c, unsigned r) { return ctx_[c].gpr[r]; }
  // The conditional branch at `pc` goes these ways, in order, each time it executes.
  void script(uint32_t pc, const std::vector<bool>& outcomes) {
    outcomes_[pc].insert(outcomes_[pc].end(), outcomes.begin(), outcomes.end());
  }
  // The context that executes `pc` stops running after it.
  void halt_after(uint32_t pc) { halts_.insert(pc); }
  // The next execution of `pc` raises an exception: the context goes on at `vector`.
  void fault_once(uint32_t pc, uint32_t vector) { faults_[pc] = vector; }
  // Fetching `pc` faults (peek_fetch returns false); pair it with fault_once.
  void unfetchable(uint32_t pc) { unfetchable_.insert(pc); }

  // The cycle of the n-th execution of `pc` by context c (-1 if there is none).
  int64_t cycle_of(unsigned c, uint32_t pc, unsigned n = 0) const {
    for (const Exec& e : log)
      if (e.ctx == c && e.pc == pc && n-- == 0) return static_cast<int64_t>(e.cycle);
    return -1;
  }
  // Instructions context c executed and retired (not those that raised an exception).
  size_t executions(unsigned c) const {
    size_t n = 0;
    for (const Exec& e : log) n += e.ctx == c && e.retired;
    return n;
  }
  // The pcs context c executed (or tried to), in order.
  std::vector<uint32_t> path(unsigned c) const {
    std::vector<uint32_t> p;
    for (const Exec& e : log)
      if (e.ctx == c) p.push_back(e.pc);
    return p;
  }

  // FunctionalCore.
  unsigned contexts() const override { return static_cast<unsigned>(ctx_.size()); }
  bool running(unsigned c) const override { return ctx_[c].running; }
  bool sleeping(unsigned) const override { return false; }
  unsigned priority(unsigned c) const override { return ctx_[c].priority; }
  uint32_t next_pc(unsigned c, bool& in_slot, uint32_t& slot_target) const override {
    in_slot = ctx_[c].in_slot;
    slot_target = ctx_[c].slot_target;
    return ctx_[c].pc;
  }
  bool peek_fetch(unsigned, uint32_t va, uint32_t& pa, uint32_t& raw) override {
    pa = va & 0x1fffffffu;
    raw = word(va);
    return unfetchable_.count(va) == 0;
  }
  bool peek_pa(unsigned, uint32_t va, bool, uint32_t& pa) override {
    pa = va & 0x1fffffffu;
    return true;
  }
  const InsnInfo* decode(uint32_t, uint32_t raw) override { return decode_exec(raw); }
  uint32_t reg(unsigned c, unsigned r) const override { return ctx_[c].gpr[r]; }

  ExecResult execute(unsigned c, uint64_t cycle) override {
    Ctx& x = ctx_[c];
    const uint32_t pc = x.pc, raw = word(pc);
    log.push_back({c, pc, raw, cycle, true});
    if (pipe) {
      const ContextPipe& cp = pipe->ctx[c];
      const size_t idx = cp.window.size() - cp.n_fetched - cp.n_decoded;
      const uint32_t issued = cp.n_decoded > 0 ? cp.window[idx].pc : 0;
      if (cp.n_decoded == 0 || issued != pc)
        mismatches.push_back({c, issued, pc, cycle});
    }
    ExecResult r;
    auto fault = faults_.find(pc);
    if (fault != faults_.end()) {
      log.back().retired = false;
      x.pc = fault->second;
      x.in_slot = false;
      faults_.erase(fault);
      r.result = Iss::StepResult::kException;
      r.next_pc = x.pc;
      return r;
    }
    x.pc = x.in_slot ? x.slot_target : pc + 4;
    x.in_slot = false;
    const InsnInfo* info = decode_exec(raw);
    if (info && (info->flags & kF_delay)) {
      const Insn i{raw};
      bool taken = true;
      uint32_t target;
      if (info->format == Format::J) {
        target = ((pc + 4) & 0xf0000000u) | (i.target26() << 2);
      } else if (info->format == Format::R) {
        target = x.gpr[i.rs()];
      } else {
        target = pc + 4 + (static_cast<uint32_t>(i.simm()) << 2);
        std::deque<bool>& q = outcomes_[pc];
        if (q.empty()) {
          taken = i.op() == 4 && i.rs() == i.rt();
        } else {
          taken = q.front();
          q.pop_front();
        }
      }
      r.branch_taken = taken;
      r.branch_target = target;
      x.in_slot = taken;
      x.slot_target = target;
      if ((info->flags & kF_likely) && !taken) x.pc = pc + 8;  // the slot is annulled
    }
    if (halts_.count(pc)) x.running = false;
    r.next_pc = x.pc;
    return r;
  }

  std::vector<Exec> log;
  // The oracle: the pipeline issued `issued` while context `ctx` was at `pc`.
  struct Mismatch {
    unsigned ctx;
    uint32_t issued, pc;
    uint64_t cycle;
  };
  const PipeState* pipe = nullptr;
  std::vector<Mismatch> mismatches;

 private:
  struct Ctx {
    uint32_t pc = 0;
    bool running = false, in_slot = false;
    uint32_t slot_target = 0;
    unsigned priority = 1;
    std::array<uint32_t, 32> gpr{};
  };
  uint32_t word(uint32_t va) const {
    auto it = code_.find(va);
    return it == code_.end() ? enc::nop() : it->second;
  }

  std::vector<Ctx> ctx_;
  std::map<uint32_t, uint32_t> code_;
  std::map<uint32_t, std::deque<bool>> outcomes_;
  std::set<uint32_t> halts_, unfetchable_;
  std::map<uint32_t, uint32_t> faults_;
};

// The oracle's first disagreement, for failure messages ("none" if there is none).
inline std::string first_mismatch(const FakeCore& core) {
  if (core.mismatches.empty()) return "none";
  const FakeCore::Mismatch& m = core.mismatches.front();
  char buf[128];
  std::snprintf(buf, sizeof buf, "cycle %llu: context %u issued pc 0x%08x while at pc 0x%08x",
                static_cast<unsigned long long>(m.cycle), m.ctx, m.issued, m.pc);
  return buf;
}

class FakeMem : public MemLevel {
 public:
  struct Access {
    uint32_t pa;
    bool write;
    uint64_t now;
  };
  explicit FakeMem(uint32_t latency) : latency_(latency) {}

  std::optional<uint64_t> access(uint32_t pa, bool write, uint64_t now) override {
    if (refuse_next > 0) {
      --refuse_next;
      ++refused;
      return std::nullopt;
    }
    accesses.push_back({pa, write, now});
    return now + latency_;
  }
  void prefetch(uint32_t, uint64_t) override {}

  unsigned refuse_next = 0;  // refuse this many accesses from now on
  unsigned refused = 0;
  std::vector<Access> accesses;

 private:
  uint32_t latency_;
};

// The defaults of the papers' machine, with the not-taken predictor unless a test picks another.
inline PipelineConfig base_config() {
  PipelineConfig cfg;
  cfg.bpred = PredictorConfig{PredictorKind::kNotTaken, 1024, 8, 64};
  return cfg;
}

struct Rig {
  explicit Rig(unsigned contexts, const PipelineConfig& cfg = base_config(),
               MemLevel* data = nullptr, MemLevel* inst = nullptr)
      : core(contexts), pipe(cfg, core, inst ? *inst : imem, data ? *data : dmem, kLineBytes) {
    core.pipe = &pipe.state();
  }

  void run(uint64_t cycles) {
    for (uint64_t k = 0; k < cycles; ++k) pipe.tick(now++);
  }
  // Tick until nothing runs and nothing is in flight; false if that takes over `limit` cycles.
  bool drain(uint64_t limit = 10000) {
    for (uint64_t k = 0; k < limit; ++k) {
      if (pipe.quiescent()) return true;
      pipe.tick(now++);
    }
    return pipe.quiescent();
  }
  uint64_t cpi(unsigned c, CpiCat cat) const {
    return pipe.stats(c).cpi[static_cast<size_t>(cat)];
  }

  FakeCore core;
  FakeMem imem{1};
  FakeMem dmem{1};
  Pipeline pipe;
  uint64_t now = 0;
};

}  // namespace kasane::test
