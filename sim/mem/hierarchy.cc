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

MemoryHierarchy::MemoryHierarchy(const HierarchyConfig& cfg)
    : MemoryHierarchy(cfg, std::make_unique<SharedMemory>(cfg)) {}

MemoryHierarchy::MemoryHierarchy(const HierarchyConfig& cfg, std::unique_ptr<SharedMemory> own)
    : model_(cfg.model), own_shared_(std::move(own)), shared_(*own_shared_), core_(0),
      port_(*own_shared_, 0) {
  build(cfg);
}

MemoryHierarchy::MemoryHierarchy(const HierarchyConfig& cfg, SharedMemory& shared, unsigned core)
    : model_(cfg.model), shared_(shared), core_(core), port_(shared, core) {
  build(cfg);
}

void MemoryHierarchy::build(const HierarchyConfig& cfg) {
  if (cfg.model == "flat") return;
  const CacheConfig l1i = named(cfg.l1i, "l1i");
  const CacheConfig l1d = named(cfg.l1d, "l1d");
  if (const Cache* l2 = shared_.l2())
    for (const CacheConfig* l1 : {&l1i, &l1d})
      if (l2->config().line_bytes < l1->line_bytes)
        throw std::invalid_argument("cache '" + l2->name() + "': line_bytes " +
                                    std::to_string(l2->config().line_bytes) +
                                    " is shorter than the line of '" + l1->name + "' (" +
                                    std::to_string(l1->line_bytes) + ")");
  l1i_ = std::make_unique<Cache>(l1i, port_);
  // With several cores the L1Ds share one coherence bus, so they sit over one level: the bus's.
  SnoopBus* bus = shared_.coherence();
  l1d_ = std::make_unique<Cache>(l1d, bus ? shared_.bus_port() : port_);
  if (bus) l1d_->attach_coherence(*bus, core_);
}

void MemoryHierarchy::counters(CounterSet& out) const {
  for (const Cache* c : own_and_shared_caches())
    if (c)
      for (const CacheCounter& k : kCacheCounters)
        out.set("cache." + c->name() + "." + k.name, c->stats().*k.field);
  for (const DramCounter& k : kDramCounters)
    out.set(std::string("memory.") + k.name, shared_.memory().stats().*k.field);
  if (const L2Banks* banks = shared_.l2_banks()) banks->counters(out);
}

nlohmann::json MemoryHierarchy::report(const CounterSet& n, uint64_t retired) const {
  nlohmann::json caches = nlohmann::json::object();
  for (const Cache* c : own_and_shared_caches()) {
    if (!c) continue;
    const std::string key = "cache." + c->name() + ".";
    nlohmann::json j;
    for (const CacheCounter& k : kCacheCounters) j[k.name] = n.count(key + k.name);
    const uint64_t accesses = n.count(key + "accesses"), misses = n.count(key + "misses");
    j["miss_rate"] = accesses ? static_cast<double>(misses) / accesses : 0.0;
    j["mpki"] = retired ? 1000.0 * static_cast<double>(misses) / retired : 0.0;
    caches[c->name()] = j;
  }
  nlohmann::json memory = {{"latency", shared_.memory().latency()},
                             {"bandwidth", shared_.memory().bandwidth()}};
  for (const DramCounter& k : kDramCounters)
    memory[k.name] = n.count(std::string("memory.") + k.name);
  nlohmann::json j = {{"model", model_}, {"caches", caches}, {"memory", memory}};
  if (const L2Banks* banks = shared_.l2_banks()) j["l2_banks"] = banks->report(n);
  return j;
}

}  // namespace kasane
