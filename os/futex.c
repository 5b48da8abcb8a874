/* futex: FUTEX_WAIT and FUTEX_WAKE (private or not), what a thread library builds its mutexes,
 * condition variables and joins on, and the wake-up of a CLONE_CHILD_CLEARTID joiner when a
 * thread exits (thread.c).
 *
 * A waiter's record is on its own kernel stack, linked in one list, as timed sleeps are
 * (timer.c): no table to run out of. It is keyed by process and user address, not by physical
 * page: no memory is shared between processes, and an untouched page has no frame of its own yet
 * (reads see the shared zero page). The big lock makes WAIT's compare-and-queue one step against
 * WAKE, so no wake-up is lost between them. */
#include "defs.h"
#include "errno.h"
#include "param.h"
#include "proc.h"

#define FUTEX_WAIT 0 /* Linux's operations */
#define FUTEX_WAKE 1
#define FUTEX_PRIVATE_FLAG 128

/* One waiting thread; also the channel it sleeps on. */
struct fwait {
  struct proc* p;
  uint32_t uaddr;
  volatile int woken; /* a WAKE chose it: the wait ends with 0 */
  struct fwait* next;
};
static struct fwait* waiters;

/* Wake up to n (at least one, as Linux) of p's threads waiting on uaddr, oldest first. The
 * number woken. */
int futex_wake(struct proc* p, uint32_t uaddr, int n) {
  int woken = 0;
  for (struct fwait* w = waiters; w; w = w->next) {
    if (w->p != p || w->uaddr != uaddr || w->woken) continue;
    w->woken = 1;
    wakeup(w);
    if (++woken >= n) break;
  }
  return woken;
}

struct timespec32 {
  int32_t tv_sec, tv_nsec;
};

/* Wait on uaddr while it holds val, for at most the relative time at utimeout (none if 0). */
static int32_t futex_wait(struct proc* p, uint32_t uaddr, uint32_t val, uint32_t utimeout) {
  uint64_t when = ~0ull;
  if (utimeout) {
    struct timespec32 ts;
    if (copyin(&p->vm, &ts, utimeout, sizeof ts) < 0) return -EFAULT;
    if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000) return -EINVAL;
    /* Seconds and nanoseconds apart, as nanosleep: no overflow. */
    when = cycles() + (uint64_t)ts.tv_sec * clock_khz * 1000 +
           (uint64_t)ts.tv_nsec * clock_khz / 1000000;
  }
  uint32_t cur;
  if (copyin(&p->vm, &cur, uaddr, 4) < 0) return -EFAULT;
  if (cur != val) return -EAGAIN;
  struct fwait w = {p, uaddr, 0, waiters};
  waiters = &w;
  struct kthread* kt = mykt();
  if (utimeout) {
    timer_wait(when, &w, &w.woken);
  } else {
    kt->interruptible = 1;
    while (!w.woken && !interrupted(kt)) {
      sleep(&w);
      kt = mykt(); /* a kernel notification may have detached the call */
    }
    kt->interruptible = 0;
  }
  struct fwait** pp = &waiters;
  while (*pp != &w) pp = &(*pp)->next;
  *pp = w.next;
  if (w.woken) return 0;
  return utimeout && cycles() >= when ? -ETIMEDOUT : -EINTR;
}

/* futex(uaddr, op, val, timeout, uaddr2, val3): FUTEX_WAIT (sleep while *uaddr == val; 0 when
 * woken, -EAGAIN if it differs, -ETIMEDOUT, -EINTR for a signal) and FUTEX_WAKE (wake up to val
 * waiters; how many), each with or without FUTEX_PRIVATE_FLAG; -ENOSYS for other operations,
 * -EINVAL for an unaligned uaddr, -EFAULT for one not readable. */
int32_t sys_futex(void) {
  struct proc* p = myproc();
  uint32_t uaddr, op, val, utimeout;
  argaddr(0, &uaddr);
  argint(1, &op);
  argint(2, &val);
  argaddr(3, &utimeout);
  uint32_t cmd = op & ~(uint32_t)FUTEX_PRIVATE_FLAG;
  if (cmd != FUTEX_WAIT && cmd != FUTEX_WAKE) return -ENOSYS;
  if (uaddr % 4) return -EINVAL;
  if (cmd == FUTEX_WAIT) return futex_wait(p, uaddr, val, utimeout);
  if (!uvm_accessok(&p->vm, uaddr, 4, 0)) return -EFAULT;
  return futex_wake(p, uaddr, (int32_t)val);
}
