/* What the synthetic files of /proc tell about processes and memory, read here from the process
 * table and the address spaces, so that synth.c needs no process structures: a few accessor
 * functions, each filling a plain struct or writing through a callback. */
#include <kasane/devices.h>

#include "defs.h"
#include "fs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"
#include "procinfo.h"

/* The live process pid (not a zombie, not free), or 0. */
static struct proc* findproc(int pid) {
  for (struct proc* p = proc; p < &proc[NPROC]; p++)
    if (p->state != UNUSED && p->pid == pid && pid > 0) return p;
  return 0;
}

/* The pid of the calling process. */
int proc_self(void) { return myproc()->pid; }

/* Whether process pid exists (a zombie too, as /proc/PID lasts until it is reaped). */
int proc_exists(int pid) { return findproc(pid) != 0; }

/* The smallest pid of an existing process that is at least from, or 0 if none is: /proc's
 * listing, in order. */
int proc_next(int from) {
  int best = 0;
  for (struct proc* p = proc; p < &proc[NPROC]; p++)
    if (p->state != UNUSED && p->pid >= from && (best == 0 || p->pid < best)) best = p->pid;
  return best;
}

/* Pages of user memory mapped in vm: its resident set. */
static uint32_t rsspages(struct vmspace* vm) {
  uint32_t n = 0;
  for (uint32_t i = 0; vm->pgdir && i < USERTOP >> PDXSHIFT; i++) {
    uint32_t* pt = (uint32_t*)vm->pgdir[i];
    for (uint32_t j = 0; pt && j < NPTENTRIES; j++)
      if ((pt[j] & PTE_V) && (i << PDXSHIFT | j << PGSHIFT) != KASANE_SIMCTL_USER_VA) n++;
  }
  return n;
}

/* What /proc/PID/stat shows of process pid, in *ps: 0, or -1 if there is no such process. */
int proc_stat(int pid, struct procstat* ps) {
  struct proc* p = findproc(pid);
  if (p == 0) return -1;
  memset(ps, 0, sizeof *ps);
  ps->pid = p->pid;
  ps->ppid = p->parent ? p->parent->pid : 0;
  safestrcpy(ps->comm, p->name, sizeof ps->comm);
  ps->state = 'S';
  if (p->state == ZOMBIE) ps->state = 'Z';
  for (int n = 0; n < ncpus && ps->state == 'S'; n++)
    if (p->kt[n].state == KT_RUNNABLE || p->kt[n].state == KT_RUNNING) ps->state = 'R';
  ps->threads = 1 + p->nthreads;
  ps->start = p->start;
  if (p->state != ZOMBIE && p->vm && p->vm->pgdir) {
    struct vmspace* vm = p->vm;
    ps->rss = rsspages(vm);
    ps->vsize = PGROUNDUP(vm->brk) - USERBASE + (USTACKTOP - vm->mmapbase);
    ps->startbrk = vm->brkbase;
    ps->brk = vm->brk;
  }
  ps->argstart = p->argstart;
  ps->argend = p->argend;
  return 0;
}

/* Copy up to n bytes of process pid's memory at va to buf: the count copied (short at the first
 * page not mapped), or -1 if there is no such process or it has no memory left. */
int proc_readmem(int pid, uint32_t va, void* buf, uint32_t n) {
  struct proc* p = findproc(pid);
  if (p == 0 || p->state == ZOMBIE || p->vm == 0 || p->vm->pgdir == 0) return -1;
  uint32_t done = 0;
  while (done < n) {
    uint32_t m = MIN(n - done, PGSIZE - (va + done) % PGSIZE);
    uint32_t* pte = va + done < USERTOP ? walkpte(p->vm->pgdir, va + done, 0) : 0;
    if (pte == 0 || !(*pte & PTE_V)) break;
    memmove((char*)buf + done, (char*)P2V(PTE_ADDR(*pte)) + (va + done) % PGSIZE, m);
    done += m;
  }
  return (int)done;
}

/* The path process pid was started from, into buf (size bytes, NUL-terminated): its length, or
 * -1 if there is no such process. A relative path is taken from the root (the boot program's
 * argv[0] is its file's name alone), since glibc's start-up insists on an absolute one. */
int proc_exe(int pid, char* buf, uint32_t size) {
  struct proc* p = findproc(pid);
  if (p == 0 || size < 2) return -1;
  uint32_t at = p->exe[0] != '/';
  buf[0] = '/';
  safestrcpy(buf + at, p->exe, size - at);
  return (int)strlen(buf);
}

/* Call out(arg, m) for each mapping of process pid's memory, lowest first, as /proc/PID/maps
 * lists them: the loaded image (split where writability changes), the heap, each anonymous
 * mmap region, the stack, sim-control's user page. 0, or -1 if there is no such process. */
int proc_maps(int pid, void (*out)(void*, const struct procmap*), void* arg) {
  struct proc* p = findproc(pid);
  if (p == 0) return -1;
  if (p->state == ZOMBIE || p->vm == 0 || p->vm->pgdir == 0) return 0;
  struct vmspace* vm = p->vm;
  struct procmap m = {0, 0, 0, 0};
  for (uint32_t va = USERBASE; va < vm->brkbase; va += PGSIZE) { /* the image */
    uint32_t* pte = walkpte(vm->pgdir, va, 0);
    int mapped = pte && (*pte & PTE_V), write = mapped && (*pte & PTE_D);
    if (m.end && (!mapped || m.end != va || (m.perm == PROCMAP_RW) != write)) {
      out(arg, &m);
      m.end = 0;
    }
    if (!mapped) continue;
    if (m.end == 0) m = (struct procmap){va, va, write ? PROCMAP_RW : PROCMAP_RX, PROCMAP_IMAGE};
    m.end = va + PGSIZE;
  }
  if (m.end) out(arg, &m);
  if (PGROUNDUP(vm->brk) > vm->brkbase)
    out(arg, &(struct procmap){vm->brkbase, PGROUNDUP(vm->brk), PROCMAP_RW, PROCMAP_HEAP});
  /* the regions, lowest first: they are not kept in order */
  for (uint32_t from = 0;;) {
    int best = -1;
    for (int i = 0; i < vm->nregions; i++)
      if (vm->regions[i].start >= from && (best < 0 || vm->regions[i].start < vm->regions[best].start))
        best = i;
    if (best < 0) break;
    struct region* r = &vm->regions[best];
    out(arg, &(struct procmap){r->start, r->end, (r->perm & PTE_D) ? PROCMAP_RW : PROCMAP_R,
                               PROCMAP_ANON});
    from = r->end;
  }
  uint32_t low = USTACKTOP; /* the stack: down to its lowest mapped page */
  for (uint32_t va = USTACKTOP - PGSIZE; va >= USTACKTOP - USTACKMAX; va -= PGSIZE) {
    uint32_t* pte = walkpte(vm->pgdir, va, 0);
    if (pte == 0 || !(*pte & PTE_V)) break;
    low = va;
  }
  if (low < USTACKTOP) out(arg, &(struct procmap){low, USTACKTOP, PROCMAP_RW, PROCMAP_STACK});
  out(arg, &(struct procmap){KASANE_SIMCTL_USER_VA, KASANE_SIMCTL_USER_VA + PGSIZE, PROCMAP_RW,
                             PROCMAP_SIMCTL});
  return 0;
}

/* The machine: its CPUs (contexts), the clock, memory in pages, processes made since boot. */
void machine_info(struct machineinfo* mi) {
  mi->ncpus = ncpus;
  mi->ncores = ncores;
  mi->ncontexts = ncontexts;
  mi->clock_khz = clock_khz;
  mi->totalpages = ktotalpages();
  mi->freepages = kfreepages();
  mi->bufpages = NBUF;
  mi->nprocs = 0;
  mi->running = 0;
  for (struct proc* p = proc; p < &proc[NPROC]; p++) {
    if (p->state == UNUSED) continue;
    mi->nprocs++;
    for (int n = 0; n < ncpus; n++)
      if (p->kt[n].state == KT_RUNNING) mi->running++;
  }
  mi->lastpid = newpid_peek();
}
