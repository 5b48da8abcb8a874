// See frontend.h.
#include "core/o3/frontend.h"

#include <algorithm>

#include "core/kanata.h"
#include "power/power.h"

namespace kasane {

void O3Decode::evaluate(uint64_t now) {
  unsigned budget = s_.cfg.front.decode_width;
  const unsigned latch = s_.cfg.front.decode_width;
  unsigned decoded = 0;
  for_each_active(s_.front.active, rr_, [&](unsigned c) {
    ContextPipe& cp = s_.front.ctx[c];
    const unsigned room = latch - std::min(latch, s_.rob.decoded(c));
    const unsigned limit = std::min({budget, cp.n_fetched, room});
    unsigned k = 0;
    for (; k < limit; ++k) {
      const DynInst& f = cp.window.front();
      if (f.fetched_at >= now) break;  // fetched this cycle: decodes in the next
      O3Inst& d = s_.rob.decode(c);
      d = O3Inst{};
      d.seq = f.seq;
      d.trace_id = f.trace_id;
      d.pc = f.pc;
      d.raw = f.raw;
      d.info = f.info;
      d.regs = f;
      d.unit = f.unit;
      d.thread = static_cast<uint8_t>(c);
      d.branch = f.branch;
      d.fetch_fault = f.fetch_fault;
      d.pred_taken = f.pred_taken;
      d.pred_target = f.pred_target;
      d.bp_snapshot = f.bp_snapshot;
      d.fetched_at = f.fetched_at;
      d.decoded_at = now;
      if (d.branch) ++cp.n_branches;
      if (s_.trace && d.trace_id != ~0ull) s_.trace->stage(now, d.trace_id, "D");
      cp.window.pop_front();
    }
    cp.n_fetched -= k;
    cp.n_decoded += k;
    budget -= k;
    decoded += k;
    return budget > 0;
  });
  if (s_.power && decoded) s_.power->count(PowerEvent::kDecode, decoded);
  rr_.turn(s_.contexts);
}

void O3Rename::evaluate(uint64_t now) {
  unsigned budget = s_.cfg.rename_width;
  const unsigned latch = s_.cfg.rename_width;
  unsigned renamed = 0;
  starved_ = 0;
  for_each_active(s_.front.active, rr_, [&](unsigned c) {
    while (budget > 0 && s_.rob.decoded(c) > 0 && s_.rob.renamed(c) < latch) {
      O3Inst& d = s_.rob.next_to_rename(c);
      if (d.decoded_at >= now) break;
      if (!s_.rename.can_rename(d)) {
        starved_ |= 1u << c;
        break;
      }
      s_.rename.rename(c, d);
      d.stage = O3Stage::kRenamed;
      d.renamed_at = now;
      s_.rob.renamed_one(c);
      --budget;
      ++renamed;
      if (s_.trace && d.trace_id != ~0ull) s_.trace->stage(now, d.trace_id, "Rn");
    }
    return budget > 0;
  });
  if (s_.power && renamed) s_.power->count(PowerEvent::kRename, renamed);
  rr_.turn(s_.contexts);
}

}  // namespace kasane
