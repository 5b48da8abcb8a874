/* Time: each core's context 0 has its own Count/Compare timer, which ends that core's time
 * slices (in context mode every CPU's, each its own: ctxsched.c); CPU 0's also wakes the timed
 * sleeps and sends the interval timers' SIGALRMs (one list for the machine). The clock that
 * clock_gettime reads is the 64-bit cycle counter, which every core shares.
 *
 * A core's context 0 keeps Compare at the earlier of the end of its time slice and (core 0) the
 * earliest timed sleep, so a run with one process and no sleeps takes one timer interrupt per
 * slice.
 *
 * Timed sleeps have no table to run out of: each sleeper's record lives in its own kernel stack
 * frame and is linked into a list sorted by wake-up cycle, so any number of threads may sleep. A
 * kernel notification that detaches the call moves the whole stack page, so the record's address
 * stays valid. */
#include "defs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

/* One timed sleep, on its sleeper's kernel stack. */
struct tsleep {
  uint64_t when;       /* wake-up cycle */
  int fired;           /* the interrupt has woken its sleeper, which has not yet unlinked it */
  struct tsleep* next; /* the next later (or equal) wake-up */
  void* chan;          /* what its sleeper sleeps on: the record itself, or timer_wait's */
};
static struct tsleep* sleeps; /* every timed sleep, earliest first */

uint32_t clock_khz; /* the core clock, from the boot information */

/* Program Compare for the next event: the slice end if the process must give up the core (another
 * is ready, or its affinity excludes the core) or its clone threads wait for a context, or the earliest
 * timed sleep. With neither, the timer stays masked, so a guest whose contexts all wait for each
 * other is seen as deadlocked rather than woken every slice for nothing. */
static void arm(void) {
  struct core* c = mycore();
  int due = c->proc && (switch_due(c->proc) || (nuthreads && uthread_waiting()));
  uint64_t next = due ? c->slice_end : ~0ull;
  uint64_t alarm = cpuid() == 0 ? itimer_next() : ~0ull; /* itimer.c: the earliest SIGALRM due */
  if (alarm < next) next = alarm;
  for (struct tsleep* t = cpuid() == 0 ? sleeps : 0; t; t = t->next) { /* fired ones first */
    if (t->fired) continue;
    if (t->when < next) next = t->when;
    break;
  }
  c->timer_on = next != ~0ull;
  if (!c->timer_on) { /* acknowledge a pending interrupt; the next match is 2^32 cycles away */
    c0_write(CP0_COMPARE, c0_read(CP0_COUNT) - 1);
    return;
  }
  uint64_t now = cycles();
  if (next <= now) next = now + 16;           /* already due: interrupt almost at once */
  if (next - now > 0x40000000u) next = now + 0x40000000u; /* Compare is 32 bits */
  uint32_t compare = (uint32_t)next;
  c0_write(CP0_COMPARE, compare);            /* also acknowledges the timer interrupt */
  /* Count may have passed Compare while we got here (the loop above takes a while): then the
   * match, and the interrupt, would come only when Count wraps, 2^32 cycles later. */
  while ((int32_t)(c0_read(CP0_COUNT) - compare) >= 0) {
    compare = c0_read(CP0_COUNT) + 64;
    c0_write(CP0_COMPARE, compare);
  }
}

/* Something changed what the timer must wait for (a process became ready): re-arm. */
void timer_rearm(void) { arm(); }

/* A new time slice starts for the process switched to. A core's context 0 only. */
void timer_newslice(void) {
  mycore()->slice_end = cycles() + TIMESLICE;
  arm();
}

/* The timer interrupt on a core's context 0: wake the timed sleeps that are due (core 0), and
 * end the slice if it is over (the scheduler switches processes if another is ready and the policy
 * chooses it: nextproc.c, slice_over). */
void timer_intr(void) {
  uint64_t now = cycles();
  struct core* c = mycore();
  for (struct tsleep* t = cpuid() == 0 ? sleeps : 0; t && t->when <= now; t = t->next) {
    if (t->fired) continue;
    /* The record stays linked until its sleeper has run and unlinked it (it is on that
     * sleeper's stack). Woken by channel: a kernel notification may have moved the sleep to a
     * detached thread. */
    t->fired = 1;
    wakeup(t->chan);
  }
  if (cpuid() == 0) itimer_expire(now);
  if (now >= c->slice_end) {
    c->slice_end = now + TIMESLICE;
    if (c->proc && slice_over(c->proc)) c->want_switch = 1;
    if (nuthreads) uthread_tick(); /* clone threads waiting for a context take turns */
    struct kthread* kt0 = c->proc ? ktof(c->proc, coreid(), 0) : 0;
    if (kt0 && kt0->state == KT_RUNNING) notify_preempt(kt0);
  }
  arm();
}

/* Sleep on chan until cycle `when` (~0: no limit), or until *done is set (whoever sets it wakes
 * chan), if done is not 0. Returns early (-1) if the process is killed, a signal arrives or *done is set; 0 when
 * the time has come. chan 0: the sleep's own record, which nothing else knows (nanosleep). */
int timer_wait(uint64_t when, void* chan, volatile int* done) {
  struct tsleep t = {when, 0, 0, chan};
  if (chan == 0) t.chan = &t;
  struct tsleep** pp = &sleeps;
  while (*pp && (*pp)->when <= when) pp = &(*pp)->next;
  t.next = *pp;
  *pp = &t;
  struct kthread* kt = mykt();
  if (cpuid() == 0) arm(); else kick_cpu(0); /* core 0's context 0 re-arms in its handler */
  kt->interruptible = 1;
  while (cycles() < when && !interrupted(kt) && !(done && *done)) {
    sleep(t.chan);
    kt = mykt(); /* a kernel notification may have detached the call */
  }
  kt->interruptible = 0;
  for (pp = &sleeps; *pp != &t; pp = &(*pp)->next) {
  }
  *pp = t.next;
  return cycles() < when || (done && *done) ? -1 : 0;
}

/* Sleep until cycle `when` (nanosleep). Returns early (-1) if the process is killed or a signal
 * arrives; 0 when the time has come. */
int timer_sleep_until(uint64_t when) { return timer_wait(when, 0, 0); }
