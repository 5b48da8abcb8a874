/* Several cores: per-core kernel state, how the cores find it, boot the secondaries, reach each
 * other (kicks by store or by IPI) and keep their TLBs right (shoot-downs).
 *
 * A CPU is a hardware context, named machine-wide by its EBase.CPUNum (core * ncontexts +
 * context); cpus[] is indexed by that number. What a core has once is in cores[]: the process it
 * runs (gang scheduling per core: a process owns every context of each core it is on, gang.c),
 * its time slice and its timer. Each core's context 0 is its anchor, as context 0 is on a single core: it takes the
 * core's timer and IPIs and it alone switches the core's process. The big kernel lock
 * (spinlock.c) serialises every core, so nothing here needs a finer lock.
 *
 * Cross-core signalling: a store wakes a context's MWAIT on any core (the platform's monitor sees
 * every core's stores), so a kick is a store; but a context 0 running user code hears only an
 * interrupt, and TINTR is core-local, so another core raises its IPI line (Cause.IP3). */
#include <kasane/bootinfo.h>
#include <kasane/devices.h>
#include <kasane/kasane_isa.h>
#include <kasane/platform.h>

#include "defs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

struct core cores[NCTX];
int ncores = 1;    /* cores of the machine (bootinfo) */
int ncontexts = 1; /* contexts of each core */
int ctxmode;       /* os.smt_sched = "context": every context a CPU (ctxsched.c) */

/* Set by context 0 of core 0 when the kernel is ready for the others (entry.S waits for it). In
 * .data, not .bss: entry.S clears .bss while the secondaries already read it. */
volatile uint32_t smp_go __attribute__((section(".data"))) = 0;

/* CPU number -> its core, its index there and its struct core (defs.h: ctxid, coreid, mycore),
 * filled by smpinit: a load, not a division, on the kernel's hottest paths. */
uint8_t cpu_core[NCTX], cpu_ctx[NCTX];
struct core* cpu_corep[NCTX] = {&cores[0]}; /* CPU 0's before smpinit, for the boot's own calls */
/* In context mode a CPU schedules for itself: cpu_ctx[n] is 0 (each CPU the anchor of its own
 * one-context unit) and cpu_corep[n] is &cores[n] (its own struct core), while cpu_hwctx[n] keeps
 * its index in its core for the hardware (TINTR, TState, TFORK). A gang process that takes a
 * whole core sets its contexts' cpu_ctx and cpu_corep to the core's again (ctxsched.c). */
uint8_t cpu_hwctx[NCTX];

/* The CPU number of context i of core c. */
int cpunum(int c, int i) { return c * ncontexts + i; }

/* Count the cores and contexts from the boot information; before anything uses cpus[]. */
void smpinit(const struct kasane_bootinfo* bi) {
  ncores = bi->cores ? (int)bi->cores : 1;
  ncontexts = (int)bi->contexts / ncores;
  ncpus = (int)bi->contexts;
  /* Not from user mode: boot, before any program runs. */
  if (ncontexts < 1 || ncores * ncontexts != (int)bi->contexts || (int)bi->contexts > NCTX)
    panic("smpinit: %u contexts on %d cores", bi->contexts, ncores);
  /* Not from user mode: boot, before any program runs. */
  if (bi->smt_sched != KASANE_SMT_CORE && bi->smt_sched != KASANE_SMT_CONTEXT)
    panic("bootinfo: smt_sched %u is neither core (%u) nor context (%u)", bi->smt_sched,
          KASANE_SMT_CORE, KASANE_SMT_CONTEXT);
  ctxmode = bi->smt_sched == KASANE_SMT_CONTEXT;
  for (int n = 0; n < (int)bi->contexts; n++) {
    cpu_core[n] = (uint8_t)(n / ncontexts);
    cpu_ctx[n] = (uint8_t)(n % ncontexts);
    cpu_hwctx[n] = cpu_ctx[n];
    cpu_corep[n] = &cores[n / ncontexts];
    if (ctxmode) {
      cpu_ctx[n] = 0;
      cpu_corep[n] = &cores[n];
    }
  }
}

#define IPIREG(off) IO(KASANE_IPI_BASE + (off))

/* Raise CPU n's IPI line, which it lowers in its interrupt handler. */
void ipi_raise(int n) { *IPIREG(KASANE_IPI_RAISE) = (uint32_t)n; }

/* Lower this CPU's IPI line (trap.c, before it looks at what the sender changed). */
void ipi_ack(void) { *IPIREG(KASANE_IPI_CLEAR) = (uint32_t)cpuid(); }

/* Wake CPU n wherever it waits: its kick word for a kernel wait (MONITOR), and, for a core's
 * context 0, which may run user code, an interrupt: TINTR on this core, an IPI on another; on
 * this very context, re-arm the timer (a process may have become ready). */
void kick_cpu(int n) {
  cpus[n].kick++;
  if (cpu_ctx[n] != 0) return;
  if (n == cpuid())
    timer_rearm();
  else if (cpu_corep[n] == mycore())
    kasane_tintr(1); /* its handler re-arms the timer too */
  else
    ipi_raise(n); /* another core's, or in context mode any other CPU */
}

/* Context i of this core. */
void kick(int i) {
  int me = cpuid();
  kick_cpu(me - cpu_ctx[me] + i);
}

/* Tell whoever should act on p (it became ready, or is killed): the anchor of each core p is on,
 * or (on none) this core's anchor and every idle core's, which may pick it up. If p's affinity
 * does not allow this core (a child that inherited it, a process leaving the core for that
 * reason), this core will not take p, and an idle core may not be one p may run on: then the
 * anchor of every core p may run on is told too, busy or not. One whose process sleeps switches
 * to p, one whose process runs arms its slice timer (trap.c: a kick re-arms it), so p gets a core
 * at that slice's end at worst. Told only idle cores, p waited for ever beside a core whose
 * process slept (tests/sysfuzz/findings/fixed/iss-2cores-child-beside-a-sleeping-core.prog). */
void kick_proc(struct proc* p) {
  if (ctxmode) {
    ctx_kick_proc(p);
    return;
  }
  if (p->cores) {
    for (int c = 0; c < ncores; c++)
      if ((p->cores >> c) & 1) kick_cpu(cpunum(c, 0));
    return;
  }
  kick(0);
  int elsewhere = !p->killed && !affinity_allows(p, coreid()); /* a killed one: any core */
  for (int c = 0; c < ncores; c++)
    if (c != coreid() && (cores[c].proc == 0 || (elsewhere && affinity_allows(p, c))))
      kick_cpu(cpunum(c, 0));
}

/* The running core's share of a TLB shoot-down: empty its TLB if another core asked, and say it
 * is done. Needs no lock (the asker holds it and waits): called at every trap and in acquire()'s
 * spin, so a core answers wherever it is. */
void tlb_shoot_answer(void) {
  struct core* c = mycore();
  uint32_t want = c->shoot_req;
  if (c->shoot_done == want) return;
  tlb_flush_all();
  c->shoot_done = want;
}

/* After changing vm's page table (or freeing it): every other core that ran vm since it last
 * emptied its TLB empties it now, before the caller goes on (frees a page, reuses the ASID). The
 * caller holds the lock; each core answers from its trap entry or its lock spin, which need none.
 * The changing core drops its own entries itself (tlb_invalidate, tlb_flush_asid). */
void tlb_shootdown(struct vmspace* vm) {
  if (ctxmode) {
    ctx_tlb_shootdown(vm);
    return;
  }
  int me = coreid();
  uint32_t others = vm->cores & ~(1u << me);
  if (!others) return;
  for (int c = 0; c < ncores; c++) {
    if (!((others >> c) & 1)) continue;
    cores[c].shoot_req++;
    ipi_raise(cpunum(c, 0));
  }
  for (int c = 0; c < ncores; c++) {
    if (!((others >> c) & 1)) continue;
    while (cores[c].shoot_done != cores[c].shoot_req) {
    }
    /* It is still on that core's TLB only if it runs there now (it refills as it goes). */
    if (cores[c].proc == 0 || cores[c].proc->vm != vm) vm->cores &= ~(1u << c);
  }
}

/* Core 0's context 0, at the end of main(): let the other contexts go on past entry.S. */
void smp_release(void) {
  __asm__ volatile("sync" ::: "memory");
  smp_go = 1;
}

/* Every context but core 0's context 0 comes here from entry.S once smp_go is set (only with
 * core.smp_start). A core's other contexts free themselves, for the kernel to TFORK when a
 * process needs them; its context 0 sets up the core (TLB, traps, thread control) and enters its
 * scheduler. */
void mpmain(void) {
  if (ctxid() != 0) kasane_texit();
  if (cpu_hwctx[cpuid()] == 0) tlbinit(); /* context mode: the core's TLB once, not per CPU */
  trapinit();
  schedinit_core();
  schedstart();
}
