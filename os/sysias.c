/* The kernel side of the thread-picking policy (fair.h): its boot settings (os.scheduler and
 * os.ias_bonus through the boot information, the tunables from param.h) and the IAS paper's
 * system calls, which set the priority bonus and the master/slave cores and read the counters.
 * The policy itself is fair.c and ias.c, plain C that a host test builds too. */
#include <kasane/bootinfo.h>
#include <kasane/sched_stats.h>

#include "defs.h"
#include "errno.h"
#include "fair.h"
#include "param.h"
#include "proc.h"

_Static_assert(NCTX <= FAIR_NCORES, "fair.h names fewer run queues than a machine has cores");
_Static_assert(NPROC <= FAIR_NMM, "a run queue has fewer sibling lists than there are processes");
_Static_assert(IAS_BONUS_MAX < 0x80000000u, "kasane_ias_bonus returns the old bonus as an int");

/* Called once on CPU 0 at boot, before any thread is queued. */
void fairinit(const struct kasane_bootinfo* bi) {
  /* Not from user mode: boot, before any program runs. */
  if (bi->scheduler != KASANE_SCHED_CFS && bi->scheduler != KASANE_SCHED_IAS)
    panic("bootinfo: scheduler %u is neither CFS (%u) nor IAS (%u)", bi->scheduler,
          KASANE_SCHED_CFS, KASANE_SCHED_IAS);
  /* Not from user mode: boot, before any program runs. */
  if (bi->ias_bonus > IAS_BONUS_MAX)
    panic("bootinfo: IAS bonus %u is above %u", bi->ias_bonus, IAS_BONUS_MAX);
  fair_set_policy(bi->scheduler == KASANE_SCHED_IAS ? FAIR_IAS : FAIR_CFS);
  fair_set_tunables(SCHED_LATENCY, SCHED_MIN_GRAN, SCHED_WAKEUP_GRAN);
  ias_set_bonus(bi->ias_bonus);
  /* Every core of the platform shares the one L2, so by default core 0 is the master of all the
   * others (kasane_ias_master changes that). */
  int nq = ctxmode ? ncpus : ncores; /* context mode: a run queue per CPU */
  if (nq > 1) ias_set_master(0, ((1u << nq) - 1) & ~1u);
}

/* kasane_ias_bonus(sixteenths): set IAS's priority bonus, in sixteenths of a thread's last
 * quantum (0 turns aggregation off), machine-wide; -1 only reads it. The old bonus; -EINVAL
 * above IAS_BONUS_MAX. */
int32_t sys_kasane_ias_bonus(void) {
  uint32_t b;
  argint(0, &b);
  uint32_t old = ias_bonus();
  if (b == (uint32_t)-1) return (int32_t)old;
  if (b > IAS_BONUS_MAX) return -EINVAL;
  ias_set_bonus(b);
  return (int32_t)old;
}

/* kasane_ias_master(master, slave_mask): make the cores in slave_mask (bit c = core c) the slaves
 * of core master, which they then follow in inter-core aggregation (mask 0: it has none; a core
 * follows one master, the last that named it); mask ~0 only reads. The old mask; -EINVAL for a
 * core the machine lacks or a master named as its own slave. */
int32_t sys_kasane_ias_master(void) {
  uint32_t master, mask;
  argint(0, &master), argint(1, &mask);
  uint32_t nq = (uint32_t)(ctxmode ? ncpus : ncores); /* context mode: CPUs, not cores */
  if (master >= nq) return -EINVAL;
  uint32_t old = ias_slaves((int)master);
  if (mask == ~0u) return (int32_t)old;
  if ((nq < 32 && (mask >> nq)) || ias_set_master((int)master, mask) < 0) return -EINVAL;
  return (int32_t)old;
}

/* kasane_sched_stats(core, out): the policy's counters of core (-1: summed over every core; in
 * context mode a CPU's, whose run queue it is) into *out. 0; -EINVAL for a core the machine lacks, -EFAULT for a bad out. */
int32_t sys_kasane_sched_stats(void) {
  uint32_t core, out;
  argint(0, &core), argaddr(1, &out);
  if ((int32_t)core != -1 && core >= (uint32_t)(ctxmode ? ncpus : ncores)) return -EINVAL;
  struct fair_stats fs;
  fair_get_stats((int32_t)core, &fs);
  struct kasane_sched_stats s = {fs.picks, fs.time_aggr, fs.space_aggr, fs.migrations};
  return copyout(myproc()->vm, out, &s, sizeof s) < 0 ? -EFAULT : 0;
}
