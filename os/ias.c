/* The pick (fair.h's fair_pick) and IAS, the aggregating policy of the IAS paper (seed 003, 2.2):
 *
 * - time aggregation: after a thread of address space mm ran on a CPU, the leftmost queued
 *   sibling of mm (the head of mm's sibling list, sorted by vruntime, so O(1)) runs next if its
 *   vruntime is within the priority bonus of the leftmost entity's;
 * - inter-core aggregation: a master CPU that time-aggregates publishes the address space in
 *   its ia_mm (and clears it when it does not); its slave CPUs, which share its cache, prefer a
 *   thread of ia_mm within the bonus. As the paper says, that candidate has the bonus over both
 *   the CPU's leftmost entity and its time-aggregation candidate, so on a slave it comes first.
 *
 * Two kernels ask. In context mode (ctxsched.c) every hardware context is a CPU with a queue of
 * its own, and fair_pick chooses one thread at each switch, as in the paper's Linux. In core mode
 * a core runs one address space at a time on all its contexts, so the choice aggregation changes
 * is made once per core at each slice end (fair_slice_end): keep the address space that runs
 * there or switch; the contexts then fill with the chosen address space's threads (fair_pick with
 * only_mm), and a master publishes the address space it runs next.
 *
 * The counters follow one rule in both, the paper's (its Table 2 counts the aggregations "actually
 * made", a few per thousand periods): a choice is counted only where aggregation changed it, by
 * count() below. A time aggregation is a sibling of the address space that ran last chosen where
 * CFS would have run another address space; a space aggregation is the master's address space
 * chosen where the choice without it (CFS's or the time aggregation's) was another's. Picking a
 * sibling that CFS would pick anyway is no aggregation.
 *
 * The bonus is set in sixteenths of the candidate's last quantum (the paper's API scales the
 * quantum rather than asking for nanoseconds), turned into vruntime at the candidate's weight.
 * Bonus 0 turns aggregation off: IAS then picks exactly as CFS, and counts nothing. */
#include "fair.h"

static uint32_t bonus;                  /* sixteenths of a quantum: fairinit sets os.ias_bonus */
/* The bonus in force: bonus under IAS, 0 under CFS. The pick tests this one word, so that CFS and
 * IAS with bonus 0 run the very same instructions, whatever the bonus under CFS: bonus 0 is CFS
 * bit for bit, cycles included. */
static uint32_t active;
static uint32_t slaves[FAIR_NCORES];    /* per master core: the mask of its slave cores */
static uint8_t master_of[FAIR_NCORES];  /* per core: its master's number + 1, 0 for none */

static void set_active(void) {
  active = bonus & -(uint32_t)(fair_policy == FAIR_IAS); /* no branch: the same instructions */
}

void ias_set_bonus(uint32_t sixteenths) {
  bonus = sixteenths;
  set_active();
}

void fair_set_policy(enum fair_policy p) {
  fair_policy = p;
  set_active();
}
uint32_t ias_bonus(void) { return bonus; }

uint32_t ias_slaves(int master) {
  return master >= 0 && master < FAIR_NCORES ? slaves[master] : 0;
}

/* A core serves one master: naming it a slave here takes it from any other master. */
int ias_set_master(int master, uint32_t slave_mask) {
  uint32_t cores = FAIR_NCORES >= 32 ? ~0u : (1u << FAIR_NCORES) - 1;
  if (master < 0 || master >= FAIR_NCORES || (slave_mask & ~cores) ||
      (slave_mask & (1u << master)))
    return -1;
  for (int c = 0; c < FAIR_NCORES; c++) {
    if (slave_mask & (1u << c)) {
      if (master_of[c] && master_of[c] != master + 1) slaves[master_of[c] - 1] &= ~(1u << c);
      master_of[c] = (uint8_t)(master + 1);
    } else if (master_of[c] == master + 1) {
      master_of[c] = 0;
    }
  }
  slaves[master] = slave_mask;
  if (!slave_mask) {
    struct fair_rq* m = fair_rq_of(master);
    if (m) m->ia_mm = 0;
  }
  return 0;
}

static int is_master(const struct fair_rq* rq) {
  return rq->core >= 0 && rq->core < FAIR_NCORES && slaves[rq->core];
}

/* Whether candidate c may run before `best`: its vruntime is within the bonus of best's. */
static int within_bonus(const struct fair_rq* rq, const struct fair_entity* c,
                        const struct fair_entity* best) {
  uint64_t b = fair_scale(fair_quantum(rq, c) * bonus / 16, c->weight);
  return c->vruntime <= best->vruntime + b;
}

/* The master's ia_mm, read without its lock: a hint that may be one pick old. */
static const void* master_mm(const struct fair_rq* rq) {
  int m = rq->core >= 0 && rq->core < FAIR_NCORES ? master_of[rq->core] : 0;
  struct fair_rq* mrq = m ? fair_rq_of(m - 1) : 0;
  return mrq ? *(const void* volatile*)&mrq->ia_mm : 0;
}

/* The one counting rule (see the top): cfs_mm is the address space CFS would run next, time_mm
 * the one after time aggregation, chosen the one IAS runs. Each counter counts a choice that
 * aggregation changed, never a choice CFS makes too. */
static void count(struct fair_rq* rq, const void* cfs_mm, const void* time_mm,
                  const void* chosen) {
  if (chosen != time_mm) rq->stats.space_aggr++; /* the master's address space won */
  else if (time_mm != cfs_mm) rq->stats.time_aggr++; /* the bonus kept the sibling */
}

/* IAS's choice among rq's entities (rq->head is not 0), counted by count(). A master publishes
 * cur_mm while it runs a sibling of it next (aggregating, whether or not CFS would have), else 0. */
static struct fair_entity* ias_choose(struct fair_rq* rq, const void* cur_mm) {
  struct fair_entity* cfs = rq->head;
  struct fair_entity* pick = cfs;
  struct fair_entity* c;
  if (cur_mm && cfs->mm != cur_mm && (c = fair_leftmost_of(rq, cur_mm)) && within_bonus(rq, c, cfs))
    pick = c; /* time aggregation */
  const void* time_mm = pick->mm;
  const void* ia = master_mm(rq);
  if (ia && ia != time_mm && (c = fair_leftmost_of(rq, ia)) && within_bonus(rq, c, cfs))
    pick = c; /* space aggregation: within the bonus of the leftmost, so of pick too */
  count(rq, cfs->mm, time_mm, pick->mm);
  if (is_master(rq)) rq->ia_mm = cur_mm && pick->mm == cur_mm ? cur_mm : 0; /* slaves follow */
  return pick;
}

/* The leftmost queued entity of an address space other than mm, or 0. */
static struct fair_entity* leftmost_other(struct fair_rq* rq, const void* mm) {
  struct fair_entity* e = rq->head;
  while (e && e->mm == mm) e = e->next;
  return e;
}

struct fair_entity* fair_slice_end(struct fair_rq* rq, const void* cur_mm,
                                   const struct fair_entity* cur) {
  struct fair_entity* other = leftmost_other(rq, cur_mm);
  struct fair_entity* next = 0; /* 0: cur_mm keeps the core */
  if (other && (!cur || cur->vruntime > other->vruntime))
    next = other; /* CFS switches (or cur_mm has no thread here, or the core is idle) */
  const void* cfs_mm = next ? next->mm : cur_mm;
  int ias = active != 0;
  if (ias && next && cur && within_bonus(rq, cur, other)) next = 0; /* time aggregation */
  const void* time_mm = next ? next->mm : cur_mm;
  /* A slave takes its master's address space where the choice so far is another's. */
  const void* ia = ias ? master_mm(rq) : 0;
  struct fair_entity* c;
  if (ia && ia != time_mm && (c = fair_leftmost_of(rq, ia)) != 0) {
    const struct fair_entity* best = next ? next : cur;
    if (!best || within_bonus(rq, c, best)) next = c;
  }
  if (ias) count(rq, cfs_mm, time_mm, next ? next->mm : cur_mm);
  if (is_master(rq)) rq->ia_mm = next ? next->mm : cur_mm; /* its slaves follow */
  return next;
}

struct fair_entity* fair_pick(struct fair_rq* rq, const void* cur_mm, const void* only_mm) {
  struct fair_entity* e;
  if (!rq->head) return 0;
  if (only_mm) e = fair_leftmost_of(rq, only_mm);
  else if (active) e = ias_choose(rq, cur_mm);
  else e = rq->head;
  if (!e) return 0;
  e->prev_sum_exec = e->sum_exec; /* its quantum starts */
  rq->stats.picks++;
  return e;
}
