/* Physical page allocator: 4 KiB pages, handed out as kseg0 addresses.
 *
 * Freed pages go on a free list threaded through the pages themselves (as in xv6). Pages never
 * used yet are handed out from a frontier that moves up through free memory, so boot does not
 * have to touch every page of RAM to build the list. */
#include "defs.h"
#include "mips.h"
#include "param.h"

struct run {
  struct run* next;
};

static struct {
  struct run* freelist; /* pages given back by kfree */
  uint32_t fresh;       /* next never-used page (physical) */
  uint32_t start, end;  /* the managed physical range [start, end) */
  uint32_t nfree;       /* pages available: on the list plus above the frontier */
} kmem;

/* Manage physical memory [pa_start, pa_end) (page-aligned, reachable through kseg0). */
void kinit(uint32_t pa_start, uint32_t pa_end) {
  /* Not from user mode: boot, before any program runs. */
  if (pa_start % PGSIZE || pa_end % PGSIZE || pa_start > pa_end || pa_end > KSEG0REACH)
    panic("kinit: bad range [0x%x, 0x%x)", pa_start, pa_end);
  kmem.freelist = 0;
  kmem.fresh = kmem.start = pa_start;
  kmem.end = pa_end;
  kmem.nfree = (pa_end - pa_start) / PGSIZE;
}

/* A free page (kseg0 address, contents undefined), or 0 if memory is exhausted. */
void* kalloc(void) {
  struct run* r = kmem.freelist;
  if (r) {
    kmem.freelist = r->next;
  } else if (kmem.fresh < kmem.end) {
    r = P2V(kmem.fresh);
    kmem.fresh += PGSIZE;
  } else {
    return 0;
  }
  kmem.nfree--;
  return r;
}

/* Pages kalloc can still hand out: exec checks a program's size against it before loading. */
uint32_t kfreepages(void) { return kmem.nfree; }

/* Pages of memory kalloc manages, free or not: /proc/meminfo's total. */
uint32_t ktotalpages(void) { return (kmem.end - kmem.start) / PGSIZE; }

/* A free page filled with zeros, or 0 if memory is exhausted. */
void* kzalloc(void) {
  void* p = kalloc();
  if (p) memset(p, 0, PGSIZE);
  return p;
}

/* Give back a page that kalloc returned. */
void kfree(void* page) {
  uint32_t pa = V2P(page);
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (pa % PGSIZE || pa < kmem.start || pa >= kmem.fresh) panic("kfree: bad page %p", page);
  struct run* r = page;
  r->next = kmem.freelist;
  kmem.freelist = r;
  kmem.nfree++;
}

/* The pages managed and those free now, for sysinfo (the fuzzer's leak check compares them). */
void kmemcount(uint32_t* total, uint32_t* nfree) {
  *total = (kmem.end - kmem.start) / PGSIZE;
  *nfree = kmem.nfree;
}
