/* The counters of the kernel's thread-picking policy (os/fair.h), as kasane_sched_stats copies
 * them out: shared by the kernel and the runtime. */
#ifndef KASANE_SCHED_STATS_H
#define KASANE_SCHED_STATS_H

#include <stdint.h>

struct kasane_sched_stats {
  uint64_t picks;      /* threads the policy chose to run */
  uint64_t time_aggr;  /* IAS: picks of a sibling of the address space that ran last there */
  uint64_t space_aggr; /* IAS: picks on a slave core of a thread of its master's address space */
  uint64_t migrations; /* threads load balancing moved to the core */
};

#endif /* KASANE_SCHED_STATS_H */
