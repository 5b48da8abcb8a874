// See decode.h.
#include "core/pipeline/decode.h"

#include "core/kanata.h"
#include "power/power.h"

namespace kasane {

void DecodeStage::evaluate(uint64_t now) {
  const unsigned n = s_.contexts;
  unsigned budget = s_.cfg.decode_width;
  // The context served first rotates every cycle, so none starves the others. Parked contexts
  // have nothing fetched.
  for_each_active(s_.active, rr_, [&](unsigned c) {
    ContextPipe& cp = s_.ctx[c];
    while (budget > 0 && cp.n_fetched > 0 && cp.n_decoded < s_.cfg.issue_queue) {
      // Stages advance in order, so the oldest fetched instruction follows the decoded ones.
      DynInst& d = cp.window[cp.window.size() - cp.n_fetched];
      if (d.fetched_at >= now) break;
      d.stage = Stage::kDecoded;
      d.decoded_at = now;
      --cp.n_fetched;
      ++cp.n_decoded;
      --budget;
      if (s_.power) s_.power->count(PowerEvent::kDecode);
      if (d.trace_id != ~0ull && s_.trace) {
        s_.trace->stage(now, d.trace_id, "D");
        s_.trace->stage_at(now, d.trace_id, "Is", now + 1);  // waits to issue, unless it issues
      }
    }
    return budget > 0;
  });
  rr_ = next_start(rr_, n);
}

}  // namespace kasane
