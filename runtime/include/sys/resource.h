/* sys/resource.h - scheduling priority: a thread's nice value (-20..19, lower runs more), which
 * the kernel's fair scheduler turns into a weight. Only PRIO_PROCESS is supported: who is a
 * thread id (0: the caller), as on Linux. */
#ifndef _SYS_RESOURCE_H
#define _SYS_RESOURCE_H

#include <sys/types.h>
#include <sys/time.h>

/* getrusage's who */
#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1) /* the waited-for children, together */

struct rusage {
  struct timeval ru_utime; /* user time */
  struct timeval ru_stime; /* system time */
  long ru_maxrss, ru_ixrss, ru_idrss, ru_isrss, ru_minflt, ru_majflt, ru_nswap, ru_inblock,
      ru_oublock, ru_msgsnd, ru_msgrcv, ru_nsignals, ru_nvcsw, ru_nivcsw;
};

int getrusage(int who, struct rusage* ru);

#define PRIO_PROCESS 0 /* who is a thread (process) id */
#define PRIO_PGRP 1    /* a process group: not supported (EINVAL) */
#define PRIO_USER 2    /* a user: not supported (EINVAL) */

/* The nice value of thread who, -20..19, or -1 with errno (which may also be a nice value: set
 * errno to 0 first to tell them apart). */
int getpriority(int which, id_t who);

/* Set thread who's nice value to prio, clamped to -20..19: 0, or -1 with errno. */
int setpriority(int which, id_t who, int prio);

#endif /* _SYS_RESOURCE_H */
