// See decode.h.
#include "core/pipeline/decode.h"

#include "core/kanata.h"

namespace kasane {

void DecodeStage::evaluate(uint64_t now) {
  const unsigned n = static_cast<unsigned>(s_.ctx.size());
  unsigned budget = s_.cfg.decode_width;
  // One instruction per context per pass, so no context starves the others.
  for (bool progress = true; progress && budget > 0;) {
    progress = false;
    for (unsigned k = 0; k < n && budget > 0; ++k) {
      ContextPipe& cp = s_.ctx[(rr_ + k) % n];
      if (cp.n_fetched == 0 || cp.n_decoded >= s_.cfg.issue_queue) continue;
      // Stages advance in order, so the oldest fetched instruction follows the decoded ones.
      DynInst& d = cp.window[cp.window.size() - cp.n_fetched];
      if (d.fetched_at >= now) continue;
      d.stage = Stage::kDecoded;
      d.decoded_at = now;
      --cp.n_fetched;
      ++cp.n_decoded;
      --budget;
      progress = true;
      if (d.trace_id != ~0ull && s_.trace) s_.trace->stage(now, d.trace_id, "D");
    }
  }
  rr_ = (rr_ + 1) % n;
}

}  // namespace kasane
