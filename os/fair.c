/* The CFS half of the thread-picking policy (fair.h): nice weights, vruntime, the run queue in
 * vruntime order with its per-address-space sibling lists, placement of new and woken threads,
 * slices and preemption, load balancing and the counters. ias.c has the pick, where IAS differs.
 *
 * Modelled on Linux's kernel/sched/fair.c of the 2.6.3x era that the IAS paper builds on, with a
 * sorted list where Linux has a red-black tree: a run queue holds a few tens of threads at most
 * (NPROC processes, NCTX contexts), so an insertion walk costs less than a tree's upkeep. */
#include "fair.h"

enum fair_policy fair_policy = FAIR_CFS;

/* The tunables, cycles; the kernel sets them at boot from param.h (SCHED_*), a test its own. */
static uint64_t latency, min_gran, wakeup_gran;

static struct fair_rq* rqs[FAIR_NCORES]; /* each core's run queue, for the stats and IAS */

void fair_set_tunables(uint64_t lat, uint64_t min_granularity, uint64_t wakeup_granularity) {
  latency = lat;
  min_gran = min_granularity;
  wakeup_gran = wakeup_granularity;
}

struct fair_rq* fair_rq_of(int core) {
  return core >= 0 && core < FAIR_NCORES ? rqs[core] : 0;
}

/* Linux's sched_prio_to_weight: each nice step is ~10% of CPU time relative to its neighbour
 * (weights 1.25 apart), nice 0 is 1024. */
static const uint32_t prio_to_weight[40] = {
    /* -20 */ 88761, 71755, 56483, 46273, 36291,
    /* -15 */ 29154, 23254, 18705, 14949, 11916,
    /* -10 */ 9548,  7620,  6100,  4904,  3906,
    /*  -5 */ 3121,  2501,  1991,  1586,  1277,
    /*   0 */ 1024,  820,   655,   526,   423,
    /*   5 */ 335,   272,   215,   172,   137,
    /*  10 */ 110,   87,    70,    56,    45,
    /*  15 */ 36,    29,    23,    18,    15,
};

static int clamp_nice(int nice) { return nice < -20 ? -20 : nice > 19 ? 19 : nice; }

uint32_t fair_weight(int nice) { return prio_to_weight[clamp_nice(nice) + 20]; }

/* Cycles run by an entity of `weight` as vruntime: Linux's calc_delta_fair. */
uint64_t fair_scale(uint64_t cycles, uint32_t weight) {
  return weight == FAIR_NICE0_LOAD ? cycles : cycles * FAIR_NICE0_LOAD / weight;
}

void fair_rq_init(struct fair_rq* rq, int core) {
  char* p = (char*)rq;
  for (unsigned i = 0; i < sizeof *rq; i++) p[i] = 0; /* no memset on the host side's behalf */
  rq->core = core;
  if (core >= 0 && core < FAIR_NCORES) rqs[core] = rq;
}

void fair_entity_init(struct fair_entity* se, const void* mm, int nice) {
  char* p = (char*)se;
  for (unsigned i = 0; i < sizeof *se; i++) p[i] = 0;
  se->mm = mm;
  se->nice = clamp_nice(nice);
  se->weight = fair_weight(nice);
}

void fair_set_nice(struct fair_rq* rq, struct fair_entity* se, int nice) {
  uint32_t w = fair_weight(nice);
  if (rq && se->on_rq) rq->load = rq->load - se->weight + w;
  if (rq && se->running) rq->run_load = rq->run_load - se->weight + w;
  se->nice = clamp_nice(nice);
  se->weight = w;
}

/* The slot of mm's sibling list on rq, or 0; `make`: take a free slot if it has none. */
static struct fair_mmq* mmq_of(struct fair_rq* rq, const void* mm, int make) {
  struct fair_mmq* free = 0;
  for (int i = 0; i < FAIR_NMM; i++) {
    if (rq->mmq[i].mm == mm) return &rq->mmq[i];
    if (!rq->mmq[i].mm && !free) free = &rq->mmq[i];
  }
  if (make && free) free->mm = mm;
  return make ? free : 0;
}

/* The leftmost queued entity of address space mm: the head of its sibling list, or, for an
 * address space that found no free slot, the first in the queue. */
struct fair_entity* fair_leftmost_of(struct fair_rq* rq, const void* mm) {
  struct fair_mmq* q = mmq_of(rq, mm, 0);
  if (q) return q->head;
  for (struct fair_entity* e = rq->head; e; e = e->next)
    if (e->mm == mm) return e;
  return 0;
}

/* Link se into the queue and its sibling list, after any of equal vruntime (first come, first
 * served among equals, which makes equal weights round robin). */
static void link(struct fair_rq* rq, struct fair_entity* se) {
  struct fair_entity** pp = &rq->head;
  struct fair_entity* prev = 0;
  while (*pp && (*pp)->vruntime <= se->vruntime) prev = *pp, pp = &(*pp)->next;
  se->next = *pp;
  se->prev = prev;
  if (*pp) (*pp)->prev = se;
  *pp = se;

  se->sib_next = se->sib_prev = 0;
  struct fair_mmq* q = mmq_of(rq, se->mm, 1);
  if (!q) return; /* no free slot: found by fair_leftmost_of's scan */
  q->nr++;
  pp = &q->head;
  prev = 0;
  while (*pp && (*pp)->vruntime <= se->vruntime) prev = *pp, pp = &(*pp)->sib_next;
  se->sib_next = *pp;
  se->sib_prev = prev;
  if (*pp) (*pp)->sib_prev = se;
  *pp = se;
}

static void unlink(struct fair_rq* rq, struct fair_entity* se) {
  if (se->prev) se->prev->next = se->next;
  else rq->head = se->next;
  if (se->next) se->next->prev = se->prev;
  struct fair_mmq* q = mmq_of(rq, se->mm, 0);
  if (!q) return;
  if (se->sib_prev) se->sib_prev->sib_next = se->sib_next;
  else q->head = se->sib_next;
  if (se->sib_next) se->sib_next->sib_prev = se->sib_prev;
  if (--q->nr == 0) q->mm = 0, q->head = 0;
}

/* Linux's sched_slice: the share of the period that se's weight earns among the queued entities
 * (se counted once, queued or not). The period is the target latency, stretched to
 * min_granularity per entity when there are too many for it. */
static uint64_t slice(const struct fair_rq* rq, const struct fair_entity* se) {
  uint64_t nr = rq->nr + (se->on_rq ? 0 : 1);
  uint64_t load = rq->load + (se->on_rq ? 0 : se->weight);
  uint64_t period = nr * min_gran > latency ? nr * min_gran : latency;
  uint64_t s = period * se->weight / load;
  return s > min_gran ? s : min_gran;
}

uint64_t fair_quantum(const struct fair_rq* rq, const struct fair_entity* se) {
  return se->last_quantum ? se->last_quantum : slice(rq, se);
}

void fair_enqueue(struct fair_rq* rq, struct fair_entity* se, int flags) {
  if (se->on_rq) return;
  if (se->sum_exec != se->prev_sum_exec) { /* it ran since it was picked: that quantum ends */
    se->last_quantum = se->sum_exec - se->prev_sum_exec;
    se->prev_sum_exec = se->sum_exec;
  }
  uint64_t floor = se->vruntime;
  if (flags & FAIR_NEW) { /* START_DEBIT: a new thread pays for one slice before it runs */
    floor = rq->min_vruntime + fair_scale(slice(rq, se), se->weight);
  } else if (flags & FAIR_WAKEUP) { /* a sleeper gets at most half a latency of credit */
    uint64_t credit = latency / 2;
    floor = rq->min_vruntime > credit ? rq->min_vruntime - credit : 0;
  }
  if (se->vruntime < floor) se->vruntime = floor;
  link(rq, se);
  rq->nr++;
  rq->load += se->weight;
  se->on_rq = 1;
}

void fair_dequeue(struct fair_rq* rq, struct fair_entity* se) {
  if (!se->on_rq) return;
  unlink(rq, se);
  rq->nr--;
  rq->load -= se->weight;
  se->on_rq = 0;
}

void fair_account(struct fair_rq* rq, struct fair_entity* se, uint64_t cycles) {
  se->sum_exec += cycles;
  se->vruntime += fair_scale(cycles, se->weight);
  if (!rq) return;
  /* min_vruntime follows the lower of the runner and the leftmost waiter, never back. */
  uint64_t v = se->vruntime;
  if (rq->head && rq->head->vruntime < v) v = rq->head->vruntime;
  if (v > rq->min_vruntime) rq->min_vruntime = v;
}

int fair_preempt_due(const struct fair_rq* rq, const struct fair_entity* cur) {
  const struct fair_entity* left = rq->head;
  if (!left) return 0;
  uint64_t ran = cur->sum_exec - cur->prev_sum_exec;
  if (ran >= slice(rq, cur)) return 1;
  return ran >= min_gran && cur->vruntime > left->vruntime + fair_scale(wakeup_gran, left->weight);
}

int fair_wakeup_preempt(const struct fair_entity* cur, const struct fair_entity* se) {
  return cur->vruntime > se->vruntime + fair_scale(wakeup_gran, se->weight);
}

void fair_running(struct fair_rq* rq, struct fair_entity* se, int on) {
  if (on == se->running) return;
  se->running = on;
  if (on) rq->run_load += se->weight;
  else rq->run_load -= se->weight;
}

/* Move queued se from src to dst. Its lead or lag over src's min_vruntime is kept over dst's: a
 * thread that had waited long stays near the front, one that had run ahead stays behind. */
void fair_move(struct fair_rq* src, struct fair_rq* dst, struct fair_entity* se) {
  fair_dequeue(src, se);
  int64_t lag = (int64_t)(se->vruntime - src->min_vruntime);
  se->vruntime = lag < 0 && (uint64_t)-lag > dst->min_vruntime ? 0 : dst->min_vruntime + lag;
  fair_enqueue(dst, se, 0);
}

/* Moving weight w from a core whose load exceeds the other's by imb leaves |imb - 2w|, which is
 * less than imb only if w < imb: this keeps two cores from passing one thread to and fro. The
 * last allowed entity is taken, as Linux takes from the tail: it would wait longest where it is. */
struct fair_entity* fair_steal(struct fair_rq* busiest, struct fair_rq* dst, int to,
                               int (*allowed)(const struct fair_entity*, int core)) {
  uint64_t from_load = (uint64_t)busiest->load + busiest->run_load;
  uint64_t to_load = (uint64_t)dst->load + dst->run_load;
  if (busiest == dst || from_load <= to_load) return 0;
  uint64_t imb = from_load - to_load;
  struct fair_entity* pick = 0;
  for (struct fair_entity* e = busiest->head; e; e = e->next)
    if (e->weight < imb && (!allowed || allowed(e, to))) pick = e;
  if (!pick) return 0;
  fair_move(busiest, dst, pick);
  dst->stats.migrations++;
  return pick;
}

void fair_get_stats(int core, struct fair_stats* out) {
  out->picks = out->time_aggr = out->space_aggr = out->migrations = 0;
  for (int c = 0; c < FAIR_NCORES; c++) {
    if (!rqs[c] || (core != -1 && core != c)) continue;
    out->picks += rqs[c]->stats.picks;
    out->time_aggr += rqs[c]->stats.time_aggr;
    out->space_aggr += rqs[c]->stats.space_aggr;
    out->migrations += rqs[c]->stats.migrations;
  }
}
