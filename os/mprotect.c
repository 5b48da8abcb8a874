/* mprotect: page protections of user memory, as Linux MIPS gives them without RI/XI.
 *
 * The MIPS TLB has two permission bits per page, V (valid) and D (writable), and the refill
 * handler loads PTEs into EntryLo unchanged, so a protection is a PTE:
 *   PROT_NONE                         frame, cache attribute; V and D clear
 *   PROT_READ, PROT_EXEC, READ|EXEC   frame, cache attribute, V
 *   anything with PROT_WRITE          frame, cache attribute, V, D
 * A PROT_NONE page keeps its frame (its contents come back with a later mprotect), which is why
 * a page "is there" when its PTE is not 0 rather than when V is set (vm.c: uvm_mapped, and the
 * frees that must not leak such a page). An mmap page nothing has touched yet gets no frame from
 * mprotect either: its PTE records the protection with frame 0 and V clear (mips.h: PTE_NOFRAME,
 * PTE_NOFRAME_OPEN), so a guard page costs no memory, and neither does a stack glibc maps
 * PROT_NONE and then opens whole (8 MiB a thread): the first access takes its zero page (vm.c).
 * An access to a PROT_NONE page misses V and takes TLBL/TLBS, which uvm_fault refuses: SIGSEGV
 * with SEGV_ACCERR (trap.c). As on Linux without RI/XI, a readable page is executable and a
 * writable one readable. A page a fork shares (vm.c) that becomes writable becomes copy-on-write
 * (V and PTE_COW, not D), so the first store copies it. */
#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

#define PROT_READ 0x1 /* Linux values */
#define PROT_WRITE 0x2
#define PROT_EXEC 0x4

/* Whether the page at va (page-aligned) of vm is mapped memory mprotect may change: a page is
 * there (text, data, heap, the grown stack, a touched mmap page, a PROT_NONE page), or it lies in
 * an anonymous mmap region whose zero page has not been touched yet. */
static int protectable(struct vmspace* vm, uint32_t va) {
  return uvm_mapped(vm, va) || regionof(vm, va) >= 0;
}

/* mprotect(addr, len, prot): give every page of [addr, addr + len) (len rounded up to pages)
 * protection prot. 0; -EINVAL for an addr not page-aligned or an unknown prot bit, -ENOMEM if
 * some page of the range is not mapped (then nothing changes: the whole range is checked first),
 * or when memory for a page table runs out. len 0 is 0, as Linux. */
int32_t sys_mprotect(void) {
  uint32_t addr, len, prot;
  struct vmspace* vm = myproc()->vm;
  argint(0, &addr);
  argint(1, &len);
  argint(2, &prot);
  if (addr % PGSIZE || (prot & ~(PROT_READ | PROT_WRITE | PROT_EXEC))) return -EINVAL;
  if (len == 0) return 0;
  if (addr >= USERTOP || len > USERTOP - addr || PGROUNDUP(len) > USERTOP - addr) return -ENOMEM;
  uint32_t end = addr + PGROUNDUP(len);
  for (uint32_t va = addr; va < end; va += PGSIZE)
    if (!protectable(vm, va)) return -ENOMEM;
  uint32_t bits = (prot & PROT_WRITE) ? PTE_V | PTE_D : prot ? PTE_V : 0;
  for (uint32_t va = addr; va < end; va += PGSIZE) {
    uint32_t* pte = walkpte(vm->pgdir, va, 1);
    if (pte == 0) return -ENOMEM;
    if (PTE_ADDR(*pte) == 0) /* untouched: the protection waits in the PTE for the first touch */
      *pte = bits ? PTE_NOFRAME_OPEN | (bits & PTE_D) : PTE_NOFRAME;
    else if ((bits & PTE_D) && kshared(P2V(PTE_ADDR(*pte)))) /* a fork shares it: copy on write */
      *pte = (*pte & ~(PTE_V | PTE_D)) | PTE_V | PTE_COW;
    else
      *pte = (*pte & ~(PTE_V | PTE_D | PTE_COW)) | bits;
    tlb_invalidate(va, vm->asid);
  }
  tlb_shootdown(vm); /* another core that ran vm may keep the old rights in its TLB */
  return 0;
}
