// Functional warming of a cache (MemLevel::warm): what a demand access, a write-back from above
// or the stream prefetcher would leave in the tags, the LRU order and the dirty bits, without
// time. The fast-forward (core/warmer.h) feeds it the accesses of the instructions it runs before
// the pipeline takes over, so that the pipeline starts with the contents it would have had.
// Nothing here counts in CacheStats: the warm-up is not part of the measured run.
#include "mem/cache.h"
#include "mem/page.h"

#include <algorithm>

namespace kasane {

Cache::Line& Cache::warm_install(uint32_t line) {
  Line& v = victim(line);
  if (v.valid && v.dirty) next_.warm(v.line << line_shift_, true, /*writeback=*/true);
  v.line = line;
  v.valid = true;
  v.dirty = v.shared = v.prefetched = false;
  v.fill_done = 0;  // arrived long ago
  touch(v);
  return v;
}

// prefetch_ahead() without MSHRs: warming has no time, so no prefetch is ever dropped.
void Cache::warm_prefetch_ahead(uint32_t line) {
  const uint32_t page_end = page_end_line(line, line_shift_);
  for (uint32_t k = 1; k <= cfg_.prefetch_degree && line + k < page_end; ++k) {
    if (find(line + k)) continue;
    next_.warm((line + k) << line_shift_, false);
    warm_install(line + k).prefetched = true;
  }
}

void Cache::warm(uint32_t pa, bool write, bool writeback) {
  const uint32_t line = pa >> line_shift_;
  Line* l = find(line);
  if (writeback) {  // as writeback(): allocated without a fill, LRU place kept
    if (!cfg_.write_back) {
      next_.warm(pa, true, true);
      return;
    }
    if (!l) {
      l = &victim(line);
      if (l->valid && l->dirty) next_.warm(l->line << line_shift_, true, true);
      l->line = line;
      l->valid = true;
      l->shared = l->prefetched = false;
      l->fill_done = 0;
      touch(*l);
    }
    l->dirty = true;
    return;
  }
  if (write && !cfg_.write_back) {  // write-through, no allocate
    next_.warm(pa, true);
    if (l) {
      l->prefetched = false;
      touch(*l);
    }
    return;
  }
  if (l) {
    const bool first_use = l->prefetched;
    l->prefetched = false;
    if (write) l->dirty = true;
    touch(*l);
    if (first_use) warm_prefetch_ahead(line);
    return;
  }
  next_.warm(line << line_shift_, false);
  warm_install(line).dirty = write;
  warm_prefetch_ahead(line);
}

}  // namespace kasane
