/* runtime/arch/pthread_arch.h - what the thread library (src/thread/) needs from the machine
 * besides atomic_arch.h's swap and barrier: compare-and-swap and friends built from ll/sc, the
 * ThMB offsets that the switch code (pthread_switch.S) uses, and "which context am I on" for
 * each backend. Usable from C and (the offsets) from assembly.
 *
 * The thread instructions themselves (tfork, tsuspend, tresume, monitor, mwait, tid) come from the
 * generated <kasane/kasane_isa.h>; only the hw backend uses them. The conventional backend uses
 * nothing beyond MIPS32r2: it finds its context with RDHWR CPUNum, as Linux's sched_getcpu. */
#ifndef KASANE_PTHREAD_ARCH_H
#define KASANE_PTHREAD_ARCH_H

/* Byte offsets in struct __pthread (pthread_impl.h checks them with _Static_assert). The ThMB
 * starts with struct kasane_regs (36 words: r[32], hi, lo, pc, pad); the voluntary-switch context
 * follows: $s0..$s7, $s8, $sp, $ra, $gp, $f20..$f31, FCSR. */
#define THMB_REGS_PC 136   /* regs.pc */
#define THMB_CTX 144       /* ctx.s[0]: $s0 .. $s7 at +0..+28, $s8 at +32 */
#define THMB_CTX_SP 180    /* ctx.sp */
#define THMB_CTX_RA 184    /* ctx.ra */
#define THMB_CTX_GP 188    /* ctx.gp */
#define THMB_CTX_F 192     /* ctx.f: $f20, $f22, .. $f30 (doubles, 8-aligned) at +0..+40 */
#define THMB_CTX_FCSR 240  /* ctx.fcsr */
#define THMB_STACK_TOP 248 /* stack_top (ctx is padded to 8) */
#define THMB_ON_STACK 252  /* on_stack */
#define THMB_KFP 384       /* kfp: the FPU at the kernel's save of regs (8-aligned) */
#define FPREGS_SIZE 136    /* struct __fpregs: 16 doubles and FCSR, padded to 8 */

/* Sim-control's user thread register, mapped by the kernel in every process
 * (KASANE_SIMCTL_USER_VA + KASANE_SIMCTL_USER_THREAD in <kasane/devices.h>, checked below). */
#define THREAD_TAG_VA 0x7fffe000

#ifndef __ASSEMBLER__

#include <kasane/devices.h>

#include "atomic_arch.h"

_Static_assert(THREAD_TAG_VA == KASANE_SIMCTL_USER_VA + KASANE_SIMCTL_USER_THREAD,
               "THREAD_TAG_VA is sim-control's user thread register");

/* Tell the simulator that this context runs t from now on (a ThMB, or
 * KASANE_SIMCTL_THREAD_UPCALL in the notification handler), for its thread timeline: one
 * uncached store at every switch, cheap enough to make whether or not anyone records it. */
static inline void __thread_tag(const void* t) {
  *(volatile unsigned long*)THREAD_TAG_VA = (unsigned long)t;
}

/* If *p == old, store v; either way return what *p held. No barrier. */
static inline int a_cas(volatile int* p, int old, int v) {
  int cur, tmp;
  __asm__ volatile(
      "1:\tll %0, 0(%2)\n\t"
      "bne %0, %3, 2f\n\t"
      "move %1, %4\n\t"
      "sc %1, 0(%2)\n\t"
      "beqz %1, 1b\n\t"
      "2:"
      : "=&r"(cur), "=&r"(tmp)
      : "r"(p), "r"(old), "r"(v)
      : "memory");
  return cur;
}

/* The top of a stack of pointers in an array: if *top > 0, lower *top by one and return
 * slots[*top - 1] as it was then, in one LL/SC (the load lies inside it, so a store to *top by
 * anyone between the two makes the SC fail and the whole retry); else 0. No barrier. */
static inline void* a_slot_pop(volatile int* top, void* const* slots) {
  void* v;
  int n;
  __asm__ volatile(
      "1:\tll %1, 0(%2)\n\t"
      "move %0, $0\n\t"
      "beqz %1, 2f\n\t"
      "sll %0, %1, 2\n\t"
      "addu %0, %0, %3\n\t"
      "lw %0, -4(%0)\n\t"
      "addiu %1, %1, -1\n\t"
      "sc %1, 0(%2)\n\t"
      "beqz %1, 1b\n\t"
      "2:"
      : "=&r"(v), "=&r"(n)
      : "r"(top), "r"(slots)
      : "memory");
  return v;
}

/* *p += v, returning the new value. No barrier. */
static inline int a_add_fetch(volatile int* p, int v) {
  int cur, tmp;
  __asm__ volatile(
      "1:\tll %0, 0(%2)\n\t"
      "addu %1, %0, %3\n\t"
      "sc %1, 0(%2)\n\t"
      "beqz %1, 1b\n\t"
      "addu %0, %0, %3"
      : "=&r"(cur), "=&r"(tmp)
      : "r"(p), "r"(v)
      : "memory");
  return cur;
}

/* *p |= v and *p &= v, returning the old value. No barrier. */
static inline int a_fetch_or(volatile int* p, int v) {
  int cur, tmp;
  __asm__ volatile(
      "1:\tll %0, 0(%2)\n\t"
      "or %1, %0, %3\n\t"
      "sc %1, 0(%2)\n\t"
      "beqz %1, 1b"
      : "=&r"(cur), "=&r"(tmp)
      : "r"(p), "r"(v)
      : "memory");
  return cur;
}

static inline int a_fetch_and(volatile int* p, int v) {
  int cur, tmp;
  __asm__ volatile(
      "1:\tll %0, 0(%2)\n\t"
      "and %1, %0, %3\n\t"
      "sc %1, 0(%2)\n\t"
      "beqz %1, 1b"
      : "=&r"(cur), "=&r"(tmp)
      : "r"(p), "r"(v)
      : "memory");
  return cur;
}

/* The thread pointer (CP0 UserLocal, which `rdhwr $29` reads and clone's CLONE_SETTLS or
 * set_thread_area sets): the kernel backend's thread block, 0 until one is set. */
static inline void* a_thread_pointer(void) {
  void* tp;
  __asm__ volatile(".set push\n\t.set mips32r2\n\trdhwr %0, $29\n\t.set pop" : "=r"(tp));
  return tp;
}

#endif /* !__ASSEMBLER__ */
#endif /* KASANE_PTHREAD_ARCH_H */
