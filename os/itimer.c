/* The real-time interval timer, ITIMER_REAL: setitimer, getitimer and alarm arm it, and when it
 * expires the process gets SIGALRM (then it reloads from the interval, or stops).
 *
 * One timer per process slot, kept here rather than in struct proc: the slot's pid says whose it
 * is, so a timer left by a process that has ended is simply not its successor's (pids are never
 * reused). Expiry is a cycle count, like the timed sleeps of timer.c, whose Compare programming
 * asks itimer_next() for the earliest one and whose interrupt calls itimer_expire(). Values are
 * converted at the core clock (clock_khz); a microsecond value rounds up to a whole cycle. */
#include <kasane/signo.h>

#include "defs.h"
#include "errno.h"
#include "param.h"
#include "proc.h"

#define ITIMER_REAL 0

struct kitimerval { /* struct itimerval, o32: two struct timeval of two 32-bit words */
  int32_t interval_sec, interval_usec;
  int32_t value_sec, value_usec;
};

static struct {
  int pid;           /* the owner; 0 = none */
  uint64_t when;     /* expiry cycle; 0 = disarmed */
  uint64_t interval; /* reload in cycles; 0 = one shot */
} itimers[NPROC];

/* (Seconds and the rest apart: 2^31 s in cycles fits 64 bits, in cycles * 1000 it would not.) */
static uint64_t to_cycles(uint32_t sec, uint32_t usec) {
  return (uint64_t)sec * clock_khz * 1000 + ((uint64_t)usec * clock_khz + 999) / 1000;
}

static void to_timeval(uint64_t cycles, int32_t* sec, int32_t* usec) {
  uint64_t per_sec = (uint64_t)clock_khz * 1000;
  *sec = (int32_t)(cycles / per_sec);
  *usec = (int32_t)(cycles % per_sec * 1000 / clock_khz);
}

/* The timer of p's slot, disarmed first if it belonged to an earlier process there. */
static int slot(struct proc* p) {
  int i = (int)(p - proc);
  if (itimers[i].pid != p->pid) {
    itimers[i].pid = p->pid;
    itimers[i].when = itimers[i].interval = 0;
  }
  return i;
}

/* The earliest expiry of a live process's timer, ~0 if none. */
uint64_t itimer_next(void) {
  uint64_t next = ~0ull;
  for (int i = 0; i < NPROC; i++) {
    if (!itimers[i].when) continue;
    if (proc[i].state != USED || proc[i].pid != itimers[i].pid) {
      itimers[i].when = 0; /* its process has ended */
      continue;
    }
    if (itimers[i].when < next) next = itimers[i].when;
  }
  return next;
}

/* Called by the timer interrupt: send SIGALRM for every timer due at cycle now and reload it. */
void itimer_expire(uint64_t now) {
  for (int i = 0; i < NPROC; i++) {
    if (!itimers[i].when || itimers[i].when > now) continue;
    if (proc_kill(itimers[i].pid, SIGALRM, 0, 0) < 0 || !itimers[i].interval) {
      itimers[i].when = 0;
      continue;
    }
    itimers[i].when += itimers[i].interval;
    if (itimers[i].when <= now) itimers[i].when = now + itimers[i].interval; /* missed some */
  }
}

/* The current setting of p's timer. */
static struct kitimerval current(struct proc* p) {
  int i = slot(p);
  struct kitimerval v = {0, 0, 0, 0};
  uint64_t now = cycles();
  if (itimers[i].when) {
    uint64_t left = itimers[i].when > now ? itimers[i].when - now : 1;
    to_timeval(left, &v.value_sec, &v.value_usec);
    if (v.value_sec == 0 && v.value_usec == 0) v.value_usec = 1; /* armed: never reads as 0 */
  }
  to_timeval(itimers[i].interval, &v.interval_sec, &v.interval_usec);
  return v;
}

static void arm(struct proc* p, const struct kitimerval* v) {
  int i = slot(p);
  uint64_t value = to_cycles((uint32_t)v->value_sec, (uint32_t)v->value_usec);
  itimers[i].when = value ? cycles() + value : 0;
  itimers[i].interval = to_cycles((uint32_t)v->interval_sec, (uint32_t)v->interval_usec);
  if (cpuid() == 0) timer_rearm(); else kick_cpu(0); /* core 0's context 0 programs Compare */
}

static int valid(const struct kitimerval* v) {
  return v->interval_sec >= 0 && v->value_sec >= 0 && v->interval_usec >= 0 &&
         v->interval_usec < 1000000 && v->value_usec >= 0 && v->value_usec < 1000000;
}

/* setitimer(which, new, old): arm ITIMER_REAL from *new (it_value 0 disarms; NULL, as Linux
 * takes it, too), the old setting in *old unless NULL; 0. EINVAL for another timer or a bad
 * value. */
int32_t sys_setitimer(void) {
  struct proc* p = myproc();
  uint32_t which, unew, uold;
  argint(0, &which);
  argint(1, &unew);
  argint(2, &uold);
  if (which != ITIMER_REAL) return -EINVAL;
  struct kitimerval v = {0, 0, 0, 0}, old = current(p);
  if (unew && copyin(p->vm, &v, unew, sizeof v) < 0) return -EFAULT;
  if (!valid(&v)) return -EINVAL;
  if (uold && copyout(p->vm, uold, &old, sizeof old) < 0) return -EFAULT;
  arm(p, &v);
  return 0;
}

/* getitimer(which, cur): the time left (0 if disarmed) and the interval; 0. */
int32_t sys_getitimer(void) {
  struct proc* p = myproc();
  uint32_t which, ucur;
  argint(0, &which);
  argint(1, &ucur);
  if (which != ITIMER_REAL) return -EINVAL;
  struct kitimerval v = current(p);
  if (copyout(p->vm, ucur, &v, sizeof v) < 0) return -EFAULT;
  return 0;
}

/* alarm(seconds): a one-shot ITIMER_REAL (0 disarms); the seconds the old one had left, rounded
 * to the nearest and at least 1 if it was armed, as Linux answers. */
int32_t sys_alarm(void) {
  struct proc* p = myproc();
  uint32_t seconds;
  argint(0, &seconds);
  struct kitimerval old = current(p), v = {0, 0, (int32_t)seconds, 0};
  if (v.value_sec < 0) v.value_sec = 0x7fffffff;
  arm(p, &v);
  int32_t left = old.value_sec + (old.value_usec >= 500000);
  if (left == 0 && old.value_usec) left = 1;
  return left;
}
