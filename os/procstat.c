/* What runs where, told to the simulator for its per-process figures (stats.json "processes",
 * the timeline's process tracks). Filled in with the sim-control registers in a later step. */
#include "defs.h"
#include "proc.h"

void procstat_cpu(int state, struct kthread* kt) {
  (void)state;
  (void)kt;
}

void procstat_core(struct proc* p) { (void)p; }

void procstat_exit(int pid, int status) {
  (void)pid;
  (void)status;
}
