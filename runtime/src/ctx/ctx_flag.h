/* ctx_flag.h - the handshake flag the runtimes share: one direction of traffic between two
 * contexts, a poster and a waiter, and the ways the waiter can sleep on it (MONITOR/MWAIT,
 * TSUSPEND/TRESUME). Shadow threads carry their fork and join on it; the same
 * code serves a waiter on the poster's core (an SMT sibling) or on another core: a post is a
 * store, coherence carries it to any core, and MWAIT wakes on any core's store to the line.
 * Only TSUSPEND is core-local (TRESUME names an LTN of the poster's own core). Spinning is a
 * plain load loop its user writes inline (shadow_impl.h says why).
 *
 * A flag is a sequence number that only its poster writes and only grows, so there is nothing to
 * reset and no ABA: the waiter waits until it differs from the value it last saw. A flag sits
 * alone on a 64-byte line (core.monitor_line is 32 by default; 64 also keeps it alone on a
 * 64-byte L2 line): MWAIT then wakes on that flag's post and nothing else, and a spinning
 * waiter's loads never share a line with other stores.
 *
 * Memory ordering. MIPS32 may reorder loads and stores to different addresses; SYNC
 * (__sync_synchronize) orders every access before it against every access after it. Kasane's
 * ISS and pipeline keep one context's accesses in program order anyway, but the code is written
 * for the architecture, not for the simulator, and says at each SYNC which pair it orders. The
 * wait functions themselves do not end with an acquire: their caller does (ctx_wait_acquire). */
#ifndef KASANE_CTX_FLAG_H
#define KASANE_CTX_FLAG_H

#include <kasane/kasane_isa.h>

#define CTX_LINE 64 /* bytes of a flag's line */

/* One direction's flag, alone on its line. */
struct ctx_flag {
  volatile unsigned long seq;     /* the poster's count of posts */
  volatile unsigned long sleeper; /* LTN of a waiter in (or about to enter) TSUSPEND, or 0 */
} __attribute__((aligned(CTX_LINE)));

/* Post: make f->seq = seq, after everything the caller wrote before, and wake its waiter. */
static inline void __ctx_post(struct ctx_flag* f, unsigned long seq) {
  /* Release: what the caller wrote (a job, or its results) must be visible before the new seq
   * is, because the waiter reads it as soon as it sees the seq. */
  __sync_synchronize();
  f->seq = seq;
  /* Store seq, then load sleeper; the suspending waiter stores sleeper, then loads seq (Dekker).
   * With a SYNC between each pair, at least one side sees the other's store: either the waiter
   * sees the seq and does not sleep, or we see sleeper and TRESUME it. A TRESUME that arrives
   * before its TSUSPEND leaves a wake token, so that order is safe too. A stale sleeper (the
   * waiter has already left) costs one spurious wake-up of the waiter's next TSUSPEND, which
   * rechecks and sleeps again. */
  __sync_synchronize();
  unsigned long ltn = f->sleeper;
  if (ltn) kasane_tresume(ltn);
}

/* MONITOR, recheck, MWAIT until f->seq != old; returns the new seq. */
static inline unsigned long __ctx_wait_mwait(struct ctx_flag* f, unsigned long old) {
  unsigned long seq;
  for (;;) {
    kasane_monitor((unsigned long)&f->seq);
    /* Recheck after arming: a post between the caller's last look and the MONITOR would
     * otherwise leave MWAIT asleep for good. A post after the MONITOR makes MWAIT return at
     * once. (MONITOR and MWAIT are "memory" clobbers: the compiler keeps this load between.) */
    if ((seq = f->seq) != old) return seq;
    kasane_mwait(0, 0); /* no timeout; light sleep: the fast wake-up */
  }
}

/* TSUSPEND until f->seq != old, announcing the caller in f->sleeper; returns the new seq. The
 * poster must be on the waiter's core. */
static inline unsigned long __ctx_wait_suspend(struct ctx_flag* f, unsigned long old) {
  unsigned long seq, me = (unsigned long)kasane_tid();
  for (;;) {
    f->sleeper = me;
    /* Dekker, the other half of __ctx_post's: our store of sleeper before our load of seq. */
    __sync_synchronize();
    if ((seq = f->seq) != old) break;
    /* Woken by the post, by a stale token, or by an interrupt: all end here and recheck. */
    kasane_tsuspend();
  }
  f->sleeper = 0;
  return seq;
}

/* Acquire, after a wait saw the new seq: the caller's later loads (of a job, or of its results)
 * must not be satisfied before the load that saw it. */
static inline void __ctx_wait_acquire(void) { __sync_synchronize(); }

#endif /* KASANE_CTX_FLAG_H */
