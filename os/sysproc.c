/* Process and memory system calls (the clocks and sleeps are systime.c). Each fetches its
 * value or -errno (syscall.c turns that into the o32 $v0/$a3 pair). */
#include <kasane/devices.h>
#include <kasane/kasane_isa.h>

#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

#define MAP_SHARED 0x001 /* Linux MIPS values */
#define MAP_PRIVATE 0x002
#define MAP_FIXED 0x010
#define MAP_ANONYMOUS 0x800
#define PROT_WRITE 0x2

/* exit_group(status): end the process, every thread of it (exit of one thread is thread.c's);
 * its parent sees status & 0xff. */
int32_t sys_exit_group(void) {
  uint32_t status;
  argint(0, &status);
  proc_exit(myproc(), status & 0xff);
  return 0;
}

int32_t sys_getpid(void) { return myproc()->pid; }

int32_t sys_getppid(void) {
  struct proc* parent = myproc()->parent;
  return parent ? parent->pid : 0;
}

/* Kasane has one user: every process is root's, with uid and gid 0, real and effective. */
int32_t sys_getuid(void) { return 0; }
int32_t sys_geteuid(void) { return 0; }
int32_t sys_getgid(void) { return 0; }
int32_t sys_getegid(void) { return 0; }

/* Lowest address the heap may not reach: the lowest mmap region, less a guard gap. */
static uint32_t brklimit(struct vmspace* vm) { return vm->mmapbase - USTACKGUARD; }

/* brk(addr), as Linux does it: move the break to addr, mapping or unmapping heap pages, and return
 * the new break; for addr 0, an addr below the initial break or past the limit, or when memory
 * runs out, leave it and return the current break.
 *
 * The heap is mapped and zeroed here, with the kernel lock held, so the work of one call must be
 * bounded: a break that more pages than are free could never cover fails before it takes any.
 * Without that check a brk of 1 GB on a 256 MB machine zeroed every free page, gave them all
 * back and failed, again at every call (fuzzer seed 25: ~100 M cycles a call with every other
 * context spinning for the lock). What is left is the work of a break that can succeed: at most
 * the free RAM, every page of which the program then owns. */
int32_t sys_brk(void) {
  uint32_t addr;
  struct vmspace* vm = myproc()->vm;
  argint(0, &addr);
  if (addr < vm->brkbase || addr > brklimit(vm)) return vm->brk;
  uint32_t oldtop = PGROUNDUP(vm->brk), newtop = PGROUNDUP(addr);
  if (newtop > oldtop &&
      ((newtop - oldtop) / PGSIZE > kfreepages() || uvm_alloc(vm, oldtop, newtop, PTE_D) < 0)) {
    uvm_dealloc(vm, oldtop, newtop);
    return vm->brk;
  }
  if (newtop < oldtop) uvm_dealloc(vm, newtop, oldtop);
  vm->brk = addr;
  return addr;
}

/* Map len bytes of anonymous private memory with protection prot (flags as mmap's), placed
 * below the previous mappings and filled with zero pages on first touch. The address, or
 * -ENODEV for a file or shared mapping, -EINVAL, -ENOMEM. addr is only a hint, and ignored. */
static int32_t mmap_anon(uint32_t len, uint32_t prot, uint32_t flags) {
  struct vmspace* vm = myproc()->vm;
  if (!(flags & MAP_ANONYMOUS) || (flags & (MAP_SHARED | MAP_FIXED))) return -ENODEV;
  if (len == 0 || len > USERTOP) return -EINVAL;
  len = PGROUNDUP(len);
  uint32_t start = vm->mmapbase - len;
  if (len > vm->mmapbase || start < PGROUNDUP(vm->brk) + USTACKGUARD) return -ENOMEM;
  if (uvm_addregion(vm, start, start + len, (prot & PROT_WRITE) ? PTE_D : 0) < 0) return -ENOMEM;
  vm->mmapbase = start;
  return start;
}

/* mmap(addr, len, prot, flags, fd, offset): see mmap_anon (offset in bytes). */
int32_t sys_mmap(void) {
  uint32_t len, prot, flags, fd;
  argint(1, &len);
  argint(2, &prot);
  argint(3, &flags);
  if (argint(4, &fd) < 0) return -EFAULT;
  return mmap_anon(len, prot, flags);
}

/* mmap2(addr, len, prot, flags, fd, pgoffset): the same with the offset in pages, which is
 * what glibc's mmap calls. */
int32_t sys_mmap2(void) { return sys_mmap(); }

/* munmap(addr, len): unmap and free the pages of [addr, addr + len) that an mmap made; ENOMEM if
 * that would split a region with every region slot taken (region.c). */
int32_t sys_munmap(void) {
  uint32_t addr, len;
  struct vmspace* vm = myproc()->vm;
  argint(0, &addr);
  argint(1, &len);
  if (addr % PGSIZE || len == 0 || addr >= USERTOP || len > USERTOP - addr) return -EINVAL;
  return uvm_unmapregion(vm, addr, addr + PGROUNDUP(len));
}

/* sched_yield(): let context 0 switch to another ready process at once (or leave a core its
 * affinity excludes). */
int32_t sys_sched_yield(void) {
  if (ctxmode) {
    ctx_yield_call(mykt());
    return 0;
  }
  if (ctxid() == 0 && switch_due(mycore()->proc)) mycore()->want_switch = 1;
  return 0;
}

/* kill(pid, sig). */
int32_t sys_kill(void) {
  uint32_t pid, sig;
  argint(0, &pid);
  argint(1, &sig);
  return proc_kill((int32_t)pid, (int32_t)sig, myproc()->pid, 0);
}

/* kasane_spawn(path, argv, envp): a child process running program path. */
int32_t sys_kasane_spawn(void) {
  struct proc* p = myproc();
  uint32_t upath, argv, envp;
  char path[PATHMAX];
  argint(0, &upath);
  argint(1, &argv);
  argint(2, &envp);
  int n = copyinstr(p->vm, path, upath, sizeof path);
  if (n < 0) return n;
  return proc_spawn(path, argv, envp);
}

/* kasane_contexts(): the contexts this process may take with TFORK (bit i = LTN i + 1). */
int32_t sys_kasane_contexts(void) { return usermask; }

/* kasane_ctx_spawn(pc, arg, sp): start a free context of the process in user mode at pc with
 * $a0 = arg, $sp = sp and the caller's $gp, as a kernel would for clone(): the way a runtime
 * that uses no thread instruction gets the architecture threads of its process. Its LTN, or
 * -EAGAIN if every context is taken. */
int32_t sys_kasane_ctx_spawn(void) {
  if (ctx_want_gang(mykt())) return -ERESTARTNOHAND; /* again, once it holds its core */
  struct kthread* me = mykt();
  struct proc* p = me->proc;
  uint32_t pc, arg, sp;
  argint(0, &pc);
  argint(1, &arg);
  argint(2, &sp);
  uint32_t live = kasane_tstate();
  for (int i = 1; i < ncontexts; i++) {
    struct kthread* kt = ktof(p, coreid(), i);
    if (((live >> i) & 1) || kt->state != KT_NONE) continue;
    if (!trystartctx(i)) continue; /* user code took it: the new context waits for our lock */
    kt_prepare_user(me, kt, pc, arg, sp);
    return i + 1;
  }
  return -EAGAIN;
}

/* kasane_roi(begin, id): a region of interest begins (begin != 0) or ends, for stats.json. The
 * simulator counts from the store to the device, so the trap into the kernel before it is in
 * the region and the return after it is not (for an end, the other way round). */
int32_t sys_kasane_roi(void) {
  uint32_t begin, id;
  argint(0, &begin);
  argint(1, &id);
  if (id > 255) return -EINVAL;
  roi(begin != 0, id);
  return 0;
}

/* kasane_report(name, lo, hi): the figure name = hi:lo for stats.json "reports". The name is
 * checked here so a bad one is the caller's EINVAL, not a simulator stop for device misuse. */
int32_t sys_kasane_report(void) {
  uint32_t uname, lo, hi;
  char name[KASANE_SIMCTL_REPORT_NAME_MAX];
  argaddr(0, &uname);
  argint(1, &lo);
  argint(2, &hi);
  int n = copyinstr(myproc()->vm, name, uname, sizeof name);
  if (n == -EFAULT) return n;
  if (n <= 0) return -EINVAL; /* empty, or no NUL within the buffer: too long */
  for (int i = 0; i < n; i++) {
    char c = name[i];
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '_' || c == '.' || c == '-';
    if (!ok) return -EINVAL;
  }
  simctl_report(name, n, (uint64_t)hi << 32 | lo);
  return 0;
}
