/* Context mode's state (ctxsched.c), shared with core scheduling (coresched.c). */
#ifndef KASANE_OS_CTXSCHED_H
#define KASANE_OS_CTXSCHED_H

#include <kasane/devices.h>
#include <stdint.h>

#include "fair.h"

struct proc;
struct kthread;

/* What a CPU does (procstat.c tells the simulator; the idle ones are <kasane/devices.h>'s
 * KASANE_CPU_* values). */
enum { CPU_IDLE = KASANE_CPU_IDLE, CPU_RUN = 1, CPU_FORCED = KASANE_CPU_FORCED,
       CPU_LENT = KASANE_CPU_LENT, CPU_GANG = 4 };

struct cpustate {           /* one per CPU */
  const void* last_mm;      /* the address space it ran last (IAS's time aggregation) */
  uint8_t state;            /* CPU_*: what it does now, as the simulator was told */
};

struct gangent {            /* a gang process's place in the queue of context 0 of a core */
  struct fair_entity se;
  struct proc* p;           /* 0: unused */
  uint64_t from;            /* cycle at which it took the core */
  uint8_t isnew;            /* not yet queued once */
};

struct corestate {          /* one per core */
  struct gangent* gang;     /* the gang that holds or claims the core, or 0 */
  int holding;              /* the claim is complete: its siblings lent their contexts */
  uint64_t since;           /* core scheduling: cycle at which the running cookie got the core */
  uint64_t turn_at;         /* cycle at which `turn` was set */
  uint32_t turn;            /* the cookie whose turn it is, while turn_set */
  int turn_set;
};

extern struct cpustate* cs;
extern struct corestate* hw;
extern int ncookied; /* threads with a cookie and gangs: while 0 no cookie is ever compared */

/* A gang process's own cookie: apart from every PR_SCHED_CORE cookie (coresched.c hands those
 * out below 0x80000000). */
#define GANG_COOKIE(p) (0x80000000u | (uint32_t)((p) - proc))

#endif /* KASANE_OS_CTXSCHED_H */
