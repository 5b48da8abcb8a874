/* runtime/arch/atomic_arch.h - the MIPS atomic primitives the runtime's locks and the allocator
 * are built from, as musl's arch/mips/atomic_arch.h: the only other inline assembly besides the
 * system call in syscall_arch.h.
 *
 * ll/sc is the only read-modify-write MIPS32 has: ll loads a word and opens a link, sc stores
 * only if nothing else wrote that word since (else it leaves 0 in its register), so every
 * operation is a retry loop. `sync` orders all earlier loads and stores before all later ones;
 * a lock needs one after taking it (the protected data must not be read before the lock is ours)
 * and one before releasing it (our writes must be visible before the lock looks free). */
#ifndef KASANE_ATOMIC_ARCH_H
#define KASANE_ATOMIC_ARCH_H

/* Stores v in *p and returns the value it replaced, atomically. No barrier. */
static inline int a_swap(volatile int* p, int v) {
  int old, tmp;
  __asm__ volatile(
      "1:\tll %0, 0(%2)\n\t"
      "move %1, %3\n\t"
      "sc %1, 0(%2)\n\t"
      "beqz %1, 1b"
      : "=&r"(old), "=&r"(tmp)
      : "r"(p), "r"(v)
      : "memory");
  return old;
}

/* A full memory barrier; also keeps the compiler from moving memory accesses across it. */
static inline void a_barrier(void) { __asm__ volatile("sync" : : : "memory"); }

/* One round of a busy-wait. The Kasane ISA has no `pause`, so this only makes the compiler
 * load the lock word again on every round instead of once. */
static inline void a_spin(void) { __asm__ volatile("" : : : "memory"); }

/* The number of the hardware context running this code (RDHWR register 0, CPUNum; the kernel
 * lets user mode read it through HWREna). It can change at any instruction if the kernel moves
 * the thread, so use it only as a hint, e.g. to pick an allocation arena. */
static inline unsigned a_cpunum(void) {
  unsigned n;
  __asm__ volatile("rdhwr %0, $0" : "=r"(n));
  return n;
}

#endif /* KASANE_ATOMIC_ARCH_H */
