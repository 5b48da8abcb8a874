/* fpregs.h - set and read the FP registers and FCSR directly, for the OS tests of the kernel's FP
 * state. Each helper is one inline-asm block; the tests' C code has no floating point, so the
 * compiler never holds anything in an FP register across them and no clobber needs naming.
 * fp_set_all and fp_check_all fill $f0..$f31 (32 bits each: Status.FR = 0, hence `.set fp=32`
 * for the odd ones under the FPXX ABI) with a pattern from a seed and check it. */
#ifndef KASANE_TESTS_OS_FPREGS_H
#define KASANE_TESTS_OS_FPREGS_H

#include <stdint.h>

#define FP_ASM(body) ".set push\n.set hardfloat\n.set fp=32\n" body ".set pop\n"
#define FP_ALL_REGS "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27," \
                    "28,29,30,31"

static inline void fp_set_fcsr(uint32_t v) { __asm__ volatile(FP_ASM("ctc1 %0, $31\n") ::"r"(v)); }
static inline uint32_t fp_get_fcsr(void) {
  uint32_t v;
  __asm__ volatile(FP_ASM("cfc1 %0, $31\n") : "=r"(v));
  return v;
}

/* The value register n gets from seed. */
static inline uint32_t fp_pattern(uint32_t seed, int n) {
  return seed * 2654435761u + 0x01010101u * (uint32_t)n;
}

/* Store $f0..$f31 to buf[0..31] with swc1, and load them from it with lwc1. */
static inline void fp_store_all(uint32_t* buf) {
  __asm__ volatile(FP_ASM(".irp n, " FP_ALL_REGS "\nswc1 $f\\n, 4*\\n(%0)\n.endr\n")
                   ::"r"(buf) : "memory");
}
static inline void fp_load_all(const uint32_t* buf) {
  __asm__ volatile(FP_ASM(".irp n, " FP_ALL_REGS "\nlwc1 $f\\n, 4*\\n(%0)\n.endr\n")
                   ::"r"(buf) : "memory");
}

/* Fill every FP register from seed. */
static inline void fp_set_all(uint32_t seed) {
  uint32_t buf[32];
  for (int n = 0; n < 32; n++) buf[n] = fp_pattern(seed, n);
  fp_load_all(buf);
}

/* How many FP registers do not hold seed's pattern. */
static inline int fp_check_all(uint32_t seed) {
  uint32_t buf[32];
  fp_store_all(buf);
  int bad = 0;
  for (int n = 0; n < 32; n++) bad += buf[n] != fp_pattern(seed, n);
  return bad;
}

#endif /* KASANE_TESTS_OS_FPREGS_H */
