// The joint TLB of a MIPS32 core: software-refilled, 4 KiB pages mapped in even/odd pairs, shared
// by every context of the core (each context has its own ASID in its EntryHi).
#pragma once

#include <cstdint>
#include <vector>

namespace kasane {

struct TlbEntry {
  uint32_t entryhi = 0;  // VPN2 | ASID
  uint32_t lo[2] = {0, 0};
  bool global = false;   // G of both halves, as the architecture defines it
};

class Tlb {
 public:
  explicit Tlb(unsigned entries) : entries_(entries) {
    for (unsigned i = 0; i < entries; ++i) entries_[i].entryhi = unused_entryhi(i);
  }

  enum class Result { kHit, kMiss, kInvalid, kModified };
  // Translate `va` for `asid`; on a hit fills `pa`.
  Result lookup(uint32_t va, uint8_t asid, bool store, uint32_t& pa) const;
  // TLBP: index of the entry matching EntryHi, or -1.
  int probe(uint32_t entryhi) const;
  void write(unsigned index, uint32_t entryhi, uint32_t lo0, uint32_t lo1);
  // Invalidate every non-global entry whose ASID is not set in `keep` (a bit per ASID), as a
  // CR3 write without PCID does to an x86 TLB.
  void flush_non_global(const uint64_t (&keep)[4]);
  const TlbEntry& read(unsigned index) const { return entries_[index]; }
  unsigned size() const { return static_cast<unsigned>(entries_.size()); }

 private:
  // Distinct VPN2s in kseg0, where nothing is ever looked up, so no two unused entries match.
  static uint32_t unused_entryhi(unsigned i) { return 0x80000000u + (i << 13); }
  std::vector<TlbEntry> entries_;
};

}  // namespace kasane
