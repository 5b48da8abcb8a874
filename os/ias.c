/* The pick (fair.h's fair_pick) and IAS, the aggregating policy of the IAS paper (seed 003, 2.2):
 *
 * - time aggregation: after a thread of address space mm ran on a core, the leftmost queued
 *   sibling of mm (the head of mm's sibling list, sorted by vruntime, so O(1)) runs next if its
 *   vruntime is within the priority bonus of the leftmost entity's;
 * - inter-core aggregation: a master core that time-aggregates publishes the address space in
 *   its ia_mm (and clears it when it does not); its slave cores, which share its L2, prefer a
 *   thread of ia_mm within the bonus. As the paper says, that candidate has the bonus over both
 *   the core's leftmost entity and its time-aggregation candidate, so on a slave it comes first.
 *
 * A core runs one address space at a time on all its contexts (the kernel gang-schedules), so
 * the decision that aggregation changes is made once per core at each slice end
 * (fair_slice_end): keep the address space that runs there, or switch to another's thread. The
 * contexts then fill with the chosen address space's threads in vruntime order (fair_pick with
 * only_mm). A time aggregation is counted when the bonus keeps the address space that CFS would
 * have switched away from, a space aggregation when a slave follows its master's address space
 * where CFS would have run another: the paper's counters of choices that differ from CFS's.
 *
 * The bonus is set in sixteenths of the candidate's last quantum (the paper's API scales the
 * quantum rather than asking for nanoseconds), turned into vruntime at the candidate's weight.
 * Bonus 0 turns aggregation off: IAS then picks exactly as CFS. */
#include "fair.h"

static uint32_t bonus;                  /* sixteenths of a quantum: fairinit sets os.ias_bonus */
static uint32_t slaves[FAIR_NCORES];    /* per master core: the mask of its slave cores */
static uint8_t master_of[FAIR_NCORES];  /* per core: its master's number + 1, 0 for none */

void ias_set_bonus(uint32_t sixteenths) { bonus = sixteenths; }
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

/* IAS's choice among rq's entities (rq->head is not 0), counting the aggregation it makes. */
static struct fair_entity* ias_choose(struct fair_rq* rq, const void* cur_mm) {
  const void* ia = master_mm(rq);
  struct fair_entity* c;
  if (ia && ia != cur_mm && (c = fair_leftmost_of(rq, ia)) && within_bonus(rq, c, rq->head)) {
    rq->stats.space_aggr++;
    return c;
  }
  if (cur_mm && (c = fair_leftmost_of(rq, cur_mm)) && within_bonus(rq, c, rq->head)) {
    rq->stats.time_aggr++;
    if (is_master(rq)) rq->ia_mm = cur_mm; /* a master: its slaves follow */
    return c;
  }
  if (is_master(rq)) rq->ia_mm = 0;
  return rq->head;
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
  if (!other) {
    /* nothing else waits */
  } else if (!cur) {
    next = other; /* cur_mm has no thread here (or the core is idle): another's turn */
  } else if (cur->vruntime > other->vruntime) {
    next = other; /* CFS switches */
    if (fair_policy == FAIR_IAS && bonus && within_bonus(rq, cur, other)) {
      rq->stats.time_aggr++;
      next = 0;
    }
  }
  /* A slave takes its master's address space where the choice so far is another's. */
  const void* ia = fair_policy == FAIR_IAS && bonus ? master_mm(rq) : 0;
  const void* chosen = next ? next->mm : cur_mm;
  struct fair_entity* c;
  if (ia && ia != chosen && (c = fair_leftmost_of(rq, ia)) != 0) {
    const struct fair_entity* best = next ? next : cur;
    if (!best || within_bonus(rq, c, best)) {
      rq->stats.space_aggr++;
      next = c;
    }
  }
  if (is_master(rq)) rq->ia_mm = next ? next->mm : cur_mm; /* its slaves follow */
  return next;
}

struct fair_entity* fair_pick(struct fair_rq* rq, const void* cur_mm, const void* only_mm) {
  struct fair_entity* e;
  if (!rq->head) return 0;
  if (only_mm) e = fair_leftmost_of(rq, only_mm);
  else if (fair_policy == FAIR_IAS && bonus) e = ias_choose(rq, cur_mm);
  else e = rq->head;
  if (!e) return 0;
  e->prev_sum_exec = e->sum_exec; /* its quantum starts */
  rq->stats.picks++;
  return e;
}
