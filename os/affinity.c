/* Affinity: the cores a process may run on (sched_setaffinity, sched_getaffinity).
 *
 * A CPU in these calls is a core, not a hardware context: a process is gang-scheduled per core,
 * owning every context of a core it is on (sched.c), so the only choice left to it is which
 * cores. proc.affinity holds bit c for core c; a new process has its parent's (as a Linux child
 * after fork), the first process every core. The scheduler picks a process only on a core it
 * allows (sched.c, ready), and a core whose process no longer allows it lets the process go at
 * its next slice end (switch_due), or at once if the process leaves the core idle. A killed
 * process runs out wherever it is: ending it must not wait for an allowed core. */
#include "defs.h"
#include "errno.h"
#include "param.h"
#include "proc.h"

/* The affinity mask's bytes in a cpu_set_t that the kernel reads and writes: one word, enough
 * for every core (NCTX of them at most), as Linux's cpumask_size() for so few CPUs. */
#define MASKBYTES 4
_Static_assert(NCTX <= 8 * MASKBYTES, "one word of affinity must name every core");

/* Every core of the machine (in context mode, every CPU: there a CPU is a context, as on Linux). */
uint32_t allcores(void) {
  int n = ctxmode ? ncpus : ncores;
  return n >= 32 ? ~0u : (1u << n) - 1;
}

/* Whether p may be on core c. */
int affinity_allows(const struct proc* p, int c) { return (p->affinity >> c) & 1; }

/* The process pid names (0: the caller), living or a zombie, or 0. */
static struct proc* affinity_target(uint32_t pid) {
  if (pid == 0) return myproc();
  for (struct proc* p = proc; p < &proc[NPROC]; p++)
    if (p->state != UNUSED && p->pid == (int)pid) return p;
  return 0;
}

/* sched_setaffinity(pid, size, mask): process pid may run on the cores of the size-byte *mask
 * that exist. As Linux: the mask is read first (EFAULT), then the process found (ESRCH); a mask
 * with no existing core is EINVAL. Bytes past the first word are not read. */
int32_t sys_sched_setaffinity(void) {
  uint32_t pid, size, umask, mask = 0;
  argint(0, &pid);
  argint(1, &size);
  argaddr(2, &umask);
  uint32_t n = MIN(size, MASKBYTES);
  if (n && copyin(myproc()->vm, &mask, umask, n) < 0) return -EFAULT;
  struct kthread* t = balance_thread(pid); /* a clone thread's own mask (balance.c) */
  struct proc* p = t ? t->proc : affinity_target(pid);
  if (p == 0) return -ESRCH;
  mask &= allcores();
  if (mask == 0) return -EINVAL;
  if (t) {
    balance_setaffinity(t, mask);
    return 0;
  }
  p->affinity = mask;
  /* Its core's anchor re-arms its timer for the slice end (switch_due), and an idle core it
   * may now use looks for it. */
  if (p->state == USED) kick_proc(p);
  return 0;
}

/* sched_getaffinity(pid, size, mask): process pid's cores into *mask; the bytes written, as
 * Linux's raw call (EINVAL first for a size too small for every core or not whole words). */
int32_t sys_sched_getaffinity(void) {
  uint32_t pid, size, umask;
  argint(0, &pid);
  argint(1, &size);
  argaddr(2, &umask);
  if (size * 8 < (uint32_t)(ctxmode ? ncpus : ncores) || size % sizeof(uint32_t)) return -EINVAL;
  struct kthread* t = balance_thread(pid);
  struct proc* p = t ? t->proc : affinity_target(pid);
  if (p == 0) return -ESRCH;
  uint32_t mask = t ? balance_getaffinity(t) : p->affinity;
  if (copyout(myproc()->vm, umask, &mask, MASKBYTES) < 0) return -EFAULT;
  return MASKBYTES;
}
