// Decoder: rows are bucketed by primary opcode, and within a bucket the most specific mask is
// tried first, so a pseudo row (nop) is found before the row it refines (sll). The generator has
// already proven that real rows never overlap, so order only matters between a pseudo and its
// parent. Decoding is off the hot path: the ISS caches decoded words.
#include "core/decoder.h"

#include <algorithm>
#include <array>
#include <bitset>

namespace kasane {

#include "exec_decls.inc"

namespace {

const std::vector<InsnInfo> kTable = {
#include "isa_table.inc"
};

struct Buckets {
  std::array<std::vector<const InsnInfo*>, 64> all;   // pseudo rows included
  std::array<std::vector<const InsnInfo*>, 64> real;  // what execution uses

  Buckets() {
    for (const InsnInfo& row : kTable) {
      // A row fixes the primary opcode in all table rows; check rather than assume.
      uint32_t op = row.match >> 26;
      all[op].push_back(&row);
      if (!(row.flags & kF_pseudo)) real[op].push_back(&row);
    }
    auto specific_first = [](const InsnInfo* a, const InsnInfo* b) {
      return std::bitset<32>(a->mask).count() > std::bitset<32>(b->mask).count();
    };
    for (auto& v : all) std::stable_sort(v.begin(), v.end(), specific_first);
  }
};

const Buckets& buckets() {
  static const Buckets b;
  return b;
}

const InsnInfo* find(const std::vector<const InsnInfo*>& rows, uint32_t raw) {
  for (const InsnInfo* row : rows)
    if ((raw & row->mask) == row->match) return row;
  return nullptr;
}

}  // namespace

const std::vector<InsnInfo>& isa_table() { return kTable; }

const InsnInfo* decode(uint32_t raw) { return find(buckets().all[raw >> 26], raw); }

const InsnInfo* decode_exec(uint32_t raw) { return find(buckets().real[raw >> 26], raw); }

}  // namespace kasane
