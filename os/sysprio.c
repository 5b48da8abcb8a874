/* getpriority and setpriority (Linux o32 4096, 4097) for PRIO_PROCESS: the nice value of one
 * thread, named by its thread id (0: the caller), which the fair policy turns into a weight
 * (fair.h, fair_weight). A thread's nice is kept here, keyed by thread id, and handed on to the
 * scheduler through fair_nice_changed(), which the scheduler that owns the threads' fair
 * entities defines; until one does, the value is only kept and read back. A process's main
 * thread starts at nice 0; a clone thread at its creator's, as a Linux thread does (prio_inherit). */
#include "defs.h"
#include "errno.h"
#include "param.h"
#include "proc.h"

#define PRIO_PROCESS 0 /* <sys/resource.h>: who is a thread (Linux: a task) id */
#define NICE_MIN (-20)
#define NICE_MAX 19

/* Nice values other than 0, by thread id. A thread id is never reused while the kernel runs
 * (pids and tids count up), so a stale entry names no live thread and may be taken over. */
static struct {
  int tid; /* 0: free */
  int nice;
} nices[NPROC * NCTX];

/* Whether any thread has been given a nice other than 0: until then clone need not look the
 * creator's up (a scan of the whole table per clone). */
static int any_nice;

/* The scheduler's hook: kt's nice is now nice. A weak no-op until the scheduler defines it. */
__attribute__((weak)) void fair_nice_changed(struct kthread* kt, int nice) {
  (void)kt, (void)nice;
}

/* The live thread with id tid (0: the caller), or 0; *id = its id. A process's id names its
 * main thread: the first of its contexts without an id of its own that has kernel state, or its
 * first context (a process's threads may all be in user code, with no kernel state). */
static struct kthread* thread_of(int tid, int* id) {
  *id = tid;
  if (tid == 0) {
    *id = thread_tid(mykt());
    return mykt();
  }
  for (struct proc* p = proc; p < &proc[NPROC]; p++) {
    if (p->state != USED) continue;
    struct kthread* ukt = uthread_find(p, tid); /* a clone thread (uthread.c) */
    if (ukt) return ukt;
    for (int n = 0; n < ncpus; n++) {
      struct kthread* kt = &p->kt[n];
      if (kt->tid == tid || (!kt->tid && p->pid == tid && kt->state != KT_NONE)) return kt;
    }
    if (p->pid == tid) return &p->kt[0];
  }
  return 0;
}

/* Whether tid names a live thread. */
static int live(int tid) {
  int id;
  return thread_of(tid, &id) != 0;
}

static int nice_of(int tid) {
  for (int i = 0; i < (int)NELEM(nices); i++)
    if (nices[i].tid == tid) return nices[i].nice;
  return 0;
}

/* Record tid's nice; -EAGAIN if every entry names a live thread with a non-zero nice. */
static int set_nice(int tid, int nice) {
  int slot = -1;
  for (int i = 0; i < (int)NELEM(nices); i++) {
    if (nices[i].tid == tid) {
      slot = i;
      break;
    }
    if (slot < 0 && (!nices[i].tid || !live(nices[i].tid))) slot = i;
  }
  if (slot < 0) return -EAGAIN;
  if (nice) any_nice = 1;
  nices[slot].tid = nice ? tid : 0;
  nices[slot].nice = nice;
  return 0;
}

/* getpriority(which, who): 20 - nice of thread who, as Linux's system call returns it (1..40,
 * never mistaken for an error); -EINVAL unless which is PRIO_PROCESS, -ESRCH for no such
 * thread. */
int32_t sys_getpriority(void) {
  uint32_t which, who;
  argint(0, &which), argint(1, &who);
  if (which != PRIO_PROCESS) return -EINVAL;
  int id;
  if (!thread_of((int32_t)who, &id)) return -ESRCH;
  return 20 - nice_of(id);
}

/* setpriority(which, who, prio): set thread who's nice to prio, clamped to -20..19 as Linux
 * does. 0; -EINVAL unless which is PRIO_PROCESS, -ESRCH for no such thread. Every thread may
 * raise or lower it: there are no users to tell apart. */
int32_t sys_setpriority(void) {
  uint32_t which, who, prio;
  argint(0, &which), argint(1, &who), argint(2, &prio);
  if (which != PRIO_PROCESS) return -EINVAL;
  int id;
  struct kthread* kt = thread_of((int32_t)who, &id);
  if (!kt) return -ESRCH;
  int nice = (int32_t)prio < NICE_MIN ? NICE_MIN : MIN(NICE_MAX, (int32_t)prio);
  int r = set_nice(id, nice);
  if (r == 0) fair_nice_changed(kt, nice);
  return r;
}

/* New clone thread child starts at its creator parent's nice (clone, thread.c), as Linux copies
 * the creator's static priority into a new task. With the table full of live threads' values it
 * starts at 0, which needs no entry: a table of NPROC * NCTX entries is not filled in practice. */
void prio_inherit(struct kthread* parent, struct kthread* child) {
  if (!any_nice) return;
  int nice = nice_of(thread_tid(parent));
  if (nice == 0 || set_nice(child->tid, nice) < 0) return;
  fair_nice_changed(child, nice);
}
