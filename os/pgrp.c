/* Process groups and sessions, as a shell uses them for jobs: setpgid, getpgid, getpgrp, setsid,
 * getsid. A child starts in its parent's group and session (fork.c); kill names a group with a
 * negative pid (proc.c). There are no terminals, so a session has no controlling one and no
 * group is in the foreground. */
#include "defs.h"
#include "errno.h"
#include "param.h"
#include "proc.h"

/* Whether some process of session sid (-1: of any) is in group pgid. */
static int group_in(int pgid, int sid) {
  for (struct proc* p = proc; p < &proc[NPROC]; p++)
    if (p->state != UNUSED && p->pgid == pgid && (sid < 0 || p->sid == sid)) return 1;
  return 0;
}

/* setpgid(pid, pgid): put process pid (0: the caller), the caller or a child of it, in group
 * pgid (0: pid's own id), which must be pid's own or one that exists in the caller's session.
 * 0; -EINVAL for a negative pgid, -ESRCH for a process that is neither, -EACCES for a child that
 * has exec'd, -EPERM for a session leader, a child of another session or a group of none. */
int32_t sys_setpgid(void) {
  uint32_t upid, upgid;
  argint(0, &upid), argint(1, &upgid);
  struct proc* me = myproc();
  int pid = (int32_t)upid ? (int32_t)upid : me->pid, pgid = (int32_t)upgid;
  if (pgid < 0) return -EINVAL;
  struct proc* p = proc_find(pid);
  if (p == 0 || p->state != USED || (p != me && p->parent != me)) return -ESRCH;
  if (p != me && p->execed) return -EACCES;
  if (p->sid == p->pid || p->sid != me->sid) return -EPERM;
  if (pgid == 0) pgid = p->pid;
  if (pgid != p->pid && !group_in(pgid, me->sid)) return -EPERM;
  p->pgid = pgid;
  return 0;
}

/* getpgid(pid): the group of process pid (0: the caller); -ESRCH. */
int32_t sys_getpgid(void) {
  uint32_t pid;
  argint(0, &pid);
  struct proc* p = (int32_t)pid ? proc_find((int32_t)pid) : myproc();
  return p ? p->pgid : -ESRCH;
}

/* getpgrp(): the caller's group. */
int32_t sys_getpgrp(void) { return myproc()->pgid; }

/* setsid(): the caller leads a new session and a new group, both its own id; -EPERM if it leads
 * a group already (its id names that group). The session id. */
int32_t sys_setsid(void) {
  struct proc* me = myproc();
  if (me->pgid == me->pid || group_in(me->pid, -1)) return -EPERM;
  me->sid = me->pgid = me->pid;
  return me->sid;
}

/* getsid(pid): the session of process pid (0: the caller); -ESRCH. */
int32_t sys_getsid(void) {
  uint32_t pid;
  argint(0, &pid);
  struct proc* p = (int32_t)pid ? proc_find((int32_t)pid) : myproc();
  return p ? p->sid : -ESRCH;
}
