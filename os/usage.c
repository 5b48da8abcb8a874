/* CPU time: what each thread and process spent in user mode and in the kernel, split where the
 * thread enters and leaves the kernel (trap.c) and where it gives up or gets its context
 * (sched.c), counted in cycles of the core's Count register (the low word of the machine's cycle
 * counter: one mfc0, where the 64-bit counter is two uncached loads on every trap). A charge
 * covers the cycles since the thread's last mark, so an interval must stay below 2^32 cycles
 * (4.3 s at 1 GHz): a context that computes longer without one trap undercounts. A context the
 * runtime starts with TFORK runs user code the kernel never sees begin: its time counts from the
 * kernel's last mark on that context. The charging itself is usage.h's, inline on the trap
 * path; here are the calls, times and getrusage (the CPU-time clocks are systime.c's). */
#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"
#include "usage.h"

#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)
#define RUSAGE_THREAD 1
#define USER_HZ 100 /* times()'s clock ticks per second: AT_CLKTCK (exec.c) */

/* The CPU time of process p, user and kernel, in *u and *s: what its ended clone threads and its
 * parked calls left in proc.utime and proc.stime, and what its live threads have (its bound
 * kernel threads, which live as long as it does, and its clone threads). */
static void usage_proc(struct proc* p, uint64_t* u, uint64_t* s) {
  *u = p->utime, *s = p->stime;
  for (int n = 0; n < ncpus; n++) *u += p->kt[n].utime, *s += p->kt[n].stime;
  if (p->nthreads) uthread_cputime(p, u, s);
}

/* Zombie c has been waited for: its time, and that of its own waited-for children, joins its
 * parent's children's (RUSAGE_CHILDREN, tms_cutime), as on Linux. */
void usage_reaped(struct proc* c) {
  struct proc* parent = c->parent;
  if (parent == 0) return;
  uint64_t u, s;
  usage_proc(c, &u, &s);
  parent->cutime += u + c->cutime;
  parent->cstime += s + c->cstime;
}

/* Cycles as a struct timeval of two longs at tv. */
static void timeval(uint64_t cyc, int32_t* tv) {
  uint64_t hz = (uint64_t)clock_khz * 1000;
  tv[0] = (int32_t)(cyc / hz);
  tv[1] = (int32_t)(cyc % hz * 1000 / clock_khz);
}

/* Fill ru, an o32 struct rusage (ru_utime, ru_stime, then 14 longs, zeroed by the caller), with
 * the CPU time of p (RUSAGE_SELF), its waited-for children (RUSAGE_CHILDREN) or both
 * (RUSAGE_BOTH, what wait4 reports of a child). The other fields stay 0: the kernel keeps no
 * page-fault, I/O or context-switch counts. */
void usage_rusage(struct proc* p, int who, int32_t* ru) {
  uint64_t u = 0, s = 0;
  if (who != RUSAGE_CHILDREN) usage_proc(p, &u, &s);
  if (who != RUSAGE_SELF) u += p->cutime, s += p->cstime;
  timeval(u, ru);
  timeval(s, ru + 2);
}

/* The CPU time of process p (if kt is 0) or of thread kt, in cycles, up to now for the calling
 * thread (its time in this call so far counts as kernel time). */
uint64_t usage_cpu(struct proc* p, struct kthread* kt) {
  struct kthread* me = mykt();
  if (kt == me || (kt == 0 && p == me->proc)) usage_charge(me, 0);
  if (kt) return kt->utime + kt->stime;
  uint64_t u, s;
  usage_proc(p, &u, &s);
  return u + s;
}

/* getrusage(who, ru): RUSAGE_SELF (every thread of the process), RUSAGE_CHILDREN (the children
 * waited for, and theirs), RUSAGE_THREAD (the calling thread); see usage_rusage. 0; -EINVAL for
 * another who, -EFAULT. */
int32_t sys_getrusage(void) {
  uint32_t who, uru;
  argint(0, &who), argaddr(1, &uru);
  struct kthread* kt = mykt();
  int32_t ru[18];
  memset(ru, 0, sizeof ru);
  if ((int32_t)who == RUSAGE_THREAD) {
    usage_charge(kt, 0);
    timeval(kt->utime, ru);
    timeval(kt->stime, ru + 2);
  } else if ((int32_t)who == RUSAGE_SELF || (int32_t)who == RUSAGE_CHILDREN) {
    usage_charge(kt, 0);
    usage_rusage(kt->proc, (int32_t)who, ru);
  } else {
    return -EINVAL;
  }
  return copyout(kt->proc->vm, uru, ru, sizeof ru) < 0 ? -EFAULT : 0;
}

/* Cycles in times()'s clock ticks. */
static int32_t ticks(uint64_t cyc) { return (int32_t)(cyc / ((uint64_t)clock_khz * 1000 / USER_HZ)); }

/* times(buf): the process's user and system time and its waited-for children's, in clock ticks
 * (USER_HZ), at buf unless 0; the ticks since boot (as Linux: a count that may wrap). -EFAULT. */
int32_t sys_times(void) {
  uint32_t ubuf;
  argaddr(0, &ubuf);
  struct kthread* kt = mykt();
  struct proc* p = kt->proc;
  usage_charge(kt, 0);
  uint64_t u, s;
  usage_proc(p, &u, &s);
  int32_t tms[4] = {ticks(u), ticks(s), ticks(p->cutime), ticks(p->cstime)};
  if (ubuf && copyout(p->vm, ubuf, tms, sizeof tms) < 0) return -EFAULT;
  return ticks(cycles());
}
