/* prctl's options that Kasane implements, with Linux's numbers (<linux/prctl.h>), shared by the
 * kernel (os/coresched.c) and the runtime's <sys/prctl.h>. */
#ifndef KASANE_PRCTL_H
#define KASANE_PRCTL_H

/* Core scheduling: threads with different cookies never share a core at once (os/coresched.c).
 * prctl(PR_SCHED_CORE, cmd, pid, type, uaddr). */
#define PR_SCHED_CORE 62
#define PR_SCHED_CORE_GET 0        /* *(uint64_t*)uaddr = the cookie of thread pid (an id) */
#define PR_SCHED_CORE_CREATE 1     /* a new cookie for pid, its thread group or process group */
#define PR_SCHED_CORE_SHARE_TO 2   /* the caller's cookie to pid, its thread group or group */
#define PR_SCHED_CORE_SHARE_FROM 3 /* thread pid's cookie to the caller */
#define PR_SCHED_CORE_MAX 4

/* type: whom a command reaches (Linux's enum pid_type). */
#define PIDTYPE_PID 0  /* the thread pid */
#define PIDTYPE_TGID 1 /* every thread of pid's process */
#define PIDTYPE_PGID 2 /* every thread of every process of pid's process group */
#define PR_SCHED_CORE_SCOPE_THREAD PIDTYPE_PID
#define PR_SCHED_CORE_SCOPE_THREAD_GROUP PIDTYPE_TGID
#define PR_SCHED_CORE_SCOPE_PROCESS_GROUP PIDTYPE_PGID

#endif /* KASANE_PRCTL_H */
