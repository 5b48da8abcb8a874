/* Charging CPU time (usage.c says how it is kept), inline: every trap charges twice, on entry
 * (trap.c: the time since the thread left the kernel was its own) and on the way out (the time
 * since was the kernel's), and every context change once (sched.c). */
#ifndef KASANE_OS_USAGE_H
#define KASANE_OS_USAGE_H

#include "mips.h"
#include "proc.h"

/* Charge running kernel thread kt with the cycles since its last mark, as user time if user or
 * kernel time, and mark now. The thread alone is charged: a process's time is the sum of its
 * threads' (usage_proc), as few instructions as can be on a path every trap takes. A parked call
 * (notify.c: ltn 0, a kernel thread of the pool that serves any process) is kernel time of its
 * process, charged there at once; one that has finished has no process left to charge. */
static inline void usage_charge(struct kthread* kt, int user) {
  uint32_t now = c0_read(CP0_COUNT);
  uint32_t d = now - kt->mark;
  kt->mark = now;
  if (user) {
    kt->utime += d;
  } else if (kt->ltn) {
    kt->stime += d;
  } else if (kt->proc) {
    kt->proc->stime += d;
  }
}

/* kt gets a context: its clock runs from now. */
static inline void usage_start(struct kthread* kt) { kt->mark = c0_read(CP0_COUNT); }

#endif /* KASANE_OS_USAGE_H */
