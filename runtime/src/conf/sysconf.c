/* sysconf.c - sysconf: the system's limits and options, as musl answers them.
 *
 * Limits the kernel enforces are asked of it, so there is one source of truth (os/param.h):
 * _SC_OPEN_MAX and _SC_CHILD_MAX are the soft RLIMIT_NOFILE and RLIMIT_NPROC from prlimit64,
 * and _SC_NPROCESSORS_CONF/_ONLN count the hardware contexts the process may run on
 * (kasane_contexts: the highest context in the mask, as the thread library sizes itself; 1 where
 * the call is missing, e.g. under qemu-mipsel). The rest are the runtime's own constants. An
 * unknown name gives -1 with errno EINVAL; a limit that does not exist gives -1 and leaves errno
 * alone, as POSIX says. */
#include <errno.h>
#include <kasane/syscall_nr.h>
#include <kasane/syscalls.h>
#include <pthread.h>
#include <unistd.h>

#define RLIMIT_NOFILE 5 /* MIPS numbering */
#define RLIMIT_NPROC 8
#define RLIM_INFINITY_LO 0xffffffffu

/* The soft limit on resource, LONG_MAX when unlimited, -1 if it cannot be read. */
static long rlimit(int resource) {
  unsigned long lim[4]; /* struct rlimit64: cur, max as 64-bit (little-endian: low word first) */
  int saved = errno;
  if (syscall(SYS_prlimit64, 0, resource, 0, lim) < 0) {
    errno = saved;
    return -1;
  }
  if (lim[1] || lim[0] > 0x7fffffffu) return 0x7fffffffL;
  return (long)lim[0];
}

static long contexts(void) {
  int saved = errno;
  unsigned long mask = kasane_contexts(); /* bit i: LTN i + 1 may be ours */
  errno = saved;
  if ((long)mask == -1 || mask == 0) return 1; /* not the Kasane kernel */
  return 32 - __builtin_clz(mask);
}

long sysconf(int name) {
  switch (name) {
    case _SC_ARG_MAX: return 131072;
    case _SC_CHILD_MAX: return rlimit(RLIMIT_NPROC);
    case _SC_CLK_TCK: return 100; /* Linux's USER_HZ, the unit of times() */
    case _SC_NGROUPS_MAX: return 32;
    case _SC_OPEN_MAX: return rlimit(RLIMIT_NOFILE);
    case _SC_STREAM_MAX: return 16;
    case _SC_TZNAME_MAX: return 6;
    case _SC_VERSION: return _POSIX_VERSION;
    case _SC_PAGESIZE: return 4096;
    case _SC_LINE_MAX: return 2048;
    case _SC_HOST_NAME_MAX: return 64;
    case _SC_LOGIN_NAME_MAX: return 256;
    case _SC_IOV_MAX: return 1024;
    case _SC_ATEXIT_MAX: return 32; /* atexit.c's table */
    case _SC_NPROCESSORS_CONF:
    case _SC_NPROCESSORS_ONLN: return contexts();
    case _SC_THREADS:
    case _SC_TIMERS:
    case _SC_MONOTONIC_CLOCK: return _POSIX_VERSION;
    case _SC_THREAD_KEYS_MAX: return PTHREAD_KEYS_MAX;
    case _SC_THREAD_DESTRUCTOR_ITERATIONS: return PTHREAD_DESTRUCTOR_ITERATIONS;
    case _SC_THREAD_STACK_MIN: return PTHREAD_STACK_MIN;
    case _SC_THREAD_THREADS_MAX: return -1; /* no fixed limit */
  }
  errno = EINVAL;
  return -1;
}
