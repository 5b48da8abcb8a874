/* What runs where, told to the simulator (sim-control's PID, PROC_NEW, PROC_EXIT, RUN, RUN_CORE
 * and CPU_STATE registers, <kasane/devices.h>) for its per-process figures: stats.json
 * "processes", a region of interest's process, the timeline's process tracks. The simulator sees
 * instructions and cycles per hardware context; only the kernel knows which thread of which
 * process a context runs, so it says so where that changes: when it makes or ends a process, when
 * a context starts or stops running a thread (context mode: every switch; core mode: a clone
 * thread), and when a process takes or leaves a whole core (core mode's process switch, a
 * context-mode gang). Each report is one or two uncached stores, at a switch, never per
 * instruction. The store names its context itself: the simulator knows which one wrote. */
#include <kasane/devices.h>
#include <kasane/platform.h>

#include "ctxsched.h"
#include "defs.h"
#include "mips.h"
#include "proc.h"

static void put(uint32_t reg, uint32_t value) { *IO(KASANE_SIMCTL_BASE + reg) = value; }

/* Process p exists now, with its name and its parent. */
void procstat_new(struct proc* p) {
  for (uint32_t i = 0; i < KASANE_SIMCTL_PROC_NAME_MAX; i += 4) {
    uint32_t w = 0;
    for (uint32_t b = 0; b < 4 && i + b < PROCNAMELEN && p->name[i + b]; b++)
      w |= (uint32_t)(uint8_t)p->name[i + b] << (8 * b);
    put(KASANE_SIMCTL_PROC_NAME + i, w);
  }
  put(KASANE_SIMCTL_PID, (uint32_t)p->pid);
  put(KASANE_SIMCTL_PROC_NEW, p->parent ? (uint32_t)p->parent->pid : 0);
}

/* Process pid ended with status (0..255, or 128 + the signal). */
void procstat_exit(int pid, int status) {
  put(KASANE_SIMCTL_PID, (uint32_t)pid);
  put(KASANE_SIMCTL_PROC_EXIT, (uint32_t)status);
}

/* This context runs thread kt from now on (0: no thread of its own; core mode's context then
 * belongs to its core's process again). */
void procstat_run(struct kthread* kt) {
  put(KASANE_SIMCTL_PID, kt ? (uint32_t)kt->proc->pid : 0);
  put(KASANE_SIMCTL_RUN, kt ? (uint32_t)thread_tid(kt) : 0);
}

/* This context runs no thread: CPU_IDLE, CPU_FORCED or CPU_LENT (ctxsched.h, the device's
 * KASANE_CPU_* values). */
void procstat_cpu(int state) { put(KASANE_SIMCTL_CPU_STATE, (uint32_t)state); }

/* Every context of this core belongs to p (0: to nobody) from now on. */
void procstat_core(struct proc* p) {
  put(KASANE_SIMCTL_PID, p ? (uint32_t)p->pid : 0);
  put(KASANE_SIMCTL_RUN_CORE, p ? (uint32_t)p->pid : 0);
}
