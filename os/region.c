/* Anonymous mmap regions: the ranges of an address space that get zeroed pages on first touch
 * (vm.c's userpte), as Linux's VMAs of anonymous memory.
 *
 * They live in one page from kalloc, taken at the first mmap and given back with the address
 * space, so struct proc carries a pointer instead of a table and a process that never maps
 * anything costs nothing. A page holds NREGION of them, kept packed at regions[0..nregions) so
 * that a lookup (every first touch of a page) reads only those in use. glibc's threads need one
 * each (the stack with its guard: mprotect changes PTEs, not regions), so this bounds them at a
 * few hundred rather than the 16 of a table in struct proc.
 *
 * As Linux does, a new mapping that continues a region of the same permission extends it rather
 * than taking a slot (mappings are placed one below the other, so thread stacks join), and an
 * munmap that cuts a region in two needs a slot for the upper part: ENOMEM without one, before
 * anything changes. Past NREGION, mmap is ENOMEM too. */
#include "defs.h"
#include "errno.h"
#include "mips.h"
#include "param.h"
#include "proc.h"

_Static_assert(NREGION * sizeof(struct region) <= PGSIZE, "NREGION regions fill one page");

/* The mmap region of vm that holds va, or -1. */
int regionof(struct vmspace* vm, uint32_t va) {
  for (int i = 0; i < vm->nregions; i++)
    if (va >= vm->regions[i].start && va < vm->regions[i].end) return i;
  return -1;
}

/* Record [start, end) (page-aligned, unmapped) as an anonymous region with permission perm:
 * its pages appear, zeroed, when first touched. It joins a region of the same permission that
 * it continues. 0, or -1 if vm has no free region slot or no page for them. */
int uvm_addregion(struct vmspace* vm, uint32_t start, uint32_t end, uint32_t perm) {
  for (int i = 0; i < vm->nregions; i++) {
    struct region* r = &vm->regions[i];
    if (r->perm != perm) continue;
    if (r->start == end) {
      r->start = start;
      return 0;
    }
    if (r->end == start) {
      r->end = end;
      return 0;
    }
  }
  if (vm->regions == 0 && (vm->regions = kalloc()) == 0) return -1;
  if (vm->nregions == NREGION) return -1;
  vm->regions[vm->nregions++] = (struct region){start, end, perm};
  return 0;
}

/* Unmap [start, end) (page-aligned) from the anonymous regions of vm: free its pages and cut it
 * out of the regions. 0, or -ENOMEM if it would cut a region in two and no slot is free for the
 * upper part (then nothing changes, as Linux's munmap past its map count). */
int uvm_unmapregion(struct vmspace* vm, uint32_t start, uint32_t end) {
  int splits = 0;
  for (int i = 0; i < vm->nregions; i++)
    splits += start > vm->regions[i].start && end < vm->regions[i].end;
  if (vm->nregions + splits > NREGION) return -ENOMEM;
  for (int i = 0; i < vm->nregions; i++) {
    struct region* r = &vm->regions[i];
    if (end <= r->start || start >= r->end) continue;
    uint32_t lo = start > r->start ? start : r->start, hi = end < r->end ? end : r->end;
    uvm_dealloc(vm, lo, hi);
    if (lo > r->start && hi < r->end) { /* the middle: the upper part becomes a new region */
      vm->regions[vm->nregions++] = (struct region){hi, r->end, r->perm};
      r->end = lo;
    } else if (lo > r->start) {
      r->end = lo;
    } else if (hi < r->end) {
      r->start = hi;
    } else { /* all of it: the last region takes its slot, which is looked at next */
      *r = vm->regions[--vm->nregions];
      i--;
    }
  }
  return 0;
}

/* Give dst, a new address space, the regions of src (uvm_copy). 0, or -1 if no page is free. */
int region_copy(struct vmspace* dst, struct vmspace* src) {
  if (src->regions == 0) return 0;
  if ((dst->regions = kalloc()) == 0) return -1;
  memcpy(dst->regions, src->regions, src->nregions * sizeof *src->regions);
  dst->nregions = src->nregions;
  return 0;
}

/* Give back vm's page of regions (uvm_free). */
void region_free(struct vmspace* vm) {
  if (vm->regions) kfree(vm->regions);
  vm->regions = 0;
  vm->nregions = 0;
}
