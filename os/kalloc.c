/* Physical page allocator: 4 KiB pages, handed out as kseg0 addresses.
 *
 * Freed pages go on a free list threaded through the pages themselves (as in xv6). Pages never
 * used yet are handed out from a frontier that moves up through free memory, so boot does not
 * have to touch every page of RAM to build the list.
 *
 * A user page that fork shares between address spaces (vm.c, copy-on-write) counts its extra
 * references: kref adds one, kunref drops one or frees the page when none is left. The counts
 * live in pages of counters, one per REFSPAN pages of RAM, taken when one of those pages is
 * first shared and given back when none of them is any more: a machine that does not fork keeps
 * none, and free memory comes back whole when the forked processes are gone (the fuzzer's leak
 * check). */
#include "defs.h"
#include "mips.h"
#include "param.h"

struct run {
  struct run* next;
};

#define REFSPAN (PGSIZE / 2) /* pages whose counts (uint16_t) one page of counters holds */
#define NREFPAGE (KSEG0REACH / PGSIZE / REFSPAN)

static struct {
  struct run* freelist; /* pages given back by kfree */
  uint16_t* refs[NREFPAGE]; /* extra references of each page, by physical page number */
  uint16_t inuse[NREFPAGE]; /* how many counters of each page of counters are not 0 */
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

/* The extra-reference counter of page, or 0 if none was ever made for its part of RAM. */
static uint16_t* refof(void* page) {
  uint32_t n = V2P(page) / PGSIZE;
  uint16_t* counts = kmem.refs[n / REFSPAN];
  return counts ? &counts[n % REFSPAN] : 0;
}

/* One more address space maps page (a user page, from kalloc). 0, or -1 if the page of counters
 * its part of RAM needs could not be had (nothing changed then). */
int kref(void* page) {
  uint32_t n = V2P(page) / PGSIZE;
  if (kmem.refs[n / REFSPAN] == 0 && (kmem.refs[n / REFSPAN] = kzalloc()) == 0) return -1;
  uint16_t* r = refof(page);
  /* Not from user mode: NVMSPACE address spaces at most share a page. */
  if (*r == 0xffff) panic("kref: page %p has too many references", page);
  if ((*r)++ == 0) kmem.inuse[n / REFSPAN]++;
  return 0;
}

/* Whether page is mapped by more than one address space. */
int kshared(void* page) {
  uint16_t* r = refof(page);
  return r && *r > 0;
}

/* An address space stops mapping page: it goes back to the free list with its last user. */
void kunref(void* page) {
  uint16_t* r = refof(page);
  if (r == 0 || *r == 0) {
    kfree(page);
    return;
  }
  uint32_t i = V2P(page) / PGSIZE / REFSPAN;
  if (--(*r) == 0 && --kmem.inuse[i] == 0) { /* its page of counters is all zeros again */
    void* counters = kmem.refs[i];
    kmem.refs[i] = 0;
    kfree(counters);
  }
}

/* Give back a page that kalloc returned (and that no other address space maps). */
void kfree(void* page) {
  uint32_t pa = V2P(page);
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (pa % PGSIZE || pa < kmem.start || pa >= kmem.fresh) panic("kfree: bad page %p", page);
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (kshared(page)) panic("kfree: page %p is still shared", page);
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
