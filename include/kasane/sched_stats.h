/* The counters of the kernel's thread-picking policy (os/fair.h), as kasane_sched_stats copies
 * them out: shared by the kernel and the runtime. */
#ifndef KASANE_SCHED_STATS_H
#define KASANE_SCHED_STATS_H

#include <stdint.h>

struct kasane_sched_stats {
  uint64_t picks;      /* threads the policy chose to run */
  uint64_t time_aggr;  /* IAS: a core kept the address space it ran, within the bonus, where
                        * CFS would have switched (os/ias.c) */
  uint64_t space_aggr; /* IAS: a slave core took its master's address space where CFS would
                        * have run another */
  uint64_t migrations; /* threads load balancing moved to the core */
};

#endif /* KASANE_SCHED_STATS_H */
