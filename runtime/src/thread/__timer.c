/* __timer - how the library waits for long: timed waiters kept switched out until their
 * deadline, and contexts that sleep in MWAIT until they are kicked or the next deadline.
 *
 * A waiting context must sleep, not poll: kasane-sim skips the cycles in which no context runs,
 * so a program whose threads sleep for a simulated second costs almost no host time, while one
 * poll every so often keeps the core busy and makes each of those cycles count. So a timed waiter
 * (__timed_block) gives its context away like any waiter and goes on __timers; whoever has
 * nothing to run (the idle thread, __idle_nap) sleeps with MWAIT until the earliest deadline and
 * makes the due waiters ready. A thread made ready meanwhile kicks a sleeping context
 * (__kick_napper: a store to its word in __ctx_kick ends the MWAIT). */
#include <time.h>

#include "pthread_impl.h"

struct __kick __ctx_kick[NCTX];
volatile int __napping;
struct __pthread* __timers;

long long __clock_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  return (long long)now.tv_sec * 1000000000 + now.tv_nsec;
}

void __timer_add(struct __pthread* t) {
  t->tnext = __timers;
  __timers = t;
  __kick_napper(); /* a context asleep until a later deadline must look again */
}

void __timer_del(struct __pthread* t) {
  for (struct __pthread** p = &__timers; *p; p = &(*p)->tnext) {
    if (*p == t) {
      *p = t->tnext;
      return;
    }
  }
}

void __wake_timed(struct __pthread* t) {
  t->timed_woken = 1; /* it looks when it runs (__timed_block) */
  if (t->state == ST_WAITING) {
    __timer_del(t);
    __make_ready(t);
  }
}

long long __timers_expire(void) {
  if (!__timers) return -1;
  long long now = __clock_ns(), next = -1;
  struct __pthread** p = &__timers;
  while (*p) {
    struct __pthread* t = *p;
    if (t->deadline <= now) {
      *p = t->tnext;
      __make_ready(t); /* it finds its deadline passed and times out itself */
      continue;
    }
    if (next < 0 || t->deadline - now < next) next = t->deadline - now;
    p = &t->tnext;
  }
  return next;
}

/* No barrier of its own: a kicker holding the lock is ordered with nappers by the lock (they set
 * their bit under it); one that does not (a notification handler) has just pushed the thread with
 * a barrier after the push (__push_unblocked). A barrier here cost a conventional pthread_create
 * some 600 cycles at memory latency 18. */
int __kick_napper(void) {
  for (;;) {
    int m = __napping;
    if (!m) return 0;
    int bit = m & -m;
    if (a_cas(&__napping, m, m & ~bit) == m) {
      __ctx_kick[__builtin_ctz(bit)].word = 1;
      return 1;
    }
  }
}

/* Cycles per microsecond of the core clock, measured once (0 until then): MWAIT counts cycles,
 * deadlines are in ns, and the clock is a config key. clock_gettime is the cycle counter scaled
 * by the kernel, so two readings 20,000 cycles apart give the ratio; the 2% taken off makes a
 * sleep end a little early rather than late (the sleeper then sleeps the rest). */
static unsigned cycles_per_us;

static unsigned long ns_to_cycles(long long ns) {
  if (!cycles_per_us) {
    long long t0 = __clock_ns();
    unsigned long c0 = kasane_cycles(), c1;
    while ((c1 = kasane_cycles()) - c0 < 20000) {
    }
    long long dt = __clock_ns() - t0;
    unsigned r = dt > 0 ? (unsigned)((long long)(c1 - c0) * 1000 * 98 / 100 / dt) : 1000;
    cycles_per_us = r ? r : 1;
  }
  long long c = ns / 1000 * cycles_per_us + 1;
  return c < (long long)NAP_DEADLINE_CAP ? (unsigned long)c : NAP_DEADLINE_CAP;
}

/* (locked) The nap itself; returns unlocked. The bit goes up and the look is taken under the lock
 * (see __kick_napper), the monitor armed before either, so any store to the kick word after the
 * look ends the MWAIT. */
static int nap_locked(int idx, unsigned long cycles, int (*done)(const void* arg),
                      const void* arg) {
  int bit = 1 << idx;
  kasane_monitor((unsigned long)&__ctx_kick[idx].word);
  a_fetch_or(&__napping, bit);
  a_barrier(); /* the bit before our look, for kickers without the lock */
  int go = done(arg);
  __sched_unlock();
  int r = go ? 0 : (int)kasane_mwait(cycles, 0);
  a_fetch_and(&__napping, ~bit);
  return r;
}

int __ctx_nap(int idx, long long ns, int (*done)(const void* arg), const void* arg) {
  unsigned long cycles = ns < 0 ? NAP_CAP : ns_to_cycles(ns);
  __sched_lock_take();
  int r = nap_locked(idx, cycles, done, arg);
  if (r == MWAIT_TIMEOUT && ns < 0) __kernel_check();
  return r;
}

static int work(const void* arg) {
  (void)arg;
  return __ready_nonempty();
}

void __idle_nap(int idx) {
  long long next = __timers_expire();
  if (__ready_nonempty()) return;
  unsigned long cycles = next < 0 ? NAP_CAP : ns_to_cycles(next);
  if (nap_locked(idx, cycles, work, 0) == MWAIT_TIMEOUT && next < 0) __kernel_check();
  __sched_lock_take();
}
