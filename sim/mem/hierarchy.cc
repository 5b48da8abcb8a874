// Builds the levels bottom-up, each given the level below it, and reports their counters.
#include "mem/hierarchy.h"

#include <stdexcept>

namespace kasane {

namespace {

CacheConfig named(CacheConfig c, const char* fallback) {
  if (c.name.empty()) c.name = fallback;
  return c;
}

nlohmann::json cache_json(const Cache& c, uint64_t retired) {
  const CacheStats& s = c.stats();
  return {{"accesses", s.accesses},
          {"hits", s.hits},
          {"misses", s.misses},
          {"miss_rate", s.accesses ? static_cast<double>(s.misses) / s.accesses : 0.0},
          {"mshr_hits", s.mshr_hits},
          {"writebacks", s.writebacks},
          {"mshr_full", s.mshr_full},
          {"prefetches", s.prefetches},
          {"prefetch_hits", s.prefetch_hits},
          {"mpki", retired ? 1000.0 * static_cast<double>(s.misses) / retired : 0.0}};
}

}  // namespace

MemoryHierarchy::MemoryHierarchy(const HierarchyConfig& cfg) : model_(cfg.model) {
  if (cfg.model == "flat") {
    memory_ = std::make_unique<Dram>(cfg.memory_latency);
    return;
  }
  if (cfg.model != "cached")
    throw std::invalid_argument("memory model '" + cfg.model + "' is not one of: flat, cached");
  const CacheConfig l1i = named(cfg.l1i, "l1i");
  const CacheConfig l1d = named(cfg.l1d, "l1d");
  // A DRAM access moves one line of the level right above it.
  const uint32_t dram_line = cfg.l2_enabled ? cfg.l2.line_bytes : l1d.line_bytes;
  memory_ = std::make_unique<Dram>(cfg.dram_latency, cfg.dram_bandwidth, dram_line);
  MemLevel* below_l1 = memory_.get();
  if (cfg.l2_enabled) {
    l2_ = std::make_unique<Cache>(named(cfg.l2, "l2"), *memory_);
    for (const CacheConfig* l1 : {&l1i, &l1d})
      if (l2_->config().line_bytes < l1->line_bytes)
        throw std::invalid_argument("cache '" + l2_->name() + "': line_bytes " +
                                    std::to_string(l2_->config().line_bytes) +
                                    " is shorter than the line of '" + l1->name + "' (" +
                                    std::to_string(l1->line_bytes) + ")");
    below_l1 = l2_.get();
  }
  l1i_ = std::make_unique<Cache>(l1i, *below_l1);
  l1d_ = std::make_unique<Cache>(l1d, *below_l1);
}

nlohmann::json MemoryHierarchy::stats_json(uint64_t retired) const {
  nlohmann::json caches = nlohmann::json::object();
  for (const Cache* c : {l1i_.get(), l1d_.get(), l2_.get()})
    if (c) caches[c->name()] = cache_json(*c, retired);
  const DramStats& m = memory_->stats();
  return {{"model", model_},
          {"caches", caches},
          {"memory",
           {{"latency", memory_->latency()},
            {"bandwidth", memory_->bandwidth()},
            {"accesses", m.accesses},
            {"reads", m.reads},
            {"writes", m.writes},
            {"queued_cycles", m.queued_cycles}}}};
}

}  // namespace kasane
