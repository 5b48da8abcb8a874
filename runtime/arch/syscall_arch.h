/* runtime/arch/syscall_arch.h - the MIPS o32 `syscall` instruction, the only inline assembly in the
 * runtime (crt0 and setjmp are whole .S files).
 *
 * o32 convention (Linux, and the Kasane kernel which mimics it): the number goes in $v0 ($2), the
 * arguments in $a0-$a3 ($4-$7). On return $v0 holds the result and $a3 is 0, or $a3 is non-zero
 * and $v0 holds the positive errno. Like musl we fold that into one value: -errno on failure, so
 * callers test `r < 0` (no valid result of the calls we make lies in -4095..-1).
 *
 * The kernel may clobber at, v1, t0-t9, hi and lo, so the compiler must not keep values there
 * across the instruction. "memory" because the kernel reads and writes our buffers.
 * Arguments 5 and 6 go on the stack, at 16($sp) and 20($sp): see __syscall5. */
#ifndef KASANE_SYSCALL_ARCH_H
#define KASANE_SYSCALL_ARCH_H

/* Everything but t0 and t1 ($8, $9), which __syscall5 and __syscall6 use for arguments 5 and 6. */
#define __SYSCALL_CLOBBERS_BUT_T0_T1 \
  "memory", "$1", "$3", "$10", "$11", "$12", "$13", "$14", "$15", "$24", "$25", "hi", "lo"
#define __SYSCALL_CLOBBERS __SYSCALL_CLOBBERS_BUT_T0_T1, "$8", "$9"

static inline long __syscall0(long n) {
  register long v0 __asm__("$2") = n;
  register long a3 __asm__("$7");
  __asm__ volatile("syscall" : "+r"(v0), "=r"(a3) : : __SYSCALL_CLOBBERS);
  return a3 ? -v0 : v0;
}

static inline long __syscall1(long n, long a) {
  register long v0 __asm__("$2") = n;
  register long a0 __asm__("$4") = a;
  register long a3 __asm__("$7");
  __asm__ volatile("syscall" : "+r"(v0), "=r"(a3) : "r"(a0) : __SYSCALL_CLOBBERS);
  return a3 ? -v0 : v0;
}

static inline long __syscall2(long n, long a, long b) {
  register long v0 __asm__("$2") = n;
  register long a0 __asm__("$4") = a;
  register long a1 __asm__("$5") = b;
  register long a3 __asm__("$7");
  __asm__ volatile("syscall" : "+r"(v0), "=r"(a3) : "r"(a0), "r"(a1) : __SYSCALL_CLOBBERS);
  return a3 ? -v0 : v0;
}

static inline long __syscall3(long n, long a, long b, long c) {
  register long v0 __asm__("$2") = n;
  register long a0 __asm__("$4") = a;
  register long a1 __asm__("$5") = b;
  register long a2 __asm__("$6") = c;
  register long a3 __asm__("$7");
  __asm__ volatile("syscall"
                   : "+r"(v0), "=r"(a3)
                   : "r"(a0), "r"(a1), "r"(a2)
                   : __SYSCALL_CLOBBERS);
  return a3 ? -v0 : v0;
}

static inline long __syscall4(long n, long a, long b, long c, long d) {
  register long v0 __asm__("$2") = n;
  register long a0 __asm__("$4") = a;
  register long a1 __asm__("$5") = b;
  register long a2 __asm__("$6") = c;
  register long a3 __asm__("$7") = d; /* in: fourth argument; out: the error flag */
  __asm__ volatile("syscall"
                   : "+r"(v0), "+r"(a3)
                   : "r"(a0), "r"(a1), "r"(a2)
                   : __SYSCALL_CLOBBERS);
  return a3 ? -v0 : v0;
}

/* The kernel reads arguments 5 and 6 at 16($sp) and 20($sp), where an o32 caller puts its
 * outgoing arguments. The compiler does not know this asm uses the stack, so the asm makes its own
 * 32-byte frame below the compiler's (keeping $sp 8-byte aligned), stores them there and pops the
 * frame after the call; as in musl, they travel in t0 and t1 to get there. */
static inline long __syscall5(long n, long a, long b, long c, long d, long e) {
  register long v0 __asm__("$2") = n;
  register long a0 __asm__("$4") = a;
  register long a1 __asm__("$5") = b;
  register long a2 __asm__("$6") = c;
  register long a3 __asm__("$7") = d;
  register long t0 __asm__("$8") = e;
  __asm__ volatile(
      "addiu $sp, $sp, -32\n\t"
      "sw $8, 16($sp)\n\t"
      "syscall\n\t"
      "addiu $sp, $sp, 32"
      : "+r"(v0), "+r"(a3), "+r"(t0)
      : "r"(a0), "r"(a1), "r"(a2)
      : __SYSCALL_CLOBBERS_BUT_T0_T1, "$9");
  return a3 ? -v0 : v0;
}

static inline long __syscall6(long n, long a, long b, long c, long d, long e, long f) {
  register long v0 __asm__("$2") = n;
  register long a0 __asm__("$4") = a;
  register long a1 __asm__("$5") = b;
  register long a2 __asm__("$6") = c;
  register long a3 __asm__("$7") = d;
  register long t0 __asm__("$8") = e;
  register long t1 __asm__("$9") = f;
  __asm__ volatile(
      "addiu $sp, $sp, -32\n\t"
      "sw $8, 16($sp)\n\t"
      "sw $9, 20($sp)\n\t"
      "syscall\n\t"
      "addiu $sp, $sp, 32"
      : "+r"(v0), "+r"(a3), "+r"(t0), "+r"(t1)
      : "r"(a0), "r"(a1), "r"(a2)
      : __SYSCALL_CLOBBERS_BUT_T0_T1);
  return a3 ? -v0 : v0;
}

#endif /* KASANE_SYSCALL_ARCH_H */
