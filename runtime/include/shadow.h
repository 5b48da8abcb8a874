/* shadow.h - Shadow threads (seed 000): fork and join a function onto a sibling architecture
 * thread of the same core or of another core, with the wait policy chosen per shadow.
 *
 * shadow_create starts sibling contexts with TFORK; each waits for work on a flag of its own.
 * shadow_create_on chooses the core: the caller's (SHADOW_SAME_CORE, TFORK, what shadow_create
 * does) or another (SHADOW_OTHER_CORE for any, or a core's number: the kernel's
 * kasane_ctx_start, the sibling then on a context of that core; the seed's figs. 5 and 6 compare
 * the two).
 * shadow_fork hands fn(arg) to a waiting sibling and returns at once; shadow_join waits until
 * every job given to this shadow has returned; shadow_destroy makes the siblings leave (TEXIT)
 * and frees their stacks. A fork finds no waiting sibling when none could be created (every
 * context taken: TFORK gave 0) or when all are still busy: then fn(arg) runs inline, on the
 * caller, before shadow_fork returns, and shadow_fork returns 0. Programs are therefore
 * correct with any number of siblings, only slower.
 *
 * Both directions wait the same way: the sibling waiting for work and the forker waiting in
 * shadow_join. The policies (the papers' Table 2 and fig. 8):
 *   SHADOW_SPIN       load the flag in a loop: the lowest latency; burns the issue slots the
 *                     other thread could use, and power.
 *   SHADOW_MWAIT      MONITOR the flag's line, recheck, MWAIT (light sleep); wakes on the store.
 *   SHADOW_TWO_PHASE  spin `threshold` times, then as SHADOW_MWAIT. 0 is SHADOW_MWAIT;
 *                     SHADOW_FOREVER never stops spinning, i.e. SHADOW_SPIN.
 *   SHADOW_SUSPEND    TSUSPEND, woken by the poster's TRESUME. User code may TRESUME only the
 *                     contexts the kernel lets it TFORK (TMask): under the Kasane kernel not
 *                     context 0, where main runs; a forker there waits in join as SHADOW_MWAIT
 *                     (also asleep, issuing nothing) instead.
 *
 * A shadow is driven by one forking thread at a time (fork, join, set_policy and destroy are
 * not thread-safe with each other); different shadows are independent. The jobs run on
 * SHADOW_STACK_SIZE-byte stacks (minus a few hundred bytes of bookkeeping at the top), without
 * a guard page. */
#ifndef _SHADOW_H
#define _SHADOW_H

/* Wait policies. */
#define SHADOW_SPIN 0
#define SHADOW_MWAIT 1
#define SHADOW_TWO_PHASE 2
#define SHADOW_SUSPEND 3

#define SHADOW_FOREVER (~0UL)    /* a two-phase threshold that never gives up spinning */
#define SHADOW_MAX_SIBLINGS 15   /* a core has at most 16 contexts, one of them the forker's */
#define SHADOW_STACK_SIZE 65536  /* bytes of stack (and bookkeeping) per sibling */

/* Where shadow_create_on puts the siblings, besides a core's number (0..). */
#define SHADOW_SAME_CORE (-2)  /* SMT siblings on the caller's core (TFORK) */
#define SHADOW_OTHER_CORE (-1) /* contexts of any other core (kasane_ctx_start) */

struct shadow_sibling; /* private: runtime/src/shadow/shadow_impl.h */

struct shadow {
  int count;                 /* siblings running (0: every fork runs inline) */
  int policy;                /* how the forker waits in join, and siblings from their next job */
  unsigned long threshold;   /* spins before MWAIT, for SHADOW_TWO_PHASE */
  unsigned long tmask;       /* contexts user code may TRESUME (bit i = LTN i+1) */
  void* region;              /* the siblings' stacks and flags, one mmap */
  unsigned long region_size; /* its length in bytes */
  struct shadow_sibling* sibling[SHADOW_MAX_SIBLINGS];
};

/* Start one sibling that waits with `policy` (threshold: see SHADOW_TWO_PHASE). Returns the
 * number of siblings started, 1 or 0 (no free context: forks will run inline), or -1 with errno
 * EINVAL (unknown policy) or ENOMEM (no memory for the stack; the shadow is then usable with 0
 * siblings). *s must stay in place until shadow_destroy. */
int shadow_create(struct shadow* s, int policy, unsigned long threshold);

/* The same with up to `count` siblings (at most SHADOW_MAX_SIBLINGS): how many started. */
int shadow_create_n(struct shadow* s, int count, int policy, unsigned long threshold);

/* The same with up to `count` siblings on `core`: SHADOW_SAME_CORE, SHADOW_OTHER_CORE or a
 * core's number (the caller's own is SHADOW_SAME_CORE). Another core's siblings are started with
 * kasane_ctx_start, one per context the kernel gives: SHADOW_OTHER_CORE tries the other cores
 * in turn from the one after the caller's. A sibling on another core starts when the kernel
 * gives the process that core (at once if it is idle, else at the end of the running process's
 * slice); forks posted before then wait for it. Spin and MONITOR/MWAIT work the same across
 * cores (a post is a store to shared memory); TRESUME reaches only the caller's own core, so on
 * another core SHADOW_SUSPEND waits as SHADOW_MWAIT, on both sides. How many siblings started,
 * or -1 with errno EINVAL (unknown policy, or a core that does not exist or that the process's
 * affinity excludes) or ENOMEM. */
int shadow_create_on(struct shadow* s, int core, int count, int policy, unsigned long threshold);

/* Run fn(arg) on a waiting sibling: its LTN on the caller's core, or for a sibling of another
 * core its CPU number + 1 (the kernel's name for a context of any core; on one core the two are
 * the same). If no sibling is waiting, fn(arg) has run on the caller when this returns, and the
 * result is 0. */
int shadow_fork(struct shadow* s, void (*fn)(void*), void* arg);

/* Wait until every fn forked on s has returned; what it wrote is then visible to the caller. */
void shadow_join(struct shadow* s);

/* Change the policy (and threshold) from here on: the forker's next join uses it, and so does
 * each sibling from the next job it takes (a sibling already waiting finishes that wait its
 * old way; it is woken either way). 0, or -1 with errno EINVAL for an unknown policy. */
int shadow_set_policy(struct shadow* s, int policy, unsigned long threshold);

/* Join, then end the siblings (each leaves with TEXIT, freeing its context for TFORK) and free
 * their stacks. s may be created again afterwards. */
void shadow_destroy(struct shadow* s);

/* The core's cycle counter, low word (RDHWR $2, which the kernel lets user mode read; it counts
 * every cycle). For timing forks and joins: differences of these wrap correctly as unsigned.
 * The only inline assembly in a public header besides <kasane/kasane_isa.h>: it belongs in a
 * <kasane.h> with the other machine helpers once that exists. */
static inline unsigned long shadow_cycles(void) {
  unsigned long c;
  __asm__ volatile("rdhwr %0, $2" : "=r"(c));
  return c;
}

#endif /* _SHADOW_H */
