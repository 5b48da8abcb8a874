/* fpregs.h - set and read FP registers and FCSR from code compiled soft-float, as the OS tests
 * are: each helper is one inline-asm block between `.set hardfloat` and `.set pop`, and the rest
 * of the program never touches the FPU, so no clobber needs naming. fp_set_all/fp_check_all
 * fill $f0..$f31 with a pattern from a seed and check it. */
#ifndef KASANE_TESTS_OS_FPREGS_H
#define KASANE_TESTS_OS_FPREGS_H

#include <stdint.h>

#define FP_ASM(body) ".set push\n.set hardfloat\n.set fp=64\n" body ".set pop\n"

/* $f20, all 64 bits. */
static inline void fp_set_f20(uint64_t v) {
  __asm__ volatile(FP_ASM("mtc1 %0, $f20\nmthc1 %1, $f20\n") ::"r"((uint32_t)v),
                   "r"((uint32_t)(v >> 32)));
}
static inline uint64_t fp_get_f20(void) {
  uint32_t lo, hi;
  __asm__ volatile(FP_ASM("mfc1 %0, $f20\nmfhc1 %1, $f20\n") : "=r"(lo), "=r"(hi));
  return (uint64_t)hi << 32 | lo;
}

static inline void fp_set_fcsr(uint32_t v) { __asm__ volatile(FP_ASM("ctc1 %0, $31\n") ::"r"(v)); }
static inline uint32_t fp_get_fcsr(void) {
  uint32_t v;
  __asm__ volatile(FP_ASM("cfc1 %0, $31\n") : "=r"(v));
  return v;
}

/* The value register n gets from seed. */
static inline uint64_t fp_pattern(uint32_t seed, int n) {
  return (uint64_t)(seed * 2654435761u + (uint32_t)n) << 32 | (seed ^ (0x1000u * (uint32_t)n));
}

/* Store $f0..$f31 to buf[0..31] with sdc1, and load them from it with ldc1. */
static inline void fp_store_all(uint64_t* buf) {
  __asm__ volatile(FP_ASM(".irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,"
                          "24,25,26,27,28,29,30,31\nsdc1 $f\\n, 8*\\n(%0)\n.endr\n")
                   ::"r"(buf) : "memory");
}
static inline void fp_load_all(const uint64_t* buf) {
  __asm__ volatile(FP_ASM(".irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,"
                          "24,25,26,27,28,29,30,31\nldc1 $f\\n, 8*\\n(%0)\n.endr\n")
                   ::"r"(buf) : "memory");
}

/* Fill every FP register from seed. */
static inline void fp_set_all(uint32_t seed) {
  uint64_t buf[32] __attribute__((aligned(8)));
  for (int n = 0; n < 32; n++) buf[n] = fp_pattern(seed, n);
  fp_load_all(buf);
}

/* How many FP registers do not hold seed's pattern. */
static inline int fp_check_all(uint32_t seed) {
  uint64_t buf[32] __attribute__((aligned(8)));
  fp_store_all(buf);
  int bad = 0;
  for (int n = 0; n < 32; n++) bad += buf[n] != fp_pattern(seed, n);
  return bad;
}

#endif /* KASANE_TESTS_OS_FPREGS_H */
