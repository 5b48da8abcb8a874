/* sys/prctl.h - operations on a process or thread: Kasane implements PR_SCHED_CORE, core
 * scheduling (os/coresched.c); any other option is EINVAL. The numbers are Linux's. */
#ifndef _SYS_PRCTL_H
#define _SYS_PRCTL_H

#include <kasane/prctl.h>

/* prctl(option, arg2, arg3, arg4, arg5): 0 (or the option's value), or -1 with errno. Glibc's is
 * variadic; pass all five here (0 for those an option does not use). */
int prctl(int option, unsigned long arg2, unsigned long arg3, unsigned long arg4,
          unsigned long arg5);

#endif /* _SYS_PRCTL_H */
