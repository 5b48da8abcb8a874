/* The thread-picking policy: a CFS-like fair share (vruntime, Linux's nice weights, slices from a
 * target latency) and IAS, the aggregating variant of the IAS paper (time aggregation: a sibling
 * of the address space that just ran goes next if it is close in vruntime; inter-core
 * aggregation: slave cores sharing an L2 with a master core prefer the master's address space).
 *
 * Pure C on <stdint.h> only, so that the same fair.c is built into the kernel and into a host
 * unit test (tests/unit/fair_test.cc). It never locks, sleeps or allocates: the kernel holds the
 * run queue's lock around every call (both run queues' for fair_steal) and owns the entities,
 * which it embeds in its threads. The policy only orders and counts them. */
#ifndef KASANE_OS_FAIR_H
#define KASANE_OS_FAIR_H

#include <stdint.h>

#define FAIR_NICE0_LOAD 1024 /* weight of nice 0: vruntime runs at the wall clock's pace */
#define FAIR_NCORES 16       /* run queues the policy can name: the kernel asserts NCTX fits */
#define FAIR_NMM 16          /* address spaces with sibling lists per run queue; more are found
                              * by a scan of the queue (the kernel asserts NPROC fits) */

enum fair_policy { FAIR_CFS, FAIR_IAS };

/* fair_enqueue's flags: why the entity waits for a CPU. */
#define FAIR_NEW 1    /* a new thread: placed one slice after min_vruntime (START_DEBIT) */
#define FAIR_WAKEUP 2 /* it slept: placed no lower than min_vruntime - latency/2 */

struct fair_entity { /* one per schedulable thread (embedded in struct kthread) */
  uint64_t vruntime;      /* cycles run, scaled by FAIR_NICE0_LOAD / weight */
  uint64_t sum_exec;      /* cycles run in all */
  uint64_t prev_sum_exec; /* sum_exec when last picked: the current quantum's start */
  uint64_t last_quantum;  /* cycles of its last completed quantum (IAS bonus is scaled from it) */
  uint32_t weight;        /* fair_weight(nice) */
  int nice;
  const void* mm; /* address-space key: siblings share it (never dereferenced) */
  int on_rq;
  int running;                           /* between fair_running(.., 1) and (.., 0) */
  struct fair_entity *next, *prev;       /* the run queue, ascending vruntime */
  struct fair_entity *sib_next, *sib_prev; /* the siblings of mm on the queue, ascending vruntime */
};

struct fair_mmq {           /* the queued siblings of one address space */
  const void* mm;           /* 0: a free slot */
  struct fair_entity* head; /* the leftmost sibling */
  int nr;
};

struct fair_stats {
  uint64_t picks, time_aggr, space_aggr, migrations;
};

struct fair_rq {           /* one per core */
  int core;                /* its number, which fair_get_stats and ias_set_master use */
  int nr;                  /* entities queued */
  uint32_t load;           /* sum of the queued entities' weights */
  uint32_t run_load;       /* sum of the weights of those running here (fair_running) */
  uint64_t min_vruntime;   /* never decreases: where new and woken entities are placed */
  struct fair_entity* head; /* the leftmost (lowest vruntime) entity, or 0 */
  struct fair_mmq mmq[FAIR_NMM];
  const void* ia_mm;       /* IAS, a master core: the address space its slaves should run */
  struct fair_stats stats;
};

extern enum fair_policy fair_policy; /* chosen at boot: read it, set it with fair_set_policy */
void fair_set_policy(enum fair_policy p);

void fair_rq_init(struct fair_rq* rq, int core);
void fair_entity_init(struct fair_entity* se, const void* mm, int nice);
uint32_t fair_weight(int nice); /* Linux's sched_prio_to_weight, nice -20..19 (clamped) */
void fair_set_nice(struct fair_rq* rq, struct fair_entity* se, int nice); /* rq may be 0 */

/* Queue se (it waits for a CPU). FAIR_NEW: a new thread, placed at min_vruntime + one slice
 * (Linux's START_DEBIT); FAIR_WAKEUP: it slept, placed no lower than min_vruntime - latency/2;
 * 0: it was preempted, vruntime kept. */
void fair_enqueue(struct fair_rq* rq, struct fair_entity* se, int flags);
void fair_dequeue(struct fair_rq* rq, struct fair_entity* se);

/* Charge se for `cycles` of running (vruntime += cycles * 1024 / weight; min_vruntime moves). */
void fair_account(struct fair_rq* rq, struct fair_entity* se, uint64_t cycles);

/* The entity a CPU of this core should run next, not yet dequeued, or 0 if none qualifies.
 * only_mm != 0: the leftmost entity of that address space (the other contexts of a core all run
 * one address space at a time: they fill up with siblings). only_mm == 0: the policy's choice
 * for the core given that `cur_mm` ran last there (0: none): CFS the leftmost; IAS on a slave
 * core an entity of its master's ia_mm within the bonus of the leftmost (a space aggregation),
 * else a sibling of cur_mm within the bonus of the leftmost (a time aggregation), else the
 * leftmost; each aggregation counted only where it changed the address space chosen (ias.c's
 * count(), the paper's rule). A master core that picks a sibling of cur_mm sets its ia_mm to
 * cur_mm, and clears it otherwise. Every non-zero answer counts as a pick and starts the
 * entity's quantum (prev_sum_exec = sum_exec). */
struct fair_entity* fair_pick(struct fair_rq* rq, const void* cur_mm, const void* only_mm);

/* The decision at the end of a core's time slice, for a kernel whose cores run one address space
 * at a time (on all their contexts): keep cur_mm, the address space running there (0: none),
 * or switch to another's queued entity, which is returned (0: keep cur_mm). `cur` is cur_mm's
 * entity with the lowest vruntime on the core, running (charged up to now) or queued, or 0 if it
 * has none. CFS switches when another address space's leftmost entity has a lower vruntime than
 * cur. IAS keeps cur_mm while cur is within the bonus of that entity (a time aggregation);
 * on a slave core, its master's address space runs next if its leftmost entity here is within
 * the bonus of what would run otherwise (a space aggregation); counted as fair_pick's. A master core
 * publishes the address space it runs next as its ia_mm. Nothing is dequeued. */
struct fair_entity* fair_slice_end(struct fair_rq* rq, const void* cur_mm,
                                   const struct fair_entity* cur);

/* Whether running entity `cur` (charged up to now) should give way to a waiting one: it has used
 * its slice, max(latency * weight / (rq load + weight), min_granularity) (Linux's sched_slice),
 * or it has run at least min_granularity and the leftmost waiting entity's vruntime is lower by
 * more than the wakeup granularity. Never while nothing waits. The kernel preempts cur when 1. */
int fair_preempt_due(const struct fair_rq* rq, const struct fair_entity* cur);

/* Whether entity `se`, just woken (queued with FAIR_WAKEUP), should preempt `cur`, running on
 * the CPU it waits for (charged up to now): cur's vruntime is ahead of se's by more than the
 * wakeup granularity, scaled to se's weight (Linux's check_preempt_wakeup). */
int fair_wakeup_preempt(const struct fair_entity* cur, const struct fair_entity* se);

/* Optional, for load balancing: the kernel says when a context starts (on = 1) and stops (0)
 * running se on rq's core, so that a core's load counts its running threads as Linux's does. */
void fair_running(struct fair_rq* rq, struct fair_entity* se, int on);

/* Move queued se from src to dst, its vruntime carried over relative to the two min_vruntimes
 * (what it is ahead of or behind its queue it stays on the new one). */
void fair_move(struct fair_rq* src, struct fair_rq* dst, struct fair_entity* se);

/* Load balancing: the entity to move from `busiest` to core `to` (its rq `dst`), or 0 if the
 * move would not reduce the imbalance of loads (queued + running weights). allowed(se, core) is
 * the kernel's affinity check (0: any core). The entity is moved (fair_move) and counted as a
 * migration of dst. Periodic (at a tick) and idle (a core with nothing to run). */
struct fair_entity* fair_steal(struct fair_rq* busiest, struct fair_rq* dst, int to,
                               int (*allowed)(const struct fair_entity*, int core));

/* IAS parameters: the bonus in units of 1/16 of an entity's last quantum (the paper scales the
 * quantum; 0 disables aggregation), and for a master core the set of slave cores (mask 0: the
 * master has none; a core is the slave of one master at most, the last one set). */
void ias_set_bonus(uint32_t sixteenths);
int ias_set_master(int master, uint32_t slave_mask); /* -1 if out of range */
uint32_t ias_bonus(void);                            /* the current bonus, sixteenths */
uint32_t ias_slaves(int master);                     /* the slave mask of a master core */
void fair_get_stats(int core, struct fair_stats* out); /* core -1: the sum over all cores */

/* Set at boot (the kernel: param.h's SCHED_LATENCY, SCHED_MIN_GRAN, SCHED_WAKEUP_GRAN), cycles. */
void fair_set_tunables(uint64_t latency, uint64_t min_gran, uint64_t wakeup_gran);

/* Shared by fair.c and ias.c, usable by the kernel too. */
struct fair_rq* fair_rq_of(int core);                    /* the queue fair_rq_init named, or 0 */
uint64_t fair_scale(uint64_t cycles, uint32_t weight);   /* cycles run as vruntime */
struct fair_entity* fair_leftmost_of(struct fair_rq* rq, const void* mm); /* 0 if none queued */
/* se's last completed quantum, or the slice it would get if it has not completed one yet. */
uint64_t fair_quantum(const struct fair_rq* rq, const struct fair_entity* se);

#endif /* KASANE_OS_FAIR_H */
