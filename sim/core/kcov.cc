// See kcov.h.
#include "core/kcov.h"

namespace kasane {

KernelCoverage::KernelCoverage(uint32_t lo, uint32_t hi)
    : lo_(lo), words_((hi - lo) >> 2), bits_((words_ + 63) / 64, 0) {}

uint64_t KernelCoverage::count() const {
  uint64_t n = 0;
  for (uint64_t b : bits_) n += __builtin_popcountll(b);
  return n;
}

void KernelCoverage::write(std::FILE* f) const {
  std::fprintf(f, "# kasane-kcov 1 lo=0x%08x hi=0x%08x covered=%llu\n", lo_, lo_ + words_ * 4,
               static_cast<unsigned long long>(count()));
  for (uint32_t w = 0; w < words_; ++w)
    if (bits_[w >> 6] >> (w & 63) & 1) std::fprintf(f, "0x%08x\n", lo_ + w * 4);
}

}  // namespace kasane
