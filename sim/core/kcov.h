// Kernel coverage (--kcov FILE): which instructions of the kernel's code any context executed,
// one bit per instruction word, for the system call fuzzer (scripts/sysfuzz.py) in the way
// syzkaller uses Linux's kcov, but exact and with no cost to the guest. It is a StepWatcher, the
// slot the ISS already checks around every instruction in either model, so a run without --kcov
// pays nothing; with it, one range check and one bit set per instruction. One object serves every
// core of the machine (their steps run one at a time), so the file is the union over cores.
#pragma once

#include <cstdint>
#include <cstdio>
#include <vector>

#include "core/step_watcher.h"

namespace kasane {

class KernelCoverage : public StepWatcher {
 public:
  // Instructions in [lo, hi) are the kernel's (its executable segments); lo and hi word-aligned.
  KernelCoverage(uint32_t lo, uint32_t hi);

  void before(const Context& c, uint32_t pc, uint32_t raw, const InsnInfo* info) override {
    (void)c, (void)raw, (void)info;
    const uint32_t word = (pc - lo_) >> 2;  // below lo wraps to a huge index
    if (word < words_) bits_[word >> 6] |= uint64_t{1} << (word & 63);
  }
  void after(const Context&, bool) override {}

  uint64_t count() const;  // instructions covered
  // The file's format (docs/reliability.md): a header line "# kasane-kcov 1 lo=0x... hi=0x...
  // covered=N", then each covered pc in ascending order, "0x%08x" one a line.
  void write(std::FILE* f) const;

 private:
  uint32_t lo_, words_;
  std::vector<uint64_t> bits_;
};

}  // namespace kasane
