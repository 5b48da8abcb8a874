/* kasane/ias.h - the IAS paper's interface to the kernel's aggregating scheduler (os.scheduler =
 * "ias"; os/README.md, "Fair and aggregating scheduling"): the priority bonus, the master and
 * slave cores of inter-core aggregation, and the policy's counters. Each returns -1 with errno
 * on failure. */
#ifndef KASANE_IAS_H
#define KASANE_IAS_H

#include <kasane/sched_stats.h>

/* Set the bonus a sibling thread gets, in sixteenths of its last quantum (0: no aggregation;
 * -1: only read it): the old bonus. EINVAL above the largest (os.ias_bonus's range). */
int kasane_ias_bonus(long sixteenths);

/* Make the cores in slave_mask (bit c = core c) follow core master in inter-core aggregation
 * (0: none; ~0UL: only read): the old mask. EINVAL for a core the machine lacks or a master in
 * its own mask. */
int kasane_ias_master(long master, unsigned long slave_mask);

/* The counters of core (-1: all cores summed) into *out: 0. EINVAL for a bad core, EFAULT for
 * a bad out. */
int kasane_sched_stats(long core, struct kasane_sched_stats* out);

#endif /* KASANE_IAS_H */
