/* Processes: the process table, creating the first process, running it, and ending processes.
 * This first kernel runs one program on context 0; the table and the scheduler loop are where
 * several processes will live. */
#include <kasane/bootinfo.h>

#include "defs.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

struct proc proc[NPROC];
static struct proc* curproc; /* the process running on context 0, or 0 */
static int nextpid = 1;

/* Top of the running process's kernel stack: where trap_entry saves the user registers. */
char* cur_kstack;

/* The process running on this context. */
struct proc* myproc(void) { return curproc; }

/* An unused process slot, given a pid, an ASID and a kernel stack with a zeroed trapframe at its
 * top, in state RUNNABLE but with no memory yet (exec gives it some); 0 if there is none. */
struct proc* allocproc(void) {
  for (struct proc* p = proc; p < &proc[NPROC]; p++) {
    if (p->state != UNUSED) continue;
    p->kstack = kalloc();
    if (p->kstack == 0) return 0;
    p->pid = nextpid++;
    p->vm.pgdir = 0;
    p->vm.asid = 1 + (p - proc) % (NASID - 1); /* a slot keeps its ASID; 0 is never used */
    p->tf = (struct trapframe*)(p->kstack + KSTACKSIZE - sizeof *p->tf);
    memset(p->tf, 0, sizeof *p->tf);
    p->userlocal = 0;
    p->name[0] = 0;
    p->state = RUNNABLE;
    return p;
  }
  return 0;
}

/* Create the first process, running the boot image's program. A program that cannot run ends
 * the machine with status 126 (the shell's "cannot execute") and one console line saying why. */
void userinit(const struct kasane_bootinfo* bi) {
  struct proc* p = allocproc();
  if (p == 0) panic("userinit: no memory for the first process");
  const char* why = bi->program_pa ? exec(p, bi) : "no program in the boot image";
  if (why) {
    printf("kasane: exec: %s\n", why);
    halt(126);
  }
}

/* Make p the running process of this context: its page table for the refill handler, its ASID
 * in EntryHi, its kernel stack for traps, its UserLocal. */
static void switchuvm(struct proc* p) {
  if (p->vm.pgdir == 0) panic("switchuvm: pid %d has no memory", p->pid);
  cur_pgdir = p->vm.pgdir;
  cur_kstack = p->kstack + KSTACKSIZE;
  c0_write(CP0_ENTRYHI, p->vm.asid);
  c0_write(CP0_USERLOCAL, p->userlocal);
  curproc = p;
  p->state = RUNNING;
}

/* Run a runnable process. With one process and no timer, the first one runs until it exits, so
 * this leaves the kernel for good. */
void scheduler(void) {
  for (struct proc* p = proc; p < &proc[NPROC]; p++) {
    if (p->state != RUNNABLE) continue;
    switchuvm(p);
    usertrapret(p->tf);
  }
  panic("scheduler: no runnable process");
}

/* End process p with status, the exit status its parent sees (0..255; 128 + signal if it was
 * killed): free its memory and make it a zombie. Its kernel stack, which this still runs on, is
 * freed when it is reaped. The last process to exit halts the machine with its status. */
void proc_exit(struct proc* p, int status) {
  if (p->state != RUNNING) panic("proc_exit: pid %d is not running", p->pid);
  switchkvm();
  uvm_free(&p->vm);
  p->xstatus = status;
  p->state = ZOMBIE;
  curproc = 0;
  for (struct proc* q = proc; q < &proc[NPROC]; q++)
    if (q->state == RUNNABLE || q->state == RUNNING)
      panic("proc_exit: cannot switch to pid %d yet", q->pid);
  halt(status);
}
