// See banks.h: line-interleaved L2 banks, each starting one access every `busy` cycles.
#include "mem/banks.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace kasane {

namespace {

// The counters in stats.json's spelling; BankStats says what each is.
struct BankCounter {
  const char* name;
  uint64_t BankStats::*field;
};
constexpr BankCounter kBankCounters[] = {{"accesses", &BankStats::accesses},
                                         {"conflicts", &BankStats::conflicts},
                                         {"wait_cycles", &BankStats::wait_cycles}};

std::string bank_key(uint32_t b, const char* counter) {
  return "l2bank." + std::to_string(b) + "." + counter;
}

}  // namespace

L2Banks::L2Banks(MemLevel& inner, const L2BankConfig& cfg, uint32_t line_bytes)
    : inner_(inner), cfg_(cfg), line_shift_(0) {
  if (cfg.banks == 0 || cfg.banks > kMaxBanks || (cfg.banks & (cfg.banks - 1)) != 0)
    throw std::invalid_argument("L2 banks " + std::to_string(cfg.banks) +
                                " is not a power of two from 1 to " + std::to_string(kMaxBanks));
  while ((2u << line_shift_) <= line_bytes) ++line_shift_;
  free_.assign(cfg.banks, 0);
  stats_.resize(cfg.banks);
}

uint64_t L2Banks::take(uint32_t b, uint64_t now) {
  const uint64_t start = std::max(now, free_[b]);
  BankStats& s = stats_[b];
  ++s.accesses;
  if (start > now) ++s.conflicts, s.wait_cycles += start - now;
  if (cfg_.busy) free_[b] = start + cfg_.busy;
  return start;
}

std::optional<uint64_t> L2Banks::access(uint32_t pa, bool write, uint64_t now) {
  // Asked first, so that a refusal takes no bank; the wait is then added to the answer.
  std::optional<uint64_t> ready = inner_.access(pa, write, now);
  if (!ready) return std::nullopt;
  const uint64_t start = take(bank_of(pa), now);
  return *ready + (start - now);
}

void L2Banks::writeback(uint32_t pa, uint64_t now) {
  take(bank_of(pa), now);
  inner_.writeback(pa, now);
}

void L2Banks::counters(CounterSet& out) const {
  for (uint32_t b = 0; b < cfg_.banks; ++b)
    for (const BankCounter& k : kBankCounters) out.set(bank_key(b, k.name), stats_[b].*k.field);
}

nlohmann::json L2Banks::report(const CounterSet& n) const {
  nlohmann::json per_bank = nlohmann::json::array();
  uint64_t conflicts = 0, wait = 0;
  for (uint32_t b = 0; b < cfg_.banks; ++b) {
    nlohmann::json j = {{"bank", b}};
    for (const BankCounter& k : kBankCounters) j[k.name] = n.count(bank_key(b, k.name));
    conflicts += n.count(bank_key(b, "conflicts"));
    wait += n.count(bank_key(b, "wait_cycles"));
    per_bank.push_back(j);
  }
  return {{"banks", cfg_.banks}, {"bank_busy", cfg_.busy}, {"conflicts", conflicts},
          {"wait_cycles", wait}, {"per_bank", per_bank}};
}

}  // namespace kasane
