/* Charging CPU time (usage.c says how it is kept), inline: every trap charges twice, on entry
 * (trap.c: the time since the thread left the kernel was its own) and on the way out (the time
 * since was the kernel's), and every context change once (sched.c). */
#ifndef KASANE_OS_USAGE_H
#define KASANE_OS_USAGE_H

#include "mips.h"
#include "proc.h"

/* Charge running kernel thread kt with the cycles since its last mark, as user time if user or
 * kernel time, and mark now. A parked call that has finished (notify.c) has no process left to
 * charge. */
static inline void usage_charge(struct kthread* kt, int user) {
  uint32_t now = c0_read(CP0_COUNT);
  uint32_t d = now - kt->mark;
  struct proc* p = kt->proc;
  kt->mark = now;
  if (user) {
    kt->utime += d;
    if (p) p->utime += d;
  } else {
    kt->stime += d;
    if (p) p->stime += d;
  }
}

/* kt gets a context: its clock runs from now. */
static inline void usage_start(struct kthread* kt) { kt->mark = c0_read(CP0_COUNT); }

#endif /* KASANE_OS_USAGE_H */
