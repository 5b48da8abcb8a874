/* Process system calls. */
#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

#define BRKLIMIT (USTACKTOP - USTACKMAX - USTACKGUARD) /* the heap may not grow past this */

/* exit(status) and exit_group(status): end the process; its parent sees status & 0xff. */
int32_t sys_exit(void) {
  uint32_t status;
  argint(0, &status);
  proc_exit(myproc(), status & 0xff);
}

/* getpid(): the process id. */
int32_t sys_getpid(void) { return myproc()->pid; }

/* brk(addr), as Linux does it: move the break to addr, mapping or unmapping heap pages, and return
 * the new break; for addr 0, an addr below the initial break or past the limit, or when memory
 * runs out, leave it and return the current break. */
int32_t sys_brk(void) {
  uint32_t addr;
  struct vmspace* vm = &myproc()->vm;
  argint(0, &addr);
  if (addr < vm->brkbase || addr > BRKLIMIT) return vm->brk;
  uint32_t oldtop = PGROUNDUP(vm->brk), newtop = PGROUNDUP(addr);
  if (newtop > oldtop && uvm_alloc(vm, oldtop, newtop, PTE_D) < 0) {
    uvm_dealloc(vm, oldtop, newtop);
    return vm->brk;
  }
  if (newtop < oldtop) uvm_dealloc(vm, newtop, oldtop);
  vm->brk = addr;
  return addr;
}
