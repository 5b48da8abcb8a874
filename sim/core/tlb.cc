// TLB lookup, probe and write. 32 entries are searched linearly: the ISS keeps a per-context
// micro-TLB of host pointers in front of this, so a lookup here is a refill of that cache.
#include "core/tlb.h"

#include "core/cp0.h"

namespace kasane {

namespace {
bool matches(const TlbEntry& e, uint32_t va, uint8_t asid) {
  return ((e.entryhi ^ va) & cp0::kEntryHiVPN2Mask) == 0 &&
         (e.global || (e.entryhi & cp0::kEntryHiASIDMask) == asid);
}
}  // namespace

Tlb::Result Tlb::lookup(uint32_t va, uint8_t asid, bool store, uint32_t& pa) const {
  for (const TlbEntry& e : entries_) {
    if (!matches(e, va, asid)) continue;
    uint32_t lo = e.lo[(va >> 12) & 1];
    if (!(lo & cp0::kEntryLoV)) return Result::kInvalid;
    if (store && !(lo & cp0::kEntryLoD)) return Result::kModified;
    pa = ((lo >> 6) << 12) | (va & 0xfffu);
    return Result::kHit;
  }
  return Result::kMiss;
}

int Tlb::probe(uint32_t entryhi) const {
  for (unsigned i = 0; i < entries_.size(); ++i)
    if (matches(entries_[i], entryhi, entryhi & cp0::kEntryHiASIDMask)) return static_cast<int>(i);
  return -1;
}

void Tlb::write(unsigned index, uint32_t entryhi, uint32_t lo0, uint32_t lo1) {
  TlbEntry& e = entries_[index % entries_.size()];
  e.entryhi = entryhi & (cp0::kEntryHiVPN2Mask | cp0::kEntryHiASIDMask);
  e.global = (lo0 & lo1 & cp0::kEntryLoG) != 0;
  e.lo[0] = lo0 & cp0::kEntryLoWritable;
  e.lo[1] = lo1 & cp0::kEntryLoWritable;
}

void Tlb::flush_non_global(const uint64_t (&keep)[4]) {
  for (unsigned i = 0; i < entries_.size(); ++i) {
    TlbEntry& e = entries_[i];
    const uint32_t asid = e.entryhi & cp0::kEntryHiASIDMask;
    if (e.global || (keep[asid >> 6] >> (asid & 63) & 1)) continue;
    e = TlbEntry{};
    e.entryhi = unused_entryhi(i);
  }
}

}  // namespace kasane
