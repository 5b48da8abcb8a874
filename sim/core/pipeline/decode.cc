// See decode.h.
#include "core/pipeline/decode.h"

#include <algorithm>

#include "core/kanata.h"
#include "power/power.h"

namespace kasane {

void DecodeStage::evaluate(uint64_t now) {
  const unsigned n = s_.contexts;
  unsigned budget = s_.cfg.decode_width;
  const unsigned queue = s_.cfg.issue_queue;
  KanataWriter* const trace = s_.trace;  // in a local: the stores below might alias s_.trace
  unsigned decoded = 0;
  // The context served first rotates every cycle, so none starves the others. Parked contexts
  // have nothing fetched.
  for_each_active(s_.active, rr_, [&](unsigned c) {
    ContextPipe& cp = s_.ctx[c];
    if (cp.n_fetched == 0 || cp.n_decoded >= queue) return true;
    // How many may go: the slots left, what was fetched, the room in the issue queue; the
    // counts are updated once for all of them.
    const unsigned limit = std::min({budget, cp.n_fetched, queue - cp.n_decoded});
    // Stages advance in order, so the oldest fetched instruction follows the decoded ones, and
    // the fetched ones are in fetch order: the first fetched this cycle ends the run.
    const size_t first = cp.window.size() - cp.n_fetched;
    unsigned k = 0;
    for (; k < limit; ++k) {
      DynInst& d = cp.window[first + k];
      if (d.fetched_at >= now) break;
      d.stage = Stage::kDecoded;
      d.decoded_at = now;
      if (__builtin_expect(trace != nullptr, 0) && d.trace_id != ~0ull) {
        trace->stage(now, d.trace_id, "D");
        trace->stage_at(now, d.trace_id, "Is", now + 1);  // waits to issue, unless it issues
      }
    }
    cp.n_fetched -= k;
    cp.n_decoded += k;
    budget -= k;
    decoded += k;
    return budget > 0;
  });
  if (s_.power && decoded > 0) s_.power->count(PowerEvent::kDecode, decoded);
  rr_.turn(n);
}

}  // namespace kasane
