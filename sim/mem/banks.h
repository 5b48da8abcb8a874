// The banks of the shared L2, timing only: a level in front of the L2 cache that splits it into
// `banks` line-interleaved banks (the line of `pa` is in bank line % banks) and lets each bank
// start one access every `busy` cycles. An access whose bank is still busy waits for it (a bank
// conflict); accesses to different banks overlap. This is how real shared L2s take requests from
// several cores at once: each bank is an array of its own with its own tag and data ports, and
// the interleaving spreads a stream of consecutive lines over all of them.
//
// Time. The L2 below is asked at the cycle of the request and the bank's wait is added to its
// answer, as the coherence bus does (mem/snoop_bus.h): the cores advance in lock-step, so the L2
// and DRAM never see time go backwards. A fill a miss brings back does not take the bank again.
//
// What holds a bank: demand accesses and fills for the L1s (a hit or a miss: the lookup is the
// bank's work) and write-backs from the L1s (nobody waits for them, but a later access waits
// behind them). A refused access (every L2 MSHR busy) takes nothing. Prefetch hints pass through
// untouched: the L1s' prefetches reach the L2 as accesses, and hints are only the flat model's.
//
// busy 0 means a bank starts any number of accesses each cycle: the L2 of before banks existed.
// MemoryHierarchy (through SharedMemory) builds this level only when banks > 1 or busy > 0, so
// the default machine (l2.banks = 1, l2.bank_busy = 0) has no such level at all.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "mem/mem_level.h"
#include "stats/counter_set.h"

namespace kasane {

// The config keys l2.banks and l2.bank_busy.
struct L2BankConfig {
  uint32_t banks = 1;  // power of two, 1..kMaxBanks
  uint32_t busy = 0;   // cycles a bank is held by one access (0: no limit)
  bool enabled() const { return banks > 1 || busy > 0; }
};

// Per bank.
struct BankStats {
  uint64_t accesses = 0;     // accesses and write-backs the bank served
  uint64_t conflicts = 0;    // of them, those that found the bank busy and waited
  uint64_t wait_cycles = 0;  // the cycles they waited
};

class L2Banks : public MemLevel {
 public:
  static constexpr uint32_t kMaxBanks = 16;
  // `inner` is the L2 and `line_bytes` its line, the unit of interleaving. Throws
  // std::invalid_argument for banks not a power of two in 1..kMaxBanks.
  L2Banks(MemLevel& inner, const L2BankConfig& cfg, uint32_t line_bytes);

  std::optional<uint64_t> access(uint32_t pa, bool write, uint64_t now) override;
  void prefetch(uint32_t pa, uint64_t now) override { inner_.prefetch(pa, now); }
  bool prefetch_or_wait(uint32_t pa, uint64_t now) override {
    return inner_.prefetch_or_wait(pa, now);
  }
  void writeback(uint32_t pa, uint64_t now) override;
  // Banks hold only busy times, which warming leaves alone: the L2's lines are what warm.
  void warm(uint32_t pa, bool write, bool writeback) override {
    inner_.warm(pa, write, writeback);
  }

  uint32_t bank_of(uint32_t pa) const { return (pa >> line_shift_) & (cfg_.banks - 1); }
  const L2BankConfig& config() const { return cfg_; }
  const BankStats& stats(uint32_t bank) const { return stats_.at(bank); }

  // The raw counters, "l2bank.N.COUNTER" (BankStats' fields).
  void counters(CounterSet& out) const;
  // {"banks", "bank_busy", "conflicts", "wait_cycles", "per_bank": [{"bank", COUNTER...}]} from
  // counters over some span (the run, or a region's difference).
  nlohmann::json report(const CounterSet& counters) const;

 private:
  // Takes bank `b` for one access asked for at `now`; the cycle the access starts.
  uint64_t take(uint32_t b, uint64_t now);

  MemLevel& inner_;
  L2BankConfig cfg_;
  uint32_t line_shift_;
  std::vector<uint64_t> free_;  // per bank: the cycle from which it may start an access
  std::vector<BankStats> stats_;
};

}  // namespace kasane
