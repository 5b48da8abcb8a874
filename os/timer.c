/* Time: context 0's Count/Compare timer ends time slices and wakes timed sleeps; the clock that
 * clock_gettime reads is the core's 64-bit cycle counter.
 *
 * Context 0 keeps Compare at the earlier of the end of the current time slice and the earliest
 * timed sleep, so a run with one process and no sleeps takes one timer interrupt per slice. */
#include "defs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

static uint64_t slice_end;        /* cycle at which the current time slice ends */
static struct {
  uint64_t when; /* wake-up cycle, 0 = slot free */
  int fired;     /* the interrupt has woken its sleeper, which has not yet freed the slot */
} timed[NPROC * 2 + NPARKED];

uint32_t clock_khz; /* the core clock, from the boot information */

int timer_on; /* context 0 takes timer interrupts: a timed sleep or another process waits */

/* Program Compare for the next event: the slice end if another process is ready, or the earliest
 * timed sleep. With neither, the timer stays masked, so a guest whose contexts all wait for each
 * other is seen as deadlocked rather than woken every slice for nothing. */
static void arm(void) {
  uint64_t next = curproc && nextready(curproc) ? slice_end : ~0ull;
  uint64_t alarm = itimer_next(); /* itimer.c: the earliest SIGALRM due */
  if (alarm < next) next = alarm;
  for (uint32_t i = 0; i < NELEM(timed); i++)
    if (timed[i].when && !timed[i].fired && timed[i].when < next) next = timed[i].when;
  timer_on = next != ~0ull;
  if (!timer_on) { /* acknowledge a pending interrupt; the next match is 2^32 cycles away */
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

/* A new time slice starts for the process switched to. Context 0 only. */
void timer_newslice(void) {
  slice_end = cycles() + TIMESLICE;
  arm();
}

/* The timer interrupt on context 0: wake the timed sleeps that are due, and end the slice if it
 * is over (the scheduler switches processes if another is ready). */
void timer_intr(void) {
  uint64_t now = cycles();
  for (uint32_t i = 0; i < NELEM(timed); i++) {
    if (timed[i].when && !timed[i].fired && timed[i].when <= now) {
      /* The slot stays taken until its sleeper has run and freed it: freed here, a new sleeper
       * could take it and then lose it to the old one's clean-up. Woken by channel: a kernel
       * notification may have moved the sleep to a detached thread. */
      timed[i].fired = 1;
      wakeup(&timed[i]);
    }
  }
  itimer_expire(now);
  if (now >= slice_end) {
    slice_end = now + TIMESLICE;
    if (curproc && nextready(curproc)) want_switch = 1;
    if (curproc && curproc->kt[0].state == KT_RUNNING) notify_preempt(&curproc->kt[0]);
  }
  arm();
}

/* Sleep until cycle `when` (nanosleep). Returns early (-1) if the process is killed or a signal
 * arrives; 0 when the time has come. */
int timer_sleep_until(uint64_t when) {
  uint32_t i = 0;
  while (i < NELEM(timed) && timed[i].when) i++;
  if (i == NELEM(timed)) panic("timer_sleep_until: more than %u timed sleeps", NELEM(timed));
  struct kthread* kt = mykt();
  timed[i].when = when;
  timed[i].fired = 0;
  if (cpuid() == 0) arm(); else kick(0); /* context 0 re-arms in its interrupt handler */
  kt->interruptible = 1;
  while (cycles() < when && !interrupted(kt->proc)) {
    sleep(&timed[i]);
    kt = mykt(); /* a kernel notification may have detached the call */
  }
  kt->interruptible = 0;
  timed[i].when = 0;
  return cycles() < when ? -1 : 0;
}
