/* shadow_impl.h - the private side of <shadow.h>: a sibling's flags and job, and __shadow_wait,
 * which picks the ctx layer's wait (runtime/src/ctx/ctx_flag.h) for a policy.
 *
 * A handshake is one direction of traffic on one flag (struct ctx_flag, alone on its line): the
 * work flag (forker -> sibling: a job is ready) and the done flag (sibling -> forker: it has
 * returned). ctx_flag.h says how a flag is posted and waited for, and in what memory order. */
#ifndef KASANE_SHADOW_IMPL_H
#define KASANE_SHADOW_IMPL_H

#define SHADOW_LINE 64 /* bytes of a flag's line: CTX_LINE (checked in shadow_create.c) */

/* Offsets in struct shadow_sibling that __shadow_entry.S uses (checked in shadow_create.c). */
#define SHADOW_OFF_SP 128
#define SHADOW_OFF_EXITED 132

#ifndef __ASSEMBLER__
#include <kasane/kasane_isa.h>
#include <shadow.h>

#include "../ctx/ctx_flag.h"

/* A sibling's bookkeeping, at the top of its stack region. The job line is written by the
 * forker while the sibling is idle and read by the sibling after it sees the work flag move. */
struct shadow_sibling {
  struct ctx_flag work; /* forker -> sibling: work.seq moves when a job (or quit) is ready */
  struct ctx_flag done; /* sibling -> forker: done.seq = the work.seq it has finished */
  struct {
    unsigned long sp;              /* initial $sp (__shadow_entry.S) */
    volatile unsigned long exited; /* set by __shadow_entry.S just before TEXIT */
    void (*fn)(void*);             /* the job */
    void* arg;
    int quit;                      /* instead of a job: leave */
    int policy;                    /* how the sibling waits for its next job */
    unsigned long threshold;
    unsigned long posted;          /* forker-private: the last work.seq posted */
    long ltn;                      /* the sibling's context: LTN, or CPU number + 1 if cross */
    int cross;                     /* on another core than the forker's (shadow_create_on) */
  } job __attribute__((aligned(SHADOW_LINE)));
};

/* The sibling's code (__shadow_sibling.c) and its entry stub (__shadow_entry.S). */
void __shadow_sibling_main(struct shadow_sibling* sib);
void __shadow_entry(void);

int __shadow_policy_valid(int policy);

/* The policy siblings on another core wait with: TRESUME is core-local, so SHADOW_SUSPEND
 * becomes SHADOW_MWAIT there (and for the forker, who waits on the same flags' other side). */
static inline int __shadow_placed_policy(const struct shadow* s, int policy) {
  if (policy == SHADOW_SUSPEND && s->count && s->sibling[0]->job.cross) return SHADOW_MWAIT;
  return policy;
}

/* Wait with `policy` until f->seq != old; returns the new seq. What the poster wrote before
 * posting is visible after this returns. The sleeping waits are the ctx layer's; the spin loops
 * stay written out here, each where it is: with one shared spin function the compiler merges
 * the two loops of shadow_join into one, placed elsewhere, and E3's spin-wait fork-join goes
 * from 58 to 63 cycles on e3-x5560.toml. */
static inline unsigned long __shadow_wait(struct ctx_flag* f, unsigned long old, int policy,
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
        if (seq == old) seq = __ctx_wait_mwait(f, old);
        break;
      case SHADOW_SUSPEND: seq = __ctx_wait_suspend(f, old); break;
      default: seq = __ctx_wait_mwait(f, old); break; /* SHADOW_MWAIT */
    }
  }
  __ctx_wait_acquire();
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
