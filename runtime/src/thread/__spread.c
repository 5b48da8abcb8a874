/* __spread - one process's threads on several cores: starting contexts on cores other than the
 * caller's, and the cores a thread may run on (pthread_setaffinity_np).
 *
 * tfork and kasane_ctx_spawn reach only the caller's own core; kasane_ctx_start(core, ...) starts
 * a context of the process on another one (os/gang.c), -1 letting the kernel pick the
 * least-loaded core the process's affinity allows (an idle core first, then the caller's, then a
 * busy one). A core the process is on already, but not the caller's, refuses (EAGAIN: the kernel
 * cannot see which contexts user code holds there); the threads of that core take what waits in
 * the ready queue as they free up, and a runner that starts there first starts more runners on
 * its own core with tfork while the queue has work (__runner_start).
 *
 * Placement. hw: pthread_create fills the creator's core first (tfork, no system call), then
 * asks for a context on the least-loaded core (kasane_ctx_start(-1)); a thread with a cpus mask
 * is started on one of its cores, lowest first, and waits in the ready queue if none has a free
 * context. Conventional: at start, one worker per other core, which spawns the rest of its core
 * (__backend_conv.c). Either way the ready queue is shared, and a context takes from it only
 * threads whose mask allows its core.
 *
 * Wake-ups across cores. TRESUME names an LTN of the caller's own core, so on a machine of
 * several cores every sleeper MWAITs on its CPU number's word of __cpu_wake and a waker bumps it
 * (pthread_impl.h, __wait_ctx, __wake_ctx): a store wakes an MWAIT on any core. */
#include <sched.h>

#include "pthread_impl.h"
#include "syscall.h"

/* The raw calls, which leave errno alone: a refusal here is no failure of the caller's
 * pthread_create, whose errno must not change (POSIX: errno is the thread's). */
static long ctx_start(long core, unsigned long pc, unsigned long arg, unsigned long sp) {
  return __syscall4(SYS_kasane_ctx_start, core, (long)pc, (long)arg, (long)sp);
}

volatile int __pinned;
struct __kick __cpu_wake[NCTX];

unsigned long __allowed_cores(void) {
  int cores = __ncpu / __nctx;
  unsigned long all = cores >= 32 ? ~0ul : (1ul << cores) - 1;
  unsigned long set[2];
  if (__syscall3(SYS_sched_getaffinity, 0, sizeof set, (long)set) > 0) all &= set[0];
  return all;
}

#ifdef KASANE_THREADS_HW
/* kasane_ctx_start on a core of mask other than the caller's, lowest first; with no mask the
 * kernel's choice. 1 if a context was started. */
static int start_on(unsigned long mask, unsigned long pc, unsigned long arg, unsigned long sp) {
  if (!mask) return ctx_start(-1, pc, arg, sp) >= 0;
  int me = __core_of[__ctx_idx()];
  for (int c = 0; c < __ncpu / __nctx; c++)
    if (c != me && ((mask >> c) & 1) && ctx_start(c, pc, arg, sp) >= 0) return 1;
  return 0;
}

int __spread_thread(struct __pthread* t) {
  return start_on(t->cpus, (unsigned long)__thread_entry, (unsigned long)t, t->stack_top);
}

int __spread_runner(void) { return start_on(0, (unsigned long)__runner_entry, 0, 0); }
#endif

/* Move self to a core its mask allows, if this one is not: into the ready queue, a context of an
 * allowed core asked to take it (hw: a runner started there; else whoever dispatch wakes), and
 * this context to its next thread or its idle thread. */
void __migrate_self(struct __pthread* self) {
  if (__cpu_allowed(self, __ctx_idx())) return;
  __sched_lock_take();
  int idx = __ctx_idx();
  __ready_put(self);
#ifdef KASANE_THREADS_HW
  if (!start_on(self->cpus, (unsigned long)__runner_entry, 0, 0)) __dispatch();
#else
  __dispatch();
#endif
  struct __pthread* next = __next_ready(); /* never self: its mask excludes this core */
  __switch_to(self, next ? next : __idle[idx], idx);
  __sched_unlock();
}

void __pin(struct __pthread* t, unsigned long cpus) {
  __sched_lock_take(); /* against its exit, which counts it out */
  if (t->state != ST_EXITED && !t->cpus != !cpus) a_add_fetch(&__pinned, cpus ? 1 : -1);
  t->cpus = cpus;
  __sched_unlock();
}

/* Conventional: a worker on each core the process may use but the caller's. entry starts as the
 * context's idle thread and spawns the rest of its core. A core the process is on already
 * refuses (EAGAIN): it has its workers. */
void __spread_workers(void (*entry)(struct __pthread*)) {
  unsigned long cores = __allowed_cores();
  int me = __core_of[__ctx_idx()];
  for (int c = 0; c < __ncpu / __nctx; c++) {
    if (c == me || !((cores >> c) & 1)) continue;
    struct __pthread* idle = __idle_alloc(0);
    long cpu = ctx_start(c, (unsigned long)entry, (unsigned long)idle, idle->stack_top);
    if (cpu < 0)
      __thmb_free(idle);
    else
      __idle[cpu] = idle; /* as entry does when it starts, which may be at this core's slice end */
  }
}
