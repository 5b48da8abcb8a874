// The snooping bus of mem/snoop_bus.h: arbitration (one transaction per bus_cycles), the snoop of
// every other attached cache, the latencies of its answers, DMA snoops and the counters.
#include "mem/snoop_bus.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "mem/cache.h"

namespace kasane {

namespace {

// The counters in stats.json's spelling; CoherenceStats and DmaCoherenceStats say what each is.
struct CoreCounter {
  const char* name;
  uint64_t CoherenceStats::*field;
};
constexpr CoreCounter kCoreCounters[] = {
    {"bus_transactions", &CoherenceStats::bus_transactions},
    {"bus_reads", &CoherenceStats::bus_reads},
    {"bus_read_exclusives", &CoherenceStats::bus_read_exclusives},
    {"upgrades", &CoherenceStats::upgrades},
    {"bus_writebacks", &CoherenceStats::bus_writebacks},
    {"bus_busy_cycles", &CoherenceStats::bus_busy_cycles},
    {"bus_wait_cycles", &CoherenceStats::bus_wait_cycles},
    {"invalidations_sent", &CoherenceStats::invalidations_sent},
    {"invalidations_received", &CoherenceStats::invalidations_received},
    {"interventions", &CoherenceStats::interventions},
    {"cache_to_cache", &CoherenceStats::cache_to_cache}};

struct DmaCounter {
  const char* name;
  uint64_t DmaCoherenceStats::*field;
};
constexpr DmaCounter kDmaCounters[] = {{"writes", &DmaCoherenceStats::writes},
                                       {"reads", &DmaCoherenceStats::reads},
                                       {"invalidations", &DmaCoherenceStats::invalidations},
                                       {"interventions", &DmaCoherenceStats::interventions}};

std::string core_key(unsigned core) {
  return "coherence.core" + std::to_string(core) + ".";
}

}  // namespace

const char* mesi_name(Mesi s) {
  switch (s) {
    case Mesi::I:
      return "I";
    case Mesi::S:
      return "S";
    case Mesi::E:
      return "E";
    case Mesi::M:
      return "M";
  }
  return "?";
}

SnoopBus::SnoopBus(const CoherenceConfig& cfg, MemLevel& next) : cfg_(cfg), next_(next) {}

void SnoopBus::attach(Cache& cache, unsigned core) {
  for (const Port& p : ports_)
    if (p.core == core)
      throw std::invalid_argument("coherence bus: core " + std::to_string(core) +
                                  " is attached already");
  const uint32_t line = cache.config().line_bytes;
  if (line_bytes_ != 0 && line != line_bytes_)
    throw std::invalid_argument("cache '" + cache.name() + "': line_bytes " +
                                std::to_string(line) + " differs from the coherent caches' " +
                                std::to_string(line_bytes_));
  line_bytes_ = line;
  auto at =
      std::find_if(ports_.begin(), ports_.end(), [&](const Port& p) { return p.core > core; });
  ports_.insert(at, Port{core, &cache, {}});
}

SnoopBus::Port& SnoopBus::port(unsigned core) {
  for (Port& p : ports_)
    if (p.core == core) return p;
  throw std::out_of_range("coherence bus: core " + std::to_string(core) + " is not attached");
}

const CoherenceStats& SnoopBus::stats(unsigned core) const {
  return const_cast<SnoopBus*>(this)->port(core).stats;
}

uint64_t SnoopBus::start_at(uint64_t now) const {
  return std::max(now, free_);
}

void SnoopBus::take(Port& p, uint64_t now, uint64_t start) {
  free_ = start + cfg_.bus_cycles;
  ++p.stats.bus_transactions;
  p.stats.bus_busy_cycles += cfg_.bus_cycles;
  p.stats.bus_wait_cycles += start - now;
}

unsigned SnoopBus::snoop_all(const Port* skip, uint32_t pa, Mesi to) {
  unsigned changed = 0;
  for (Port& p : ports_) {
    if (&p == skip) continue;
    const Mesi was = p.cache->snoop(pa, to).was;
    if (was == Mesi::I || was == to) continue;
    ++changed;
    if (to == Mesi::I) ++p.stats.invalidations_received;
  }
  return changed;
}

// The other caches are looked at before anything changes, so that a refusal by the next level
// leaves every state, the bus and the counters as they were.
std::optional<SnoopBus::Fill> SnoopBus::fill(unsigned core, uint32_t pa, bool exclusive,
                                             uint64_t now) {
  Port& me = port(core);
  const uint32_t base = line_base(pa);
  const uint64_t start = start_at(now);
  Port* owner = nullptr;  // the Modified copy, if any (there is at most one)
  bool others = false;
  for (Port& p : ports_) {
    if (&p == &me) continue;
    const Mesi s = p.cache->state(base);
    others |= s != Mesi::I;
    if (s == Mesi::M) owner = &p;
  }
  uint64_t ready;
  if (owner) {
    const uint64_t owner_fill = owner->cache->peek(base).fill_done;
    ready = std::max(start + cfg_.snoop_latency, owner_fill) + cfg_.intervention_latency;
    ++owner->stats.interventions;
    ++me.stats.cache_to_cache;
    // A read leaves two clean copies, so memory must get the dirty data; a read-exclusive moves
    // the ownership, and the dirty data with it.
    if (!exclusive) next_.writeback(base, now);
  } else {
    std::optional<uint64_t> data = next_.access(base, false, now);
    if (!data) return std::nullopt;
    ready = std::max(*data + (start - now), start + cfg_.snoop_latency);
  }
  take(me, now, start);
  if (exclusive) {
    ++me.stats.bus_read_exclusives;
    me.stats.invalidations_sent += snoop_all(&me, base, Mesi::I);
  } else {
    ++me.stats.bus_reads;
    snoop_all(&me, base, Mesi::S);
  }
  return Fill{ready, !exclusive && others};
}

uint64_t SnoopBus::upgrade(unsigned core, uint32_t pa, uint64_t now) {
  Port& me = port(core);
  const uint64_t start = start_at(now);
  take(me, now, start);
  ++me.stats.upgrades;
  me.stats.invalidations_sent += snoop_all(&me, line_base(pa), Mesi::I);
  return start + cfg_.upgrade_latency;
}

void SnoopBus::writeback(unsigned core, uint32_t pa, uint64_t now) {
  Port& me = port(core);
  const uint64_t start = start_at(now);
  take(me, now, start);
  ++me.stats.bus_writebacks;
  next_.writeback(line_base(pa), now);
}

void SnoopBus::dma_write(uint32_t pa, uint32_t bytes, uint64_t now) {
  ++dma_.writes;
  if (bytes == 0 || line_bytes_ == 0) return;
  const uint64_t end = uint64_t{pa} + bytes;
  for (uint64_t base = line_base(pa); base < end; base += line_bytes_) {
    const bool whole = base >= pa && base + line_bytes_ <= end;
    for (Port& p : ports_) {
      const Cache::Snooped was = p.cache->snoop(static_cast<uint32_t>(base), Mesi::I);
      if (was.was == Mesi::I) continue;
      ++dma_.invalidations;
      ++p.stats.invalidations_received;
      // The bytes the DMA leaves alone are only in this copy: they go to memory to be merged.
      if (was.was == Mesi::M && !whole) {
        ++dma_.interventions;
        ++p.stats.interventions;
        next_.writeback(static_cast<uint32_t>(base), now);
      }
    }
  }
}

void SnoopBus::dma_read(uint32_t pa, uint32_t bytes, uint64_t now) {
  ++dma_.reads;
  if (bytes == 0 || line_bytes_ == 0) return;
  const uint64_t end = uint64_t{pa} + bytes;
  for (uint64_t base = line_base(pa); base < end; base += line_bytes_) {
    for (Port& p : ports_) {
      if (p.cache->state(static_cast<uint32_t>(base)) != Mesi::M) continue;
      p.cache->snoop(static_cast<uint32_t>(base), Mesi::E);
      ++dma_.interventions;
      ++p.stats.interventions;
      next_.writeback(static_cast<uint32_t>(base), now);
    }
  }
}

void SnoopBus::counters(CounterSet& out) const {
  for (const Port& p : ports_)
    for (const CoreCounter& k : kCoreCounters) out.set(core_key(p.core) + k.name, p.stats.*k.field);
  for (const DmaCounter& k : kDmaCounters)
    out.set(std::string("coherence.dma.") + k.name, dma_.*k.field);
}

nlohmann::json SnoopBus::report(const CounterSet& n) const {
  nlohmann::json cores = nlohmann::json::array();
  nlohmann::json total = nlohmann::json::object();
  for (const CoreCounter& k : kCoreCounters) total[k.name] = 0;
  for (const Port& p : ports_) {
    nlohmann::json j = {{"core", p.core}};
    for (const CoreCounter& k : kCoreCounters) {
      const uint64_t v = n.count(core_key(p.core) + k.name);
      j[k.name] = v;
      total[k.name] = total[k.name].get<uint64_t>() + v;
    }
    cores.push_back(j);
  }
  nlohmann::json dma = nlohmann::json::object();
  for (const DmaCounter& k : kDmaCounters)
    dma[k.name] = n.count(std::string("coherence.dma.") + k.name);
  return {{"protocol", "MESI"},
          {"bus_cycles", cfg_.bus_cycles},
          {"snoop_latency", cfg_.snoop_latency},
          {"intervention_latency", cfg_.intervention_latency},
          {"upgrade_latency", cfg_.upgrade_latency},
          {"cores", cores},
          {"total", total},
          {"dma", dma}};
}

}  // namespace kasane
