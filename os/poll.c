/* Waiting on several descriptors: poll, ppoll, select (_newselect), pselect6. A descriptor is
 * asked what it is ready for (ready()); if nothing is, the caller sleeps until a pipe changes
 * (pipe.c calls poll_wakeup), the timeout passes (timer.c's timed sleeps) or a signal comes. The
 * waiters' records are on their kernel stacks, in one list, as futex waiters are. */
#include <kasane/signo.h>

#include "defs.h"
#include "errno.h"
#include "file.h"
#include "param.h"
#include "proc.h"

#define MAXPOLL 1024 /* pollfds a poll takes, select's FD_SETSIZE: Linux's RLIMIT_NOFILE default */

struct poller {
  volatile int woken;  /* a pipe changed since it last looked */
  struct poller* next;
};
static struct poller* pollers;

/* A pipe changed: every poller looks again. */
void poll_wakeup(void) {
  for (struct poller* w = pollers; w; w = w->next) {
    w->woken = 1;
    wakeup(w);
  }
}

/* What descriptor fd of the caller is ready for (POLL_*), or POLL_NVAL if it is not open. The
 * console and disk files never make a reader or writer wait for long: always ready. */
static int ready(int fd) {
  struct proc* p = myproc();
  if (fd < 0 || fd >= NOFILE || p->ofile[fd] == 0) return POLL_NVAL;
  struct file* f = p->ofile[fd];
  if (f->type == FD_PIPE) return pipe_poll(f, f->pipe);
  return (f->readable ? POLL_IN : 0) | (f->writable ? POLL_OUT : 0);
}

/* One pass of a wait: how many descriptors are ready (select: bits set; poll: entries with
 * revents), rewriting the caller's arrays; or -errno. */
typedef int (*scanfn)(const uint32_t* a, int n);

/* Wait until scan finds something, until cycle `until` (~0: no limit; 0: do not wait), or until
 * a signal: scan's count, 0 at the timeout, -EINTR, or scan's error. */
static int waitready(scanfn scan, const uint32_t* a, int n, uint64_t until) {
  struct poller w = {0, pollers};
  pollers = &w;
  int r;
  struct kthread* kt = mykt();
  for (;;) {
    w.woken = 0;
    if ((r = scan(a, n)) != 0 || until == 0 || cycles() >= until) break;
    if (interrupted(kt)) {
      r = -EINTR;
      break;
    }
    timer_wait(until, &w, &w.woken); /* until ~0: no limit, the list's last */
    kt = mykt();                     /* a kernel notification may have detached the call */
  }
  struct poller** pp = &pollers;
  while (*pp != &w) pp = &(*pp)->next;
  *pp = w.next;
  return r;
}

/* poll's scan: a[0] the user address of the pollfds, n how many. */
static int pollscan(const uint32_t* a, int n) {
  struct vmspace* vm = myproc()->vm;
  int count = 0;
  for (int i = 0; i < n; i++) {
    int32_t pfd[2]; /* fd; events in the low half, revents in the high */
    if (copyin(vm, pfd, a[0] + 8 * i, 8) < 0) return -EFAULT;
    uint32_t events = (uint32_t)pfd[1] & 0xffff, rev = 0;
    if (pfd[0] >= 0) rev = ready(pfd[0]) & (events | POLL_ERR | POLL_HUP | POLL_NVAL);
    count += rev != 0;
    uint16_t r16 = (uint16_t)rev;
    if (copyout(vm, a[0] + 8 * i + 6, &r16, 2) < 0) return -EFAULT;
  }
  return count;
}

/* The cycle at which a wait of sec.nsec from now ends: 0 for none, ~0 for a negative one (no
 * limit). */
static uint64_t deadline(int64_t sec, int64_t nsec) {
  if (sec < 0) return ~0ull;
  if (sec == 0 && nsec == 0) return 0;
  if (sec > 0x7fffffff) sec = 0x7fffffff;
  return cycles() + (uint64_t)sec * clock_khz * 1000 + (uint64_t)nsec * clock_khz / 1000000;
}

/* Set the calling thread's signal mask to the sigset at umask (size bytes: 16) for the wait; the
 * old one comes back when the call ends, or after the handler a signal runs (as rt_sigsuspend).
 * 0, -EINVAL, -EFAULT. */
static int waitmask(uint32_t umask, uint32_t size) {
  if (umask == 0) return 0;
  uint32_t mask[4];
  if (size != sizeof mask) return -EINVAL;
  struct kthread* kt = mykt();
  if (copyin(kt->proc->vm, mask, umask, sizeof mask) < 0) return -EFAULT;
  uint32_t* m = sigmaskof(kt);
  if (!kt->mask_saved) kt->saved_mask = *m;
  kt->mask_saved = 1;
  *m = mask[0] & ~(1u << (SIGKILL - 1) | 1u << (SIGSTOP - 1));
  return 0;
}

/* poll and ppoll: wait for the n pollfds at ufds until `until`. */
static int dopoll(uint32_t ufds, uint32_t n, uint64_t until) {
  if (n > MAXPOLL) return -EINVAL;
  uint32_t a[1] = {ufds};
  return waitready(pollscan, a, n, until);
}

/* poll(fds, nfds, timeout): timeout in ms, negative for none. */
int32_t sys_poll(void) {
  uint32_t ufds, n, ms;
  argaddr(0, &ufds), argint(1, &n), argint(2, &ms);
  int32_t t = (int32_t)ms;
  return dopoll(ufds, n, deadline(t < 0 ? -1 : t / 1000, t < 0 ? 0 : (int64_t)(t % 1000) * 1000000));
}

/* A struct timespec at u (wide: two 64-bit words), into sec and nsec; a null u is no limit.
 * 0, -EFAULT, -EINVAL for a bad one. */
static int gettimeout(uint32_t u, int wide, int64_t* sec, int64_t* nsec) {
  *sec = -1, *nsec = 0;
  if (u == 0) return 0;
  if (wide) {
    int64_t t[2];
    if (copyin(myproc()->vm, t, u, sizeof t) < 0) return -EFAULT;
    *sec = t[0], *nsec = t[1];
  } else {
    int32_t t[2];
    if (copyin(myproc()->vm, t, u, sizeof t) < 0) return -EFAULT;
    *sec = t[0], *nsec = t[1];
  }
  return (*sec < 0 || *nsec < 0 || *nsec >= 1000000000) ? -EINVAL : 0;
}

/* ppoll(fds, nfds, timeout, sigmask, sigsetsize), 32- or 64-bit timespec. */
static int32_t ppoll(int wide) {
  uint32_t ufds, n, uts, umask, size;
  argaddr(0, &ufds), argint(1, &n), argaddr(2, &uts), argaddr(3, &umask), argint(4, &size);
  int64_t sec, nsec;
  int r = gettimeout(uts, wide, &sec, &nsec);
  if (r == 0) r = waitmask(umask, size);
  return r < 0 ? r : dopoll(ufds, n, deadline(sec, nsec));
}
int32_t sys_ppoll(void) { return ppoll(0); }
int32_t sys_ppoll_time64(void) { return ppoll(1); }

/* select's scan: a = {n, rfds, wfds, efds} (user addresses, 0 for none). Bits of descriptors
 * that are not open are EBADF, as Linux. */
static int selectscan(const uint32_t* a, int n) {
  struct vmspace* vm = myproc()->vm;
  uint32_t in[3][MAXPOLL / 32], out[3][MAXPOLL / 32];
  uint32_t words = (n + 31) / 32;
  for (int s = 0; s < 3; s++) {
    memset(in[s], 0, words * 4);
    memset(out[s], 0, words * 4);
    if (a[s + 1] && copyin(vm, in[s], a[s + 1], words * 4) < 0) return -EFAULT;
  }
  static const int want[3] = {POLL_IN | POLL_HUP | POLL_ERR, POLL_OUT | POLL_ERR, POLL_PRI};
  int count = 0;
  for (int fd = 0; fd < n; fd++) {
    uint32_t bit = 1u << (fd % 32);
    int asked = (in[0][fd / 32] | in[1][fd / 32] | in[2][fd / 32]) & bit;
    if (!asked) continue;
    int ev = ready(fd);
    if (ev & POLL_NVAL) return -EBADF;
    for (int s = 0; s < 3; s++) {
      if ((in[s][fd / 32] & bit) && (ev & want[s])) {
        out[s][fd / 32] |= bit;
        count++;
      }
    }
  }
  if (count == 0) return 0; /* the sets are rewritten when the wait ends: below */
  for (int s = 0; s < 3; s++)
    if (a[s + 1] && copyout(vm, a[s + 1], out[s], words * 4) < 0) return -EFAULT;
  return count;
}

/* select's common part: n descriptors, the three sets, until `until`. With nothing ready (the
 * timeout), the sets come back empty. */
static int doselect(uint32_t n, uint32_t r, uint32_t w, uint32_t e, uint64_t until) {
  if ((int32_t)n < 0) return -EINVAL;
  if (n > MAXPOLL) n = MAXPOLL;
  uint32_t a[4] = {n, r, w, e};
  int c = waitready(selectscan, a, n, until);
  if (c == 0) {
    uint32_t zero[MAXPOLL / 32] = {0};
    for (int s = 1; s < 4; s++)
      if (a[s] && copyout(myproc()->vm, a[s], zero, (n + 31) / 32 * 4) < 0) return -EFAULT;
  }
  return c;
}

/* _newselect(n, rfds, wfds, efds, timeout): timeout a struct timeval (two longs; NULL: none),
 * rewritten with the time left, as Linux does. */
int32_t sys__newselect(void) {
  uint32_t n, r, w, e, utv;
  argint(0, &n), argaddr(1, &r), argaddr(2, &w), argaddr(3, &e);
  if (argaddr(4, &utv) < 0) return -EFAULT;
  int32_t tv[2] = {-1, 0};
  if (utv && copyin(myproc()->vm, tv, utv, sizeof tv) < 0) return -EFAULT;
  if (utv && (tv[0] < 0 || tv[1] < 0 || tv[1] >= 1000000)) return -EINVAL;
  uint64_t until = deadline(tv[0], (int64_t)tv[1] * 1000);
  int c = doselect(n, r, w, e, until);
  if (utv && until != 0 && until != ~0ull) {
    uint64_t now = cycles(), left = now < until ? until - now : 0, hz = (uint64_t)clock_khz * 1000;
    int32_t rem[2] = {(int32_t)(left / hz), (int32_t)(left % hz * 1000 / clock_khz)};
    copyout(myproc()->vm, utv, rem, sizeof rem);
  }
  return c;
}

/* pselect6(n, rfds, wfds, efds, timeout, sig): a struct timespec timeout (32- or 64-bit), and
 * sig pointing at {sigset address, its size}: the mask for the wait. */
static int32_t pselect6(int wide) {
  uint32_t n, r, w, e, uts, usig;
  argint(0, &n), argaddr(1, &r), argaddr(2, &w), argaddr(3, &e);
  if (argaddr(4, &uts) < 0 || argaddr(5, &usig) < 0) return -EFAULT;
  int64_t sec, nsec;
  int rr = gettimeout(uts, wide, &sec, &nsec);
  if (rr < 0) return rr;
  if (usig) {
    uint32_t sig[2];
    if (copyin(myproc()->vm, sig, usig, sizeof sig) < 0) return -EFAULT;
    if ((rr = waitmask(sig[0], sig[1])) < 0) return rr;
  }
  return doselect(n, r, w, e, deadline(sec, nsec));
}
int32_t sys_pselect6(void) { return pselect6(0); }
int32_t sys_pselect6_time64(void) { return pselect6(1); }
