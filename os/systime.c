/* Time system calls: the clocks, read from the core's cycle counter so that runs repeat exactly,
 * and the sleeps. Each fetches its arguments with argint() and returns a value or -errno. */
#include "defs.h"
#include "errno.h"
#include "param.h"
#include "proc.h"

struct timespec32 {
  int32_t tv_sec, tv_nsec;
};

#define CLOCK_REALTIME 0 /* Linux's clock ids */
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_REALTIME_COARSE 5
#define CLOCK_MONOTONIC_COARSE 6
#define CLOCK_BOOTTIME 7
#define CLOCK_TAI 11
#define COARSE_NS 10000000u /* a coarse clock's step: a tick of 100 Hz (USER_HZ, usage.c) */

uint32_t epoch; /* os.epoch: CLOCK_REALTIME's seconds since 1970 when the machine started */

/* Cycles in nanoseconds. */
static uint64_t cyc2ns(uint64_t c) {
  uint64_t hz = (uint64_t)clock_khz * 1000;
  return c / hz * 1000000000 + c % hz * 1000000 / clock_khz;
}

/* The time of clock clk in nanoseconds, in *ns, from the machine's cycle counter, so runs repeat
 * exactly: MONOTONIC, MONOTONIC_RAW and BOOTTIME the time since the machine started (it never
 * sleeps); REALTIME and TAI that plus os.epoch (the boot information; TAI's offset is 0, as on
 * a Linux nobody told of leap seconds); the COARSE ones the same cut to their 10 ms step; the
 * CPU-time clocks the calling process's or thread's user and kernel time (usage.c). 0, or
 * -EINVAL for another clock (the alarm clocks, another process's CPU clock). */
static int clock_ns(uint32_t clk, uint64_t* ns) {
  switch (clk) {
    case CLOCK_REALTIME:
    case CLOCK_TAI:
    case CLOCK_REALTIME_COARSE:
    case CLOCK_MONOTONIC:
    case CLOCK_MONOTONIC_RAW:
    case CLOCK_MONOTONIC_COARSE:
    case CLOCK_BOOTTIME: *ns = cyc2ns(cycles()); break;
    case CLOCK_PROCESS_CPUTIME_ID: *ns = cyc2ns(usage_cpu(myproc(), 0)); return 0;
    case CLOCK_THREAD_CPUTIME_ID: *ns = cyc2ns(usage_cpu(myproc(), mykt())); return 0;
    default: return -EINVAL;
  }
  if (clk == CLOCK_REALTIME || clk == CLOCK_TAI || clk == CLOCK_REALTIME_COARSE)
    *ns += (uint64_t)epoch * 1000000000;
  if (clk == CLOCK_REALTIME_COARSE || clk == CLOCK_MONOTONIC_COARSE) *ns -= *ns % COARSE_NS;
  return 0;
}

/* CLOCK_REALTIME in nanoseconds: the file system's times. */
uint64_t realtime_ns(void) {
  uint64_t ns;
  clock_ns(CLOCK_REALTIME, &ns);
  return ns;
}

/* The nanoseconds that clock clk is ahead of the time since boot: what an absolute time on it
 * must lose to become a cycle count (sleep_on, futex.c). */
uint64_t clock_offset_ns(uint32_t clk) {
  return (clk == CLOCK_REALTIME || clk == CLOCK_TAI || clk == CLOCK_REALTIME_COARSE)
             ? (uint64_t)epoch * 1000000000
             : 0;
}

/* clock_getres(clock, res) and clock_getres_time64: the resolution of clock, 1 ns (the cycle
 * counter is finer at any clock of 1 GHz or more; a slower one still reports 1 ns, as Linux's
 * high-resolution clocks do) or COARSE_NS for the coarse clocks, at res unless 0 (two 32- or
 * 64-bit words). 0; -EINVAL for a clock clock_gettime refuses, -EFAULT. */
static int32_t getres(int wide) {
  uint32_t clk, ures;
  uint64_t ns;
  argint(0, &clk), argaddr(1, &ures);
  if (clock_ns(clk, &ns) < 0) return -EINVAL;
  int32_t step = (clk == CLOCK_REALTIME_COARSE || clk == CLOCK_MONOTONIC_COARSE) ? COARSE_NS : 1;
  int32_t r32[2] = {0, step};
  int64_t r64[2] = {0, step};
  if (ures && copyout(myproc()->vm, ures, wide ? (void*)r64 : (void*)r32,
                      wide ? sizeof r64 : sizeof r32) < 0)
    return -EFAULT;
  return 0;
}
int32_t sys_clock_getres(void) { return getres(0); }
int32_t sys_clock_getres_time64(void) { return getres(1); }

/* time(tloc): CLOCK_REALTIME's whole seconds, also stored at tloc unless 0; -EFAULT. */
int32_t sys_time(void) {
  uint32_t utloc;
  uint64_t ns;
  argaddr(0, &utloc);
  clock_ns(CLOCK_REALTIME, &ns);
  int32_t t = (int32_t)(ns / 1000000000);
  if (utloc && copyout(myproc()->vm, utloc, &t, 4) < 0) return -EFAULT;
  return t;
}

/* clock_gettime(clock, ts): see clock_ns; ts is a struct timespec of two 32-bit words. */
int32_t sys_clock_gettime(void) {
  uint32_t clk, uts;
  uint64_t ns;
  argint(0, &clk);
  argint(1, &uts);
  if (clock_ns(clk, &ns) < 0) return -EINVAL;
  struct timespec32 ts = {(int32_t)(ns / 1000000000), (int32_t)(ns % 1000000000)};
  return copyout(myproc()->vm, uts, &ts, sizeof ts) < 0 ? -EFAULT : 0;
}

/* clock_gettime64(clock, ts): the same with a 64-bit tv_sec and tv_nsec (struct
 * __kernel_timespec), which glibc 2.36 tries first. */
int32_t sys_clock_gettime64(void) {
  uint32_t clk, uts;
  uint64_t ns;
  argint(0, &clk);
  argint(1, &uts);
  if (clock_ns(clk, &ns) < 0) return -EINVAL;
  int64_t ts[2] = {(int64_t)(ns / 1000000000), (int64_t)(ns % 1000000000)};
  return copyout(myproc()->vm, uts, ts, sizeof ts) < 0 ? -EFAULT : 0;
}

/* gettimeofday(tv, tz): CLOCK_REALTIME in seconds and microseconds to *tv unless NULL; *tz
 * (minutes west and DST, obsolete) is zero: the machine's time zone is UTC. 0. */
int32_t sys_gettimeofday(void) {
  uint32_t utv, utz;
  uint64_t ns;
  argaddr(0, &utv);
  argaddr(1, &utz);
  clock_ns(CLOCK_REALTIME, &ns);
  int32_t tv[2] = {(int32_t)(ns / 1000000000), (int32_t)(ns % 1000000000 / 1000)};
  int32_t tz[2] = {0, 0};
  if (utv && copyout(myproc()->vm, utv, tv, sizeof tv) < 0) return -EFAULT;
  if (utz && copyout(myproc()->vm, utz, tz, sizeof tz) < 0) return -EFAULT;
  return 0;
}

#define TIMER_ABSTIME 1

/* Sleep on clock clk for (flags 0) or until (TIMER_ABSTIME) sec.nsec, as nanosleep and
 * clock_nanosleep do; on a signal, -EINTR with what was left stored at urem (unless 0, or an
 * absolute sleep) as two 32-bit words, or two 64-bit ones if wide. */
static int32_t sleep_on(uint32_t clk, uint32_t flags, int64_t sec, int64_t nsec, uint32_t urem,
                        int wide) {
  uint64_t now_ns;
  if (clk == CLOCK_THREAD_CPUTIME_ID) return -EINVAL; /* as Linux */
  if (clock_ns(clk, &now_ns) < 0 || (flags & ~TIMER_ABSTIME)) return -EINVAL;
  if (sec < 0 || nsec < 0 || nsec >= 1000000000) return -EINVAL;
  /* Seconds and nanoseconds apart: ns * clock_khz overflows 64 bits from 18,447 s at 1 GHz,
   * while sec * cycles-per-second fits for any sec below 2^31 up to a 4 GHz clock (a 64-bit
   * sec beyond is 68 years: for ever, here). */
  if (sec > 0x7fffffff) sec = 0x7fffffff;
  uint64_t hz = (uint64_t)clock_khz * 1000;
  uint64_t span = (uint64_t)sec * hz + (uint64_t)nsec * clock_khz / 1000000;
  uint64_t off = clock_offset_ns(clk); /* an absolute REALTIME counts from 1970, not boot */
  uint64_t when = cycles() + span;
  if (flags & TIMER_ABSTIME) {
    uint64_t offc = off / 1000000000 * hz + off % 1000000000 * clock_khz / 1000000;
    when = span > offc ? span - offc : 0;
  }
  if (timer_sleep_until(when) == 0) return 0;
  if (urem && !(flags & TIMER_ABSTIME)) { /* what was left, for a restart after the handler */
    uint64_t left = when - cycles();       /* cycles; split first, as above */
    int64_t rem[2] = {(int64_t)(left / hz), (int64_t)(left % hz * 1000000 / clock_khz)};
    int32_t rem32[2] = {(int32_t)rem[0], (int32_t)rem[1]};
    if (copyout(myproc()->vm, urem, wide ? (void*)rem : (void*)rem32,
                wide ? sizeof rem : sizeof rem32) < 0)
      return -EFAULT;
  }
  return -EINTR;
}

/* A struct timespec of the caller at ureq: two 32-bit words, or 64-bit ones if wide. */
static int read_timespec(uint32_t ureq, int wide, int64_t* sec, int64_t* nsec) {
  if (wide) {
    int64_t t[2];
    if (copyin(myproc()->vm, t, ureq, sizeof t) < 0) return -EFAULT;
    *sec = t[0], *nsec = t[1];
  } else {
    struct timespec32 t;
    if (copyin(myproc()->vm, &t, ureq, sizeof t) < 0) return -EFAULT;
    *sec = t.tv_sec, *nsec = t.tv_nsec;
  }
  return 0;
}

/* nanosleep(req, rem): sleep for req; the context waits in the kernel (or, with kernel
 * notifications, goes back to the runtime with BLOCKED). 0, or EINTR with rem (if not 0). */
int32_t sys_nanosleep(void) {
  uint32_t ureq, urem;
  int64_t sec, nsec;
  argint(0, &ureq);
  argint(1, &urem);
  if (read_timespec(ureq, 0, &sec, &nsec) < 0) return -EFAULT;
  return sleep_on(CLOCK_MONOTONIC, 0, sec, nsec, urem, 0);
}

/* clock_nanosleep(clock, flags, req, rem) and clock_nanosleep_time64 (64-bit timespecs, which
 * glibc 2.36 tries first, and by which its nanosleep and sleep go): nanosleep on clock, for req
 * or, with TIMER_ABSTIME, until the clock reads req (rem untouched). */
static int32_t clock_nanosleep(int wide) {
  uint32_t clk, flags, ureq, urem;
  int64_t sec, nsec;
  argint(0, &clk);
  argint(1, &flags);
  argint(2, &ureq);
  argint(3, &urem);
  if (read_timespec(ureq, wide, &sec, &nsec) < 0) return -EFAULT;
  return sleep_on(clk, flags, sec, nsec, urem, wide);
}

int32_t sys_clock_nanosleep(void) { return clock_nanosleep(0); }
int32_t sys_clock_nanosleep_time64(void) { return clock_nanosleep(1); }
