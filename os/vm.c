/* Virtual memory: per-process page tables, the software-managed TLB, and user-memory access.
 *
 * A page directory has 1024 entries, each 0 or the kseg0 address of a page table covering 4 MiB;
 * a page table has 1024 PTEs in EntryLo format, so the refill handler in trapasm.S loads an
 * even/odd pair of PTEs into EntryLo0/1 unchanged. User pages are not global (G = 0): the TLB
 * tells processes apart by ASID. The kernel reaches user memory through kseg0, after looking each
 * page up here; it never dereferences a user address, so it never takes a TLB exception itself. */
#include <kasane/devices.h>
#include <kasane/platform.h>

#include "defs.h"
#include "mips.h"
#include "param.h"
#include "errno.h"
#include "proc.h"

/* The page directory the refill handler walks, by CPU number: the running process's. One per
 * context, not per core, so that trapasm.S finds its own with EBase.CPUNum alone. */
uint32_t* cur_pgdir[NCTX];

/* The page directory of no address space, for when no process runs: a stray kernel access to a
 * user address then refills an invalid entry and takes TLBL/TLBS, which trap() reports. */
static uint32_t emptypgdir[NPDENTRIES];

static uint32_t ntlb; /* TLB entries, from Config1 */

/* Write TLB entry i so that it never matches (a kseg0 VPN2, invalid halves). */
static void tlb_kill(uint32_t i) {
  c0_write(CP0_INDEX, i);
  c0_write(CP0_ENTRYHI, TLB_UNIQUE_ENTRYHI(i));
  c0_write(CP0_ENTRYLO0, 0);
  c0_write(CP0_ENTRYLO1, 0);
  tlb_write_indexed();
}

/* Empty the TLB; 4 KiB pages only (PageMask 0), no wired entries (tlbwr may pick any). */
void tlbinit(void) {
  ntlb = ((c0_read(CP0_CONFIG1) >> CONFIG1_MMUSIZE_SHIFT) & CONFIG1_MMUSIZE_MASK) + 1;
  c0_write(CP0_PAGEMASK, 0);
  c0_write(CP0_WIRED, 0);
  for (uint32_t i = 0; i < ntlb; i++) tlb_kill(i);
  switchkvm();
}

/* Leave user address spaces on this core: the refill handler sees no mappings and EntryHi holds
 * ASID 0, which no process uses. */
void switchkvm(void) {
  switchuvm(emptypgdir);
  c0_write(CP0_ENTRYHI, 0);
}

/* The refill handler of every context of this core walks pgdir from now on; in context mode,
 * where every CPU has its own address space, this CPU's only (a gang process's core sets its
 * contexts' itself: ctxsched.c). */
void switchuvm(uint32_t* pgdir) {
  if (ctxmode) {
    cur_pgdir[cpuid()] = pgdir;
    return;
  }
  for (int i = 0; i < ncontexts; i++) cur_pgdir[cpunum(coreid(), i)] = pgdir;
}

/* Empty this core's TLB (another core's shoot-down, smp.c). EntryHi is preserved. */
void tlb_flush_all(void) {
  uint32_t old = c0_read(CP0_ENTRYHI);
  for (uint32_t i = 0; i < ntlb; i++) tlb_kill(i);
  c0_write(CP0_ENTRYHI, old);
}

/* Drop the TLB entry, if any, that maps the page pair of va in address space asid. Call it after
 * changing a PTE, so the next access refills from the page table. EntryHi is preserved. */
void tlb_invalidate(uint32_t va, uint32_t asid) {
  uint32_t old = c0_read(CP0_ENTRYHI);
  c0_write(CP0_ENTRYHI, (va & ENTRYHI_VPN2) | (asid & ENTRYHI_ASID));
  tlb_probe();
  uint32_t idx = c0_read(CP0_INDEX);
  if (!(idx & INDEX_PROBE_FAIL)) tlb_kill(idx);
  c0_write(CP0_ENTRYHI, old);
}

/* Drop every TLB entry of address space asid (before the ASID is reused). EntryHi is preserved. */
void tlb_flush_asid(uint32_t asid) {
  uint32_t old = c0_read(CP0_ENTRYHI);
  for (uint32_t i = 0; i < ntlb; i++) {
    c0_write(CP0_INDEX, i);
    tlb_read();
    uint32_t hi = c0_read(CP0_ENTRYHI);
    if (hi < USERTOP && (hi & ENTRYHI_ASID) == asid) tlb_kill(i);
  }
  c0_write(CP0_ENTRYHI, old);
}

/* A page the kernel allocated (RAM, mapped cached) rather than a device page it only maps: the
 * ones uvm_free and uvm_dealloc give back and the kernel may copy to and from. V may be clear: a
 * PROT_NONE page keeps its frame (mprotect.c); an untouched one has frame 0, nothing to free. */
static int ownedpage(uint32_t pte) {
  return PTE_ADDR(pte) && (pte & PTE_C_MASK) == PTE_C_CACHED;
}

/* The address spaces. A process has one (proc.vm); a vfork child shares its parent's until it
 * execs or exits (CLONE_VM: ref counts them), and an exec builds the new one before the old
 * goes, so each process slot needs at most two at once (execve refuses a process with more than
 * one thread before it loads anything, exec.c). A space's TLB id is its slot's: 1 +
 * index, never 0 (the kernel's), unique among the live ones. */
static struct vmspace vmspaces[NVMSPACE];
_Static_assert(NVMSPACE < NASID, "an ASID per address space");

/* A new address space, referenced once: empty but for sim-control's user page at
 * KASANE_SIMCTL_USER_VA (uncached, writable; it holds only the thread register, which cannot
 * harm the machine). 0 if memory is exhausted. */
struct vmspace* uvm_create(void) {
  struct vmspace* vm = vmspaces;
  while (vm < &vmspaces[NVMSPACE] && vm->ref) vm++;
  /* Not from user mode: at most two per process slot exist (above). */
  if (vm == &vmspaces[NVMSPACE]) panic("uvm_create: every address space is in use");
  memset(vm, 0, sizeof *vm);
  vm->asid = 1 + (vm - vmspaces);
  vm->mmapbase = USTACKTOP - USTACKMAX - USTACKGUARD;
  vm->pgdir = kzalloc(); /* region.c gives it a page of regions at its first mmap */
  if (vm->pgdir == 0) return 0;
  uint32_t* pte = walkpte(vm->pgdir, KASANE_SIMCTL_USER_VA, 1);
  if (pte == 0) {
    kfree(vm->pgdir);
    vm->pgdir = 0;
    return 0;
  }
  *pte = PA2PTE(KASANE_SIMCTL_USER_BASE) | PTE_C_UNCACHED | PTE_D | PTE_V;
  vm->ref = 1;
  return vm;
}

static void uvm_free(struct vmspace* vm);

/* One more process uses vm (a vfork child, CLONE_VM). */
struct vmspace* uvm_get(struct vmspace* vm) {
  vm->ref++;
  return vm;
}

/* A process stops using vm; the last one frees it (uvm_free). */
void uvm_put(struct vmspace* vm) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (vm->ref < 1) panic("uvm_put: address space %d has no references", vm->asid);
  if (--vm->ref == 0) uvm_free(vm);
}

/* The PTE for user address va in pgdir. Missing page tables are created if alloc (0 when memory
 * is exhausted), else the result is 0. */
uint32_t* walkpte(uint32_t* pgdir, uint32_t va, int alloc) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (va >= USERTOP) panic("walkpte: kernel address 0x%x", va);
  uint32_t* pde = &pgdir[va >> PDXSHIFT];
  uint32_t* pt = (uint32_t*)*pde;
  if (pt == 0) {
    if (!alloc || (pt = kzalloc()) == 0) return 0;
    *pde = (uint32_t)pt;
  }
  return &pt[(va >> PGSHIFT) & (NPTENTRIES - 1)];
}

/* Kernel address of the page at user address va (page-aligned) in vm: the page already mapped
 * there, with perm (0 or PTE_D) added to its permissions, or else a fresh zeroed page mapped with
 * perm. 0 if memory is exhausted. */
void* uvm_page(struct vmspace* vm, uint32_t va, uint32_t perm) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (va % PGSIZE || (perm & ~PTE_D)) panic("uvm_page: bad arguments 0x%x 0x%x", va, perm);
  uint32_t* pte = walkpte(vm->pgdir, va, 1);
  if (pte == 0) return 0;
  if (*pte == 0) {
    void* page = kzalloc();
    if (page == 0) return 0;
    *pte = PA2PTE(V2P(page)) | PTE_C_CACHED | PTE_V;
  }
  *pte |= perm;
  tlb_invalidate(va, vm->asid);
  return P2V(PTE_ADDR(*pte));
}

/* Map fresh zeroed pages over [start, end) (page-aligned, not mapped yet) with permission perm
 * (PTE_D for writable, or 0). Returns 0, or -1 if memory ran out; the pages mapped before that
 * stay mapped, for the caller to uvm_dealloc. */
int uvm_alloc(struct vmspace* vm, uint32_t start, uint32_t end, uint32_t perm) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (start % PGSIZE || end % PGSIZE || start > end || end > USERTOP)
    panic("uvm_alloc: bad range [0x%x, 0x%x)", start, end);
  for (uint32_t va = start; va < end; va += PGSIZE) {
    /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
    if (uvm_mapped(vm, va)) panic("uvm_alloc: remap of 0x%x", va);
    if (uvm_page(vm, va, perm) == 0) return -1;
  }
  return 0;
}

/* Unmap [start, end) (page-aligned) in vm and free its pages; holes are skipped. With dofree 0,
 * make the pages inaccessible only (V and D clear, frame kept), for a TLB shoot-down to finish
 * before the frames go back: another core may write through a stale entry until then. */
static void dealloc(struct vmspace* vm, uint32_t start, uint32_t end, int dofree) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (start % PGSIZE || end % PGSIZE || end > USERTOP) panic("uvm_dealloc: bad range");
  for (uint32_t va = start; va < end; va += PGSIZE) {
    if (vm->pgdir[va >> PDXSHIFT] == 0) { /* no page table: skip to the next one */
      va = ((va >> PDXSHIFT) << PDXSHIFT) + (NPTENTRIES - 1) * PGSIZE;
      continue;
    }
    uint32_t* pte = walkpte(vm->pgdir, va, 0);
    /* A page, accessible or not, or an untouched one's mark (mprotect.c); a device page is
     * mapped, not owned: it stays. */
    if (*pte && ((*pte & PTE_C_MASK) == PTE_C_CACHED || PTE_ADDR(*pte) == 0)) {
      if (!dofree) {
        *pte &= ~(PTE_V | PTE_D);
      } else {
        if (ownedpage(*pte)) kunref(P2V(PTE_ADDR(*pte)));
        *pte = 0;
      }
      tlb_invalidate(va, vm->asid);
    }
  }
}

/* Unmap [start, end) (page-aligned) in vm and free its pages; holes are skipped. If vm ran on
 * another core, that core's TLB is emptied between the unmapping and the freeing. */
void uvm_dealloc(struct vmspace* vm, uint32_t start, uint32_t end) {
  if (vm->cores & ~(1u << coreid())) {
    dealloc(vm, start, end, 0);
    tlb_shootdown(vm);
  }
  dealloc(vm, start, end, 1);
}

/* Free a whole address space: its pages, page tables and directory, and its TLB entries. The
 * slot is free again once its last reference went (uvm_put). */
static void uvm_free(struct vmspace* vm) {
  tlb_shootdown(vm); /* its ASID is the next process's in the slot: no core may keep entries */
  for (uint32_t i = 0; i < (USERTOP >> PDXSHIFT); i++) {
    uint32_t* pt = (uint32_t*)vm->pgdir[i];
    if (pt == 0) continue;
    for (uint32_t j = 0; j < NPTENTRIES; j++)
      if (ownedpage(pt[j])) kunref(P2V(PTE_ADDR(pt[j])));
    kfree(pt);
  }
  kfree(vm->pgdir);
  vm->pgdir = 0;
  region_free(vm);
  tlb_flush_asid(vm->asid);
}

/* Pages a copy of vm needs (uvm_copy): its page tables and directory, its regions' page. */
static uint32_t copycost(struct vmspace* vm) {
  uint32_t n = 1 + (vm->regions != 0);
  for (uint32_t i = 0; i < (USERTOP >> PDXSHIFT); i++) n += vm->pgdir[i] != 0;
  return n;
}

/* A copy of src for a forked child (fork.c), copy-on-write: the child maps every page src owns,
 * with the same permissions, and neither may write a shared page in place: a writable one loses
 * D in both and gets PTE_COW, so the first store of either copies it (cow_break); a read-only
 * one is shared as it is (mprotect makes it copy-on-write if it becomes writable). A PROT_NONE
 * page and an untouched page's mark are copied as they are; the regions and break too. src's
 * TLB entries that allowed stores go, on every core that ran it. 0 if memory is short (found
 * before anything is shared). */
struct vmspace* uvm_copy(struct vmspace* src) {
  if (copycost(src) > kfreepages()) return 0;
  struct vmspace* vm = uvm_create();
  if (vm == 0) return 0;
  vm->brkbase = src->brkbase;
  vm->brk = src->brk;
  vm->mmapbase = src->mmapbase;
  if (region_copy(vm, src) < 0) goto oom;
  for (uint32_t i = 0; i < (USERTOP >> PDXSHIFT); i++) {
    uint32_t* pt = (uint32_t*)src->pgdir[i];
    if (pt == 0) continue;
    for (uint32_t j = 0; j < NPTENTRIES; j++) {
      uint32_t pte = pt[j], va = i << PDXSHIFT | j << PGSHIFT;
      if (pte == 0 || (PTE_ADDR(pte) && !ownedpage(pte))) continue; /* a device page: its own */
      uint32_t* d = walkpte(vm->pgdir, va, 1);
      if (d == 0 || (ownedpage(pte) && kref(P2V(PTE_ADDR(pte))) < 0)) goto oom;
      if (ownedpage(pte) && (pte & (PTE_D | PTE_COW))) pt[j] = pte = (pte & ~PTE_D) | PTE_COW;
      *d = pte;
    }
  }
  tlb_flush_asid(src->asid);
  tlb_shootdown(src);
  return vm;
oom: /* what is shared so far stays correct: a copy-on-write page whose sharer went is simply
      * made writable again at its next store */
  uvm_put(vm);
  tlb_flush_asid(src->asid);
  tlb_shootdown(src);
  return 0;
}

/* A store to the copy-on-write page whose PTE is pte (va in vm): give vm a page of its own, a
 * copy, unless no other address space maps the frame any more, and let it write. 0, or -1 if no
 * page was free (nothing changed then). */
static int cow_break(struct vmspace* vm, uint32_t va, uint32_t* pte) {
  char* old = P2V(PTE_ADDR(*pte));
  if (kshared(old)) {
    char* page = kalloc();
    if (page == 0) return -1;
    memcpy(page, old, PGSIZE);
    *pte = PA2PTE(V2P(page)) | (*pte & PTE_FLAGS);
    kunref(old);
  }
  *pte = (*pte & ~PTE_COW) | PTE_D;
  tlb_invalidate(va, vm->asid);
  if (vm->cores & ~(1u << coreid())) tlb_shootdown(vm); /* another core may map the old frame */
  return 0;
}

/* Whether user address va is mapped in vm: a page is there, accessible or not (mprotect.c keeps
 * a PROT_NONE page's frame in its PTE with V clear, so a PTE is 0 exactly when no page is). */
int uvm_mapped(struct vmspace* vm, uint32_t va) {
  if (va >= USERTOP) return 0;
  uint32_t* pte = walkpte(vm->pgdir, va, 0);
  return pte != 0 && *pte != 0;
}

/* Whether va lies in the region the user stack may grow into. */
static int instack(uint32_t va) { return va < USTACKTOP && va >= USTACKTOP - USTACKMAX; }

/* Whether pte marks an untouched page mprotect opened (mips.h): a zeroed page on first touch. */
static int opened(const uint32_t* pte) {
  return pte && (*pte & ~PTE_D) == PTE_NOFRAME_OPEN;
}

/* The valid PTE mapping user address va in vm, mapping a zeroed page first if va is in the
 * stack region (the stack grows on demand) or an anonymous region; 0 if va is not (and cannot
 * be) mapped. */
static uint32_t* userpte(struct vmspace* vm, uint32_t va) {
  if (va >= USERTOP) return 0;
  uint32_t* pte = walkpte(vm->pgdir, va, 0);
  if (pte && (*pte & PTE_V)) return pte;
  if (opened(pte)) { /* its protection is in the mark; the mark stays if memory runs out */
    uint32_t mark = *pte;
    *pte = 0;
    if (uvm_page(vm, PGROUNDDOWN(va), mark & PTE_D)) return pte;
    *pte = mark;
    return 0;
  }
  if (pte && *pte) return 0; /* PROT_NONE (mprotect.c) */
  int r = instack(va) ? -2 : regionof(vm, va);
  if (r == -1) return 0;
  if (uvm_page(vm, PGROUNDDOWN(va), r == -2 ? PTE_D : vm->regions[r].perm) == 0) return 0;
  return walkpte(vm->pgdir, va, 0);
}

/* Whether user address va of vm has no page yet but would get a zeroed one on first touch. */
static int demandzero(struct vmspace* vm, uint32_t va) {
  if (va >= USERTOP) return 0;
  uint32_t* pte = walkpte(vm->pgdir, va, 0);
  return opened(pte) || (!(pte && *pte) && (instack(va) || regionof(vm, va) >= 0));
}

/* A TLB exception (TLBL, TLBS, Mod) at user address va, a store if write. Returns 0 if the page
 * is now mapped as the access needs (the stack grew, or the TLB held a stale entry, now dropped)
 * so the instruction may be retried; -1 if the access is a fault; -2 if the access was right
 * but no page was free to map (out of memory: not the program's fault, so not a SIGSEGV). */
int uvm_fault(struct vmspace* vm, uint32_t va, int write) {
  uint32_t* pte = userpte(vm, va);
  if (pte == 0) return demandzero(vm, va) ? -2 : -1;
  if (write && !(*pte & PTE_D)) {
    if (!(*pte & PTE_COW)) return -1;
    return cow_break(vm, PGROUNDDOWN(va), pte) < 0 ? -2 : 0;
  }
  tlb_invalidate(va, vm->asid);
  return 0;
}

/* What a read of a demand-zero page nothing has written yet sees (Linux's zero page). */
static const char zeropage[PGSIZE] __attribute__((aligned(PGSIZE)));

/* Kernel (kseg0) address of user address va in vm, checked against the page table: 0 unless the
 * page is mapped (writable, if write). Grows the stack as a user access would, except that a
 * read of a demand-zero page not touched yet maps nothing and reads zeros: a 100 MB write()
 * from an untouched mapping must not take 100 MB of pages. */
void* uva2ka(struct vmspace* vm, uint32_t va, int write) {
  if (!write && va < USERTOP) {
    if (demandzero(vm, va)) return (char*)zeropage + va % PGSIZE;
  }
  uint32_t* pte = userpte(vm, va);
  if (pte && write && !(*pte & PTE_D) && (*pte & PTE_COW) && cow_break(vm, PGROUNDDOWN(va), pte) < 0)
    return 0;
  if (pte == 0 || (write && !(*pte & PTE_D))) return 0;
  if (!ownedpage(*pte)) return 0; /* a device page: a system call's buffer may not lie there */
  return (char*)P2V(PTE_ADDR(*pte)) + (va % PGSIZE);
}

/* Whether all of [va, va + len) is user memory of vm (writable, if write). */
int uvm_accessok(struct vmspace* vm, uint32_t va, uint32_t len, int write) {
  if (len == 0) return 1;
  if (va >= USERTOP || len > USERTOP - va) return 0;
  for (uint32_t pg = PGROUNDDOWN(va); pg < va + len; pg += PGSIZE)
    if (uva2ka(vm, pg, write) == 0) return 0;
  return 1;
}

/* Copy len bytes from kernel memory src to user address dst in vm. 0, or -1 (nothing or part
 * copied) if some page of the destination is not writable user memory. */
int copyout(struct vmspace* vm, uint32_t dst, const void* src, uint32_t len) {
  const char* s = src;
  while (len > 0) {
    char* k = uva2ka(vm, dst, 1);
    if (k == 0) return -1;
    uint32_t n = MIN(len, PGSIZE - dst % PGSIZE);
    memmove(k, s, n);
    s += n, dst += n, len -= n;
  }
  return 0;
}

/* Copy len bytes from user address src in vm to kernel memory dst. 0, or -1 if some page of the
 * source is not mapped user memory. */
int copyin(struct vmspace* vm, void* dst, uint32_t src, uint32_t len) {
  char* d = dst;
  while (len > 0) {
    const char* k = uva2ka(vm, src, 0);
    if (k == 0) return -1;
    uint32_t n = MIN(len, PGSIZE - src % PGSIZE);
    memmove(d, k, n);
    d += n, src += n, len -= n;
  }
  return 0;
}

/* Copy the NUL-terminated string at user address src in vm to dst (at most max bytes with the
 * NUL). Its length, or -EFAULT, or -ENAMETOOLONG if it does not fit. */
int copyinstr(struct vmspace* vm, char* dst, uint32_t src, uint32_t max) {
  for (uint32_t n = 0; n < max; n++, src++) {
    const char* k = uva2ka(vm, src, 0);
    if (k == 0) return -EFAULT;
    dst[n] = *k;
    if (*k == 0) return n;
  }
  return -ENAMETOOLONG;
}
