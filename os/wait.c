/* Waiting for children: wait4 and waitid, with Linux's ways of naming them (a pid, a process
 * group, any) and its options. A child that has ended is a zombie (proc.c) until its parent
 * waits for it here; the wait frees it (waitid's WNOWAIT leaves it). No child here ever stops or
 * continues (there is no job control signal to do it), so WUNTRACED, WSTOPPED and WCONTINUED
 * find nothing of their own. */
#include <kasane/signo.h>

#include "defs.h"
#include "errno.h"
#include "param.h"
#include "proc.h"

#define WUNTRACED 0x00000002 /* <linux/wait.h> */
#define WSTOPPED WUNTRACED
#define WEXITED 0x00000004
#define WCONTINUED 0x00000008
#define WNOWAIT 0x01000000
#define __WNOTHREAD 0x20000000
#define __WALL 0x40000000
#define __WCLONE 0x80000000
#define P_ALL 0 /* waitid's idtype */
#define P_PID 1
#define P_PGID 2
#define CLD_EXITED 1 /* si_code of SIGCHLD */
#define CLD_KILLED 2

/* Whether child c of me is one that a wait for (idtype, id) with options looks at: P_PID id,
 * P_PGID id, P_ALL; a child whose exit signal is not SIGCHLD (a "clone" child) only with __WCLONE,
 * the others only without; both with __WALL. */
static int matches(struct proc* c, struct proc* me, int idtype, int id, uint32_t options) {
  if (c->state == UNUSED || c->parent != me) return 0;
  if ((idtype == P_PID && c->pid != id) || (idtype == P_PGID && c->pgid != id)) return 0;
  return (options & __WALL) || ((c->exitsig != SIGCHLD) == ((options & __WCLONE) != 0));
}

/* Wait for a child named as matches() says to end. The zombie (not freed), or 0 with *r: 0 with
 * WNOHANG if none has ended yet, -ECHILD if there is no such child, -ERESTARTSYS if a signal (or
 * a kill) ends the wait. */
static struct proc* waitfor(int idtype, int id, uint32_t options, int* r) {
  struct proc* me = myproc();
  struct kthread* kt = mykt();
  for (;;) {
    int found = 0;
    for (struct proc* c = proc; c < &proc[NPROC]; c++) {
      if (!matches(c, me, idtype, id, options)) continue;
      found = 1;
      if (c->state == ZOMBIE) return c;
    }
    *r = !found ? -ECHILD : (options & WNOHANG) ? 0 : interrupted(kt) ? -ERESTARTSYS : 1;
    if (*r != 1) return 0;
    kt->interruptible = 1;
    sleep(me);
    kt = mykt();
    kt->interruptible = 0;
  }
}

/* Free zombie c, whose parent has waited for it: its CPU time joins its parent's children's. */
static void reaped(struct proc* c) {
  usage_reaped(c);
  freeproc(c);
}

/* The wait(2) status word of zombie c: its exit status << 8, or the signal that killed it. */
static int waitstatus(struct proc* c) {
  return c->termsig ? c->termsig & 0x7f : (c->xstatus & 0xff) << 8;
}

/* Store the struct rusage of zombie c at user address u (o32: two struct timevals and 14 longs,
 * 72 bytes): the CPU time it and its waited-for children used (systime.c). 0, or -EFAULT. */
static int putrusage(struct proc* c, uint32_t u) {
  int32_t ru[18];
  memset(ru, 0, sizeof ru);
  usage_rusage(c, RUSAGE_BOTH, ru);
  return copyout(myproc()->vm, u, ru, sizeof ru);
}

/* wait4(pid, status, options, rusage): wait for a child to end (pid as matches() names it), store
 * its status (unless status is 0) and usage (unless rusage is 0), and free it. Its pid; 0 with
 * WNOHANG if none has ended; -ECHILD, -EINVAL for an unknown option, -EFAULT; -ERESTARTSYS when a
 * signal ends the wait (EINTR for the program, or the call again after an SA_RESTART handler). */
int32_t sys_wait4(void) {
  uint32_t pid, ustatus, options, urusage;
  argint(0, &pid), argaddr(1, &ustatus), argint(2, &options), argaddr(3, &urusage);
  if (options & ~(WNOHANG | WUNTRACED | WCONTINUED | __WNOTHREAD | __WCLONE | __WALL))
    return -EINVAL;
  int32_t id = (int32_t)pid, r;
  if (id == INT32_MIN) return -ESRCH; /* as Linux: -pid would not be a group */
  int idtype = id < -1 ? P_PGID : id == -1 ? P_ALL : id == 0 ? P_PGID : P_PID;
  struct proc* c = waitfor(idtype, id < -1 ? -id : id == 0 ? myproc()->pgid : id, options, &r);
  if (c == 0) return r;
  int st = waitstatus(c);
  if (ustatus && copyout(myproc()->vm, ustatus, &st, 4) < 0) return -EFAULT;
  if (urusage && putrusage(c, urusage) < 0) return -EFAULT;
  int cpid = c->pid;
  reaped(c);
  return cpid;
}

/* waitid(idtype, id, infop, options, rusage): as wait4 for P_PID id, P_PGID id (0: the caller's
 * group) or P_ALL, with WEXITED asked for (EINVAL unless one of WEXITED, WSTOPPED, WCONTINUED
 * is); the child is described in the siginfo at infop (si_signo SIGCHLD, si_code CLD_EXITED or
 * CLD_KILLED, si_pid, si_uid, si_status), zeroed when WNOHANG finds none, and left a zombie with
 * WNOWAIT. 0, or -errno as wait4. */
int32_t sys_waitid(void) {
  uint32_t idtype, id, uinfo, options, urusage;
  argint(0, &idtype), argint(1, &id), argaddr(2, &uinfo), argint(3, &options);
  argaddr(4, &urusage);
  if ((options & ~(WNOHANG | WEXITED | WSTOPPED | WCONTINUED | WNOWAIT | __WNOTHREAD |
                   __WCLONE | __WALL)) ||
      !(options & (WEXITED | WSTOPPED | WCONTINUED)))
    return -EINVAL;
  if (idtype > P_PGID || (idtype == P_PID && (int32_t)id <= 0) ||
      (idtype == P_PGID && (int32_t)id < 0))
    return -EINVAL;
  if (idtype == P_PGID && id == 0) id = myproc()->pgid;
  int r = 0;
  struct proc* c = (options & WEXITED) ? waitfor(idtype, id, options, &r) : 0;
  if (!(options & WEXITED)) r = (options & WNOHANG) ? 0 : -ECHILD; /* nothing stops here */
  uint32_t info[32]; /* siginfo_t: si_signo, si_code, si_errno, si_pid, si_uid, si_status */
  memset(info, 0, sizeof info);
  if (c) {
    info[0] = SIGCHLD;
    info[1] = c->termsig ? CLD_KILLED : CLD_EXITED;
    info[3] = c->pid;
    info[5] = c->termsig ? c->termsig : (c->xstatus & 0xff);
  } else if (r < 0) {
    return r;
  }
  if (uinfo && copyout(myproc()->vm, uinfo, info, sizeof info) < 0) return -EFAULT;
  if (c && urusage && putrusage(c, urusage) < 0) return -EFAULT;
  if (c && !(options & WNOWAIT)) reaped(c);
  return 0;
}
