/* shadow_impl.h - the private side of <shadow.h>: a sibling's flags and job, and the two halves
 * of every handshake, __shadow_post and __shadow_wait, which carry the wait policies.
 *
 * A handshake is one direction of traffic on one flag: the work flag (forker -> sibling: a job
 * is ready) and the done flag (sibling -> forker: it has returned). A flag is a sequence number
 * that only its poster writes and only grows, so there is nothing to reset and no ABA: the
 * waiter waits until it differs from the value it last saw. Each flag sits alone on a 64-byte
 * line (core.monitor_line is 32 by default; 64 also keeps it alone on a 64-byte L2 line): MWAIT
 * then wakes on that flag's post and nothing else, and a spinning waiter's loads never share a
 * line with stores to the job.
 *
 * Memory ordering. MIPS32 may reorder loads and stores to different addresses; SYNC
 * (__sync_synchronize) orders every access before it against every access after it. Kasane's
 * ISS and pipeline keep one context's accesses in program order anyway, but the code is written
 * for the architecture, not for the simulator, and says at each SYNC which pair it orders. */
#ifndef KASANE_SHADOW_IMPL_H
#define KASANE_SHADOW_IMPL_H

#define SHADOW_LINE 64 /* bytes of a flag's line */

/* Offsets in struct shadow_sibling that __shadow_entry.S uses (checked in shadow_create.c). */
#define SHADOW_OFF_SP 128
#define SHADOW_OFF_EXITED 132

#ifndef __ASSEMBLER__
#include <kasane/kasane_isa.h>
#include <shadow.h>

/* One direction's flag, alone on its line. */
struct shadow_flag {
  volatile unsigned long seq;     /* the poster's count of posts */
  volatile unsigned long sleeper; /* LTN of a waiter in (or about to enter) TSUSPEND, or 0 */
} __attribute__((aligned(SHADOW_LINE)));

/* A sibling's bookkeeping, at the top of its stack region. The job line is written by the
 * forker while the sibling is idle and read by the sibling after it sees the work flag move. */
struct shadow_sibling {
  struct shadow_flag work; /* forker -> sibling: work.seq moves when a job (or quit) is ready */
  struct shadow_flag done; /* sibling -> forker: done.seq = the work.seq it has finished */
  struct {
    unsigned long sp;              /* initial $sp (__shadow_entry.S) */
    volatile unsigned long exited; /* set by __shadow_entry.S just before TEXIT */
    void (*fn)(void*);             /* the job */
    void* arg;
    int quit;                      /* instead of a job: leave */
    int policy;                    /* how the sibling waits for its next job */
    unsigned long threshold;
    unsigned long posted;          /* forker-private: the last work.seq posted */
    long ltn;                      /* the sibling's context */
  } job __attribute__((aligned(SHADOW_LINE)));
};

/* The sibling's code (__shadow_sibling.c) and its entry stub (__shadow_entry.S). */
void __shadow_sibling_main(struct shadow_sibling* sib);
void __shadow_entry(void);

int __shadow_policy_valid(int policy);

/* Post: make f->seq = seq, after everything the caller wrote before, and wake its waiter. */
static inline void __shadow_post(struct shadow_flag* f, unsigned long seq) {
  /* Release: the job (fn, arg) or the results fn wrote must be visible before the new seq is,
   * because the waiter reads them as soon as it sees the seq. */
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
static inline unsigned long __shadow_wait_mwait(struct shadow_flag* f, unsigned long old) {
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

/* TSUSPEND until f->seq != old, announcing the caller in f->sleeper; returns the new seq. */
static inline unsigned long __shadow_wait_suspend(struct shadow_flag* f, unsigned long old) {
  unsigned long seq, me = (unsigned long)kasane_tid();
  for (;;) {
    f->sleeper = me;
    /* Dekker, the other half of __shadow_post's: our store of sleeper before our load of seq. */
    __sync_synchronize();
    if ((seq = f->seq) != old) break;
    /* Woken by the post, by a stale token, or by an interrupt: all end here and recheck. */
    kasane_tsuspend();
  }
  f->sleeper = 0;
  return seq;
}

/* Wait with `policy` until f->seq != old; returns the new seq. What the poster wrote before
 * posting is visible after this returns. */
static inline unsigned long __shadow_wait(struct shadow_flag* f, unsigned long old, int policy,
                                          unsigned long threshold) {
  unsigned long seq = f->seq;
  if (seq == old) {
    switch (policy) {
      case SHADOW_SPIN:
        while ((seq = f->seq) == old) {
        }
        break;
      case SHADOW_TWO_PHASE:
        if (threshold == SHADOW_FOREVER) {
          while ((seq = f->seq) == old) {
          }
          break;
        }
        for (unsigned long n = threshold; n && (seq = f->seq) == old; n--) {
        }
        if (seq == old) seq = __shadow_wait_mwait(f, old);
        break;
      case SHADOW_SUSPEND: seq = __shadow_wait_suspend(f, old); break;
      default: seq = __shadow_wait_mwait(f, old); break; /* SHADOW_MWAIT */
    }
  }
  /* Acquire: our later loads (of the job, or of fn's results) must not be satisfied before the
   * load that saw the new seq. */
  __sync_synchronize();
  return seq;
}

/* The policy a forker on this context can use: SHADOW_SUSPEND needs siblings to be allowed to
 * TRESUME us (our LTN in TMask); otherwise SHADOW_MWAIT, which also sleeps. */
static inline int __shadow_forker_policy(const struct shadow* s) {
  if (s->policy != SHADOW_SUSPEND) return s->policy;
  unsigned long me = (unsigned long)kasane_tid();
  return (s->tmask >> (me - 1)) & 1 ? SHADOW_SUSPEND : SHADOW_MWAIT;
}

/* Whether the sibling has finished every job posted to it. Forker only. */
static inline int __shadow_idle(const struct shadow_sibling* sib) {
  return sib->done.seq == sib->job.posted;
}
#endif /* __ASSEMBLER__ */

#endif /* KASANE_SHADOW_IMPL_H */
