// The timing of a set-associative cache. A miss installs the line's tag at once, marked with the
// cycle its fill arrives: a later access to it before then merges into the same miss instead of
// going to the next level again, and the MSHR that tracks the fill is busy until that cycle.
#include "mem/cache.h"
#include "mem/page.h"

#include <algorithm>
#include <stdexcept>

namespace kasane {

namespace {

bool is_pow2(uint64_t v) {
  return v != 0 && (v & (v - 1)) == 0;
}

uint32_t log2_of(uint32_t v) {
  uint32_t n = 0;
  while (v > 1) v >>= 1, ++n;
  return n;
}

void check_geometry(const CacheConfig& c) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument("cache '" + c.name + "': " + what);
  };
  if (!is_pow2(c.size_bytes))
    fail("size_bytes " + std::to_string(c.size_bytes) + " is not a power of two");
  if (!is_pow2(c.assoc)) fail("assoc " + std::to_string(c.assoc) + " is not a power of two");
  if (!is_pow2(c.line_bytes))
    fail("line_bytes " + std::to_string(c.line_bytes) + " is not a power of two");
  uint64_t way_set = uint64_t{c.assoc} * c.line_bytes;
  if (c.size_bytes % way_set != 0)
    fail("size_bytes " + std::to_string(c.size_bytes) +
         " is not a multiple of assoc * line_bytes (" + std::to_string(way_set) + ")");
  if (c.mshrs == 0) fail("mshrs is 0: a cache needs at least one MSHR to miss");
}

}  // namespace

Cache::Cache(const CacheConfig& cfg, MemLevel& next) : cfg_(cfg), next_(next) {
  check_geometry(cfg_);
  uint32_t sets = cfg_.size_bytes / (cfg_.assoc * cfg_.line_bytes);
  line_shift_ = log2_of(cfg_.line_bytes);
  set_mask_ = sets - 1;
  lines_.resize(size_t{sets} * cfg_.assoc);
  mshr_busy_.assign(cfg_.mshrs, 0);
}

Cache::Line* Cache::find(uint32_t line) {
  return const_cast<Line*>(static_cast<const Cache*>(this)->find(line));
}

const Cache::Line* Cache::find(uint32_t line) const {
  const Line* set = &lines_[size_t{line & set_mask_} * cfg_.assoc];
  for (uint32_t w = 0; w < cfg_.assoc; ++w)
    if (set[w].valid && set[w].line == line) return &set[w];
  return nullptr;
}

void Cache::attach_coherence(SnoopBus& bus, unsigned core) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument("cache '" + cfg_.name + "': " + what);
  };
  if (bus_) fail("already attached to a coherence bus");
  if (!cfg_.write_back) fail("a write-through cache cannot take part in MESI coherence");
  if (&bus.next() != &next_) fail("the coherence bus is in front of another level than this one");
  bus.attach(*this, core);
  bus_ = &bus;
  core_ = core;
}

Mesi Cache::state(uint32_t pa) const {
  const Line* l = find(pa >> line_shift_);
  return l ? state_of(*l) : Mesi::I;
}

Cache::Snooped Cache::peek(uint32_t pa) const {
  const Line* l = find(pa >> line_shift_);
  return l ? Snooped{state_of(*l), l->fill_done} : Snooped{Mesi::I, 0};
}

// Only ever down: I from anything, S from E or M, E from M (the bus asks nothing else).
Cache::Snooped Cache::snoop(uint32_t pa, Mesi to) {
  Line* l = find(pa >> line_shift_);
  if (!l) return {Mesi::I, 0};
  const Snooped was{state_of(*l), l->fill_done};
  if (to == Mesi::I) {
    l->valid = l->dirty = l->shared = l->prefetched = false;
  } else {
    l->dirty = false;
    if (to == Mesi::S) l->shared = true;
  }
  return was;
}

std::optional<SnoopBus::Fill> Cache::fetch(uint32_t line, bool write, uint64_t now) {
  if (bus_) return bus_->fill(core_, line << line_shift_, write, now);
  std::optional<uint64_t> ready = next_.access(line << line_shift_, false, now);
  if (!ready) return std::nullopt;
  return SnoopBus::Fill{*ready, false};
}

// An invalid way if there is one, else the least recently used. A line still arriving can be the
// victim (only when every way of the set is newer); its MSHR stays busy until the fill is done.
Cache::Line& Cache::victim(uint32_t line) {
  Line* set = &lines_[size_t{line & set_mask_} * cfg_.assoc];
  Line* v = &set[0];
  for (uint32_t w = 0; w < cfg_.assoc; ++w) {
    if (!set[w].valid) return set[w];
    if (set[w].lru < v->lru) v = &set[w];
  }
  return *v;
}

// The write-back of the victim starts now, alongside the fill, and nobody waits for it: its
// latency is hidden, as with a write buffer.
void Cache::install(Line& l, uint32_t line, uint64_t fill_done, uint64_t now) {
  if (l.valid && l.dirty) {
    if (bus_)
      bus_->writeback(core_, l.line << line_shift_, now);
    else
      next_.writeback(l.line << line_shift_, now);
    ++stats_.writebacks;
  }
  l.line = line;
  l.valid = true;
  l.dirty = false;
  l.shared = false;
  l.prefetched = false;
  l.fill_done = fill_done;
  touch(l);
}

int Cache::free_mshr(uint64_t now) const {
  for (size_t i = 0; i < mshr_busy_.size(); ++i)
    if (mshr_busy_[i] <= now) return static_cast<int>(i);
  return -1;
}

std::optional<uint64_t> Cache::access(uint32_t pa, bool write, uint64_t now) {
  const uint32_t line = pa >> line_shift_;
  Line* l = find(line);
  // The common case on its own, as the general path below would take it: a hit that is not a
  // prefetched line's first use and, for a write, goes to a write-back line it need not upgrade.
  // Kept apart from the general path (a call, only when needed), a hit saves and restores no
  // registers: the pipeline makes one or two accesses a cycle.
  if (l && !l->prefetched && (!write || (cfg_.write_back && !l->shared))) {
    ++stats_.accesses;
    if (write) l->dirty = true;
    touch(*l);
    if (l->fill_done > now) {  // still arriving: wait for the same fill
      ++stats_.mshr_hits;
      return l->fill_done + cfg_.hit_latency;
    }
    ++stats_.hits;
    return now + cfg_.hit_latency;
  }
  return access_general(pa, line, l, write, now);
}

std::optional<uint64_t> Cache::access_general(uint32_t pa, uint32_t line, Line* l, bool write,
                                              uint64_t now) {
  // Write-through: the write goes on to the next level, which decides when it is accepted; a line
  // held here is kept (its bytes change in RAM, not here) and a missing one is not allocated.
  if (write && !cfg_.write_back) {
    std::optional<uint64_t> accepted = next_.access(pa, true, now);
    if (!accepted) return std::nullopt;
    ++stats_.accesses;
    if (l) {
      ++stats_.hits;
      if (l->prefetched) l->prefetched = false, ++stats_.prefetch_hits;
      touch(*l);
    } else {
      ++stats_.misses;
    }
    return accepted;
  }

  if (l) {
    ++stats_.accesses;
    const bool first_use = l->prefetched;
    if (first_use) l->prefetched = false, ++stats_.prefetch_hits;
    // A write to a Shared line must first invalidate the other copies; to E or M it is silent.
    uint64_t upgraded = 0;
    if (write && l->shared) {
      upgraded = bus_->upgrade(core_, pa, now);
      l->shared = false;
    }
    if (write) l->dirty = true;
    touch(*l);
    const uint64_t fill_done = l->fill_done;
    // The stream goes on: keep prefetch_degree lines ahead of its first use. (After the touch:
    // `l` is now its set's newest line, which a prefetch never evicts.)
    if (first_use) prefetch_ahead(line, now);
    if (fill_done > now) {  // still arriving: wait for the same fill
      ++stats_.mshr_hits;
      return std::max(fill_done, upgraded) + cfg_.hit_latency;
    }
    ++stats_.hits;
    return std::max(now, upgraded) + cfg_.hit_latency;
  }

  // A miss (a write-back write allocates too): it needs an MSHR and a fill from the next level.
  const int m = free_mshr(now);
  if (m < 0) {
    ++stats_.mshr_full;
    return std::nullopt;
  }
  std::optional<SnoopBus::Fill> fill = fetch(line, write, now);
  if (!fill) return std::nullopt;
  mshr_busy_[m] = fill->ready;
  Line& v = victim(line);
  install(v, line, fill->ready, now);
  v.dirty = write;
  v.shared = fill->shared;
  ++stats_.accesses;
  ++stats_.misses;
  prefetch_ahead(line, now);
  return fill->ready + cfg_.hit_latency;
}

// The next physical page is unrelated to this one, so the stream stops at the page's end. (A line
// longer than a page makes every line its own page: nothing is prefetched.)
void Cache::prefetch_ahead(uint32_t line, uint64_t now) {
  const uint32_t page_end = page_end_line(line, line_shift_);
  for (uint32_t k = 1; k <= cfg_.prefetch_degree && line + k < page_end; ++k)
    prefetch((line + k) << line_shift_, now);
}

bool Cache::prefetch_or_wait(uint32_t pa, uint64_t now) {
  if (!find(pa >> line_shift_) && free_mshr(now) < 0) return false;
  prefetch(pa, now);
  return true;
}

void Cache::prefetch(uint32_t pa, uint64_t now) {
  const uint32_t line = pa >> line_shift_;
  if (find(line)) return;  // here or arriving already
  const int m = free_mshr(now);
  if (m < 0) return;  // a prefetch never waits: dropped
  std::optional<SnoopBus::Fill> fill = fetch(line, false, now);
  if (!fill) return;
  mshr_busy_[m] = fill->ready;
  Line& v = victim(line);
  install(v, line, fill->ready, now);
  v.shared = fill->shared;
  v.prefetched = true;
  ++stats_.prefetches;
}

// A dirty line from above. Write-back: it becomes dirty here, allocated without a fill (the whole
// line is written) and without an MSHR (nothing is awaited); a line already here keeps its LRU
// place, since a writeback is not a use by the program. Write-through: it goes straight on.
void Cache::writeback(uint32_t pa, uint64_t now) {
  if (!cfg_.write_back) {
    next_.writeback(pa, now);
    return;
  }
  const uint32_t line = pa >> line_shift_;
  Line* l = find(line);
  // Attached caches are the top level, so nothing writes back into one; if something did, the
  // line would become Modified here and the other copies must go, as for a write.
  if (bus_ && (!l || l->shared)) bus_->upgrade(core_, pa, now);
  if (!l) {
    l = &victim(line);
    install(*l, line, now, now);
  }
  l->shared = false;
  l->dirty = true;
}

}  // namespace kasane
