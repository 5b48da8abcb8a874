// See writeback.h.
#include "core/pipeline/writeback.h"

#include <cstdio>

#include "core/kanata.h"

namespace kasane {

void WritebackStage::retire(unsigned c, ContextPipe& cp, uint64_t now, bool check,
                            KanataWriter* trace) {
  DynInst& d = cp.window.front();
  if (__builtin_expect(check, 0)) this->check(c, d);
  if (__builtin_expect(trace != nullptr, 0) && d.trace_id != ~0ull) trace_retire(d, now);
  ++cp.stats.retired;
  if (d.seq >= cp.redirect_seq) cp.recovering = false;
  cp.window.pop_front();
}

void WritebackStage::trace_retire(const DynInst& d, uint64_t now) {
  // W is the cycle it commits (this stage retires); the R line closes it at the next one.
  s_.trace->stage(now, d.trace_id, "W");
  s_.trace->retire_at(now, d.trace_id, now + 1);
}

void WritebackStage::evaluate(uint64_t now) {
  const unsigned n = s_.contexts;
  unsigned budget = s_.cfg.retire_width;
  // Read once: the stores of a retirement might alias them.
  const bool check = s_.cfg.check;
  KanataWriter* const trace = s_.trace;
  ContextPipe* const pipes = &s_.ctx[0];
  // Parked contexts have nothing to retire (and their flag is already false). Once the budget
  // is spent the others only clear their flag.
  for_each_active(s_.active, rr_, [&](unsigned c) {
    ContextPipe& cp = pipes[c];
    cp.retired_this_cycle = false;
    while (budget > 0 && !cp.window.empty()) {
      DynInst& d = cp.window.front();
      if (d.stage != Stage::kIssued || d.ready_at > now) break;
      retire(c, cp, now, check, trace);
      cp.retired_this_cycle = true;
      --budget;
    }
    return true;
  });
  rr_.turn(n);
}

// Issue is in order within a context, so the executed instructions are the oldest ones.
void WritebackStage::drain(uint64_t now) {
  for (unsigned c = 0; c < s_.ctx.size(); ++c) {
    ContextPipe& cp = s_.ctx[c];
    while (!cp.window.empty() && cp.window.front().stage == Stage::kIssued)
      retire(c, cp, now, s_.cfg.check, s_.trace);
  }
}

// The reference check: the instruction retiring must be the oldest one the functional model
// executed for this context and that has not retired yet. A wrong-path instruction that slipped
// through, a lost or a duplicated one, or retirement out of program order all fail here.
void WritebackStage::check(unsigned c, const DynInst& d) { check_retired(s_, c, d.pc, d.raw); }

void check_retired(PipeState& s, unsigned c, uint32_t pc, uint32_t raw) {
  auto& stream = s.executed[c];
  const bool none = stream.empty();
  const std::pair<uint32_t, uint32_t> next = none ? std::make_pair(0u, 0u) : stream.front();
  if (!none) stream.pop_front();
  if (!none && next.first == pc && next.second == raw) return;
  if (s.check_failures++ == 0) {
    char buf[200];
    if (none)
      std::snprintf(buf, sizeof buf,
                    "context %u retired pc 0x%08x word 0x%08x, which the ISS never executed", c,
                    pc, raw);
    else
      std::snprintf(buf, sizeof buf,
                    "context %u retired pc 0x%08x word 0x%08x, but the ISS executed pc 0x%08x "
                    "word 0x%08x there",
                    c, pc, raw, next.first, next.second);
    s.first_check_failure = buf;
  }
}

}  // namespace kasane
