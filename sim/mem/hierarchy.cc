// Builds the levels bottom-up, each given the level below it, and reports their counters.
#include "mem/hierarchy.h"

#include <stdexcept>

namespace kasane {

namespace {

CacheConfig named(CacheConfig c, const char* fallback) {
  if (c.name.empty()) c.name = fallback;
  return c;
}

// A cache's counters, in stats.json's spelling; CacheStats says what each counts.
struct CacheCounter {
  const char* name;
  uint64_t CacheStats::*field;
};
constexpr CacheCounter kCacheCounters[] = {
    {"accesses", &CacheStats::accesses},     {"hits", &CacheStats::hits},
    {"misses", &CacheStats::misses},         {"mshr_hits", &CacheStats::mshr_hits},
    {"writebacks", &CacheStats::writebacks}, {"mshr_full", &CacheStats::mshr_full},
    {"prefetches", &CacheStats::prefetches}, {"prefetch_hits", &CacheStats::prefetch_hits}};

struct DramCounter {
  const char* name;
  uint64_t DramStats::*field;
};
constexpr DramCounter kDramCounters[] = {{"accesses", &DramStats::accesses},
                                         {"reads", &DramStats::reads},
                                         {"writes", &DramStats::writes},
                                         {"queued_cycles", &DramStats::queued_cycles}};

}  // namespace

MemoryHierarchy::MemoryHierarchy(const HierarchyConfig& cfg) : model_(cfg.model) {
  if (cfg.perturb_seed != 0)
    perturbation_ = std::make_unique<Perturbation>(cfg.perturb_seed, cfg.perturb_max);
  if (cfg.model == "flat") {
    memory_ = std::make_unique<Dram>(cfg.memory_latency);
    if (perturbation_)
      perturbed_memory_ = std::make_unique<PerturbedLevel>(*memory_, *perturbation_);
    return;
  }
  if (cfg.model != "cached")
    throw std::invalid_argument("memory model '" + cfg.model + "' is not one of: flat, cached");
  const CacheConfig l1i = named(cfg.l1i, "l1i");
  const CacheConfig l1d = named(cfg.l1d, "l1d");
  // A DRAM access moves one line of the level right above it.
  const uint32_t dram_line = cfg.l2_enabled ? cfg.l2.line_bytes : l1d.line_bytes;
  memory_ = std::make_unique<Dram>(cfg.dram_latency, cfg.dram_bandwidth, dram_line);
  if (perturbation_)
    perturbed_memory_ = std::make_unique<PerturbedLevel>(*memory_, *perturbation_);
  MemLevel* below_l1 = &memory();
  if (cfg.l2_enabled) {
    l2_ = std::make_unique<Cache>(named(cfg.l2, "l2"), memory());
    for (const CacheConfig* l1 : {&l1i, &l1d})
      if (l2_->config().line_bytes < l1->line_bytes)
        throw std::invalid_argument("cache '" + l2_->name() + "': line_bytes " +
                                    std::to_string(l2_->config().line_bytes) +
                                    " is shorter than the line of '" + l1->name + "' (" +
                                    std::to_string(l1->line_bytes) + ")");
    below_l1 = l2_.get();
    if (perturbation_) {
      perturbed_l2_ = std::make_unique<PerturbedLevel>(*l2_, *perturbation_);
      below_l1 = perturbed_l2_.get();
    }
  }
  l1i_ = std::make_unique<Cache>(l1i, *below_l1);
  l1d_ = std::make_unique<Cache>(l1d, *below_l1);
}

void MemoryHierarchy::counters(CounterSet& out) const {
  for (const Cache* c : {l1i_.get(), l1d_.get(), l2_.get()})
    if (c)
      for (const CacheCounter& k : kCacheCounters)
        out.set("cache." + c->name() + "." + k.name, c->stats().*k.field);
  for (const DramCounter& k : kDramCounters)
    out.set(std::string("memory.") + k.name, memory_->stats().*k.field);
}

nlohmann::json MemoryHierarchy::report(const CounterSet& n, uint64_t retired) const {
  nlohmann::json caches = nlohmann::json::object();
  for (const Cache* c : {l1i_.get(), l1d_.get(), l2_.get()}) {
    if (!c) continue;
    const std::string key = "cache." + c->name() + ".";
    nlohmann::json j;
    for (const CacheCounter& k : kCacheCounters) j[k.name] = n.count(key + k.name);
    const uint64_t accesses = n.count(key + "accesses"), misses = n.count(key + "misses");
    j["miss_rate"] = accesses ? static_cast<double>(misses) / accesses : 0.0;
    j["mpki"] = retired ? 1000.0 * static_cast<double>(misses) / retired : 0.0;
    caches[c->name()] = j;
  }
  nlohmann::json memory = {{"latency", memory_->latency()}, {"bandwidth", memory_->bandwidth()}};
  for (const DramCounter& k : kDramCounters)
    memory[k.name] = n.count(std::string("memory.") + k.name);
  return {{"model", model_}, {"caches", caches}, {"memory", memory}};
}

}  // namespace kasane
