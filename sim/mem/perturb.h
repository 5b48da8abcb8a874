// Seeded timing perturbation (Alameldeen & Wood, "Variability in architectural simulations of
// multi-threaded workloads", HPCA 2003): a run of a multi-threaded program is one sample of many
// possible interleavings, so a result should be a mean over runs whose timing differs a little.
// With sim.perturb_seed set, every access that reaches main memory in the flat model, and every
// access to the L2 and to DRAM in the cached model, takes 0..sim.perturb_max extra cycles, drawn
// from one PRNG seeded from the key and consumed in simulation order: the same seed gives the same
// cycles bit for bit, another seed another interleaving. Seed 0 builds no perturbation at all.
#pragma once

#include <cstdint>
#include <optional>

#include "mem/mem_level.h"

namespace kasane {

// SplitMix64 (Steele, Lea and Flood, OOPSLA 2014; the seeder of xoshiro): one 64-bit state, a
// full period, and well-mixed outputs even from small consecutive seeds.
inline uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// How far seed shifts flat memory's fetch blocks (a multiple of 4 below block bytes): 0 for seed
// 0, and seeds 1, 2, ... take the offsets 0, 4, 8, ... in turn, so that block / 4 consecutive seeds
// (8 for 32-byte blocks) see every alignment of the code once and their mean is the same wherever
// a build placed a loop. The placement of code is as arbitrary as that of the stack (Mytkowicz et
// al., "Producing wrong data without doing anything obviously wrong", ASPLOS 2009).
inline uint32_t fetch_skew(uint64_t seed, uint32_t block) {
  if (seed == 0 || block <= 4) return 0;
  return static_cast<uint32_t>((seed - 1) % (block / 4)) * 4;
}

// The stream of extra cycles, 0..max each.
class Perturbation {
 public:
  Perturbation(uint64_t seed, uint32_t max) : state_(seed), max_(max) {}
  uint32_t next() {
    // A modulo of a 64-bit draw: the bias for max + 1 of a few cycles is below 1e-18.
    return static_cast<uint32_t>(splitmix64(state_) % (uint64_t{max_} + 1));
  }

 private:
  uint64_t state_;
  uint32_t max_;
};

// A level seen through a perturbation: each access it accepts is ready `next()` cycles later. A
// prefetch or a write-back is not awaited by anyone, so it passes through unchanged (the fills it
// causes below are accesses and are perturbed there).
class PerturbedLevel : public MemLevel {
 public:
  PerturbedLevel(MemLevel& inner, Perturbation& p) : inner_(inner), p_(p) {}
  std::optional<uint64_t> access(uint32_t pa, bool write, uint64_t now) override {
    std::optional<uint64_t> ready = inner_.access(pa, write, now);
    if (ready) *ready += p_.next();
    return ready;
  }
  void prefetch(uint32_t pa, uint64_t now) override { inner_.prefetch(pa, now); }
  bool prefetch_or_wait(uint32_t pa, uint64_t now) override {
    return inner_.prefetch_or_wait(pa, now);
  }
  void writeback(uint32_t pa, uint64_t now) override { inner_.writeback(pa, now); }
  // Warming takes no time, so it draws nothing from the perturbation stream.
  void warm(uint32_t pa, bool write, bool writeback) override {
    inner_.warm(pa, write, writeback);
  }

 private:
  MemLevel& inner_;
  Perturbation& p_;
};

}  // namespace kasane
