/* futex and futex_time64: FUTEX_WAIT and FUTEX_WAKE and their BITSET forms (private or not),
 * what a thread library (the runtime's kernel backend, glibc's NPTL) builds its mutexes,
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
#define FUTEX_WAIT_BITSET 9
#define FUTEX_WAKE_BITSET 10
#define FUTEX_PRIVATE_FLAG 128
#define FUTEX_CLOCK_REALTIME 256
#define FUTEX_BITSET_MATCH_ANY 0xffffffffu

/* One waiting thread; also the channel it sleeps on. */
struct fwait {
  struct proc* p;
  uint32_t uaddr;
  uint32_t bitset;    /* FUTEX_WAIT_BITSET's; FUTEX_WAIT waits with every bit */
  volatile int woken; /* a WAKE chose it: the wait ends with 0 */
  struct fwait* next;
};
static struct fwait* waiters;

/* Wake up to n (at least one, as Linux) of p's threads waiting on uaddr whose bitset shares a
 * bit with bitset, oldest first. The number woken. */
static int wake_bits(struct proc* p, uint32_t uaddr, int n, uint32_t bitset) {
  int woken = 0;
  for (struct fwait* w = waiters; w; w = w->next) {
    if (w->p != p || w->uaddr != uaddr || w->woken || !(w->bitset & bitset)) continue;
    w->woken = 1;
    wakeup(w);
    if (++woken >= n) break;
  }
  return woken;
}

int futex_wake(struct proc* p, uint32_t uaddr, int n) {
  return wake_bits(p, uaddr, n, FUTEX_BITSET_MATCH_ANY);
}

struct timespec32 {
  int32_t tv_sec, tv_nsec;
};

/* The cycle a timeout at utimeout names: relative to now (FUTEX_WAIT), or absolute
 * (FUTEX_WAIT_BITSET), on CLOCK_MONOTONIC (the time since the machine started) or, if realtime,
 * CLOCK_REALTIME (os.epoch ahead of it: systime.c). ts64: a struct __kernel_timespec of two
 * 64-bit words (futex_time64), else two 32-bit words. 0, -EFAULT or -EINVAL. */
static int timeout_cycle(struct proc* p, uint32_t utimeout, int ts64, int absolute, int realtime,
                         uint64_t* when) {
  int64_t sec, nsec;
  if (ts64) {
    int64_t ts[2];
    if (copyin(p->vm, ts, utimeout, sizeof ts) < 0) return -EFAULT;
    sec = ts[0], nsec = ts[1];
  } else {
    struct timespec32 ts;
    if (copyin(p->vm, &ts, utimeout, sizeof ts) < 0) return -EFAULT;
    sec = ts.tv_sec, nsec = ts.tv_nsec;
  }
  if (sec < 0 || nsec < 0 || nsec >= 1000000000) return -EINVAL;
  /* A 64-bit sec past 2^31 (68 years: for ever, here, as Linux's KTIME_MAX) is clamped as
   * nanosleep's (systime.c): its cycles would overflow 64 bits, and a wrapped deadline ended the
   * wait at once or at any time. */
  if (sec > 0x7fffffff) sec = 0x7fffffff;
  if (absolute && realtime) { /* from 1970 to since boot; a time before boot is due at once */
    int64_t off = (int64_t)(clock_offset_ns(0 /* CLOCK_REALTIME */) / 1000000000);
    sec = sec >= off ? sec - off : 0;
  }
  /* Seconds and nanoseconds apart, as nanosleep: no overflow. */
  *when = (absolute ? 0 : cycles()) + (uint64_t)sec * clock_khz * 1000 +
          (uint64_t)nsec * clock_khz / 1000000;
  return 0;
}

/* Wait on uaddr while it holds val, until cycle `when` (~0: for ever), for a wake-up that
 * shares a bit with bitset. */
static int32_t futex_wait(struct proc* p, uint32_t uaddr, uint32_t val, uint64_t when,
                          uint32_t bitset) {
  uint32_t cur;
  if (copyin(p->vm, &cur, uaddr, 4) < 0) return -EFAULT;
  if (cur != val) return -EAGAIN;
  if (when != ~0ull && cycles() >= when) return -ETIMEDOUT;
  struct fwait w = {p, uaddr, bitset, 0, waiters};
  waiters = &w;
  struct kthread* kt = mykt();
  if (when != ~0ull) {
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
  if (when == ~0ull) return -ERESTARTSYS; /* no timeout: Linux restarts it (SA_RESTART) */
  return cycles() >= when ? -ETIMEDOUT : -EINTR;
}

/* futex and futex_time64: ts64 says which timespec the timeout is. */
static int32_t futex(int ts64) {
  struct proc* p = myproc();
  uint32_t uaddr, op, val, utimeout, val3 = 0;
  argaddr(0, &uaddr);
  argint(1, &op);
  argint(2, &val);
  argaddr(3, &utimeout);
  argint(5, &val3);
  uint32_t cmd = op & ~(uint32_t)(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME);
  if (cmd != FUTEX_WAIT && cmd != FUTEX_WAKE && cmd != FUTEX_WAIT_BITSET &&
      cmd != FUTEX_WAKE_BITSET)
    return -ENOSYS;
  /* Linux takes FUTEX_CLOCK_REALTIME with FUTEX_WAIT_BITSET (and the PI waits) only. */
  if ((op & FUTEX_CLOCK_REALTIME) && cmd != FUTEX_WAIT_BITSET) return -ENOSYS;
  if (uaddr % 4) return -EINVAL;
  uint32_t bitset = FUTEX_BITSET_MATCH_ANY;
  if (cmd == FUTEX_WAIT_BITSET || cmd == FUTEX_WAKE_BITSET) {
    if (val3 == 0) return -EINVAL;
    bitset = val3;
  }
  if (cmd == FUTEX_WAIT || cmd == FUTEX_WAIT_BITSET) {
    uint64_t when = ~0ull;
    if (utimeout) {
      int r = timeout_cycle(p, utimeout, ts64, cmd == FUTEX_WAIT_BITSET,
                          (op & FUTEX_CLOCK_REALTIME) != 0, &when);
      if (r < 0) return r;
    }
    return futex_wait(p, uaddr, val, when, bitset);
  }
  if (!uvm_accessok(p->vm, uaddr, 4, 0)) return -EFAULT;
  return wake_bits(p, uaddr, (int32_t)val, bitset);
}

/* futex(uaddr, op, val, timeout, uaddr2, val3): FUTEX_WAIT (sleep while *uaddr == val, at most
 * the relative timeout; 0 when woken, -EAGAIN if it differs, -ETIMEDOUT; a signal gives -EINTR,
 * or without a timeout a restart under SA_RESTART as on Linux: syscall_settle),
 * FUTEX_WAKE (wake up to val waiters; how many), FUTEX_WAIT_BITSET (FUTEX_WAIT with an absolute
 * timeout, by CLOCK_REALTIME with FUTEX_CLOCK_REALTIME, else CLOCK_MONOTONIC, woken only by a
 * wake whose bitset val3 shares a bit), FUTEX_WAKE_BITSET (wake those of val3's bits), each with
 * or without FUTEX_PRIVATE_FLAG: what glibc's NPTL uses. -ENOSYS for other operations,
 * -EINVAL for an unaligned uaddr or a zero bitset, -EFAULT for one not readable. */
int32_t sys_futex(void) { return futex(0); }

/* futex_time64: the same, with a 64-bit struct __kernel_timespec, which glibc 2.36 tries
 * first. */
int32_t sys_futex_time64(void) { return futex(1); }
