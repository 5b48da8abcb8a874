/* malloc, free, realloc - a thread-safe boundary-tag allocator over brk, with one arena per
 * hardware context and segregated free lists in each.
 *
 * Chunks. Every chunk starts with two words: psize, the size of the chunk below it, and csize,
 * its own size. Sizes are multiples of 8, so payloads are 8-byte aligned as o32 needs for long
 * long and double, and the low three bits of both words are flags: bit 0 says "in use", bits 1-2
 * name the arena the chunk belongs to. Storing both sizes lets free() find both neighbours in
 * O(1) and merge with whichever is free, so free chunks are never adjacent. Free chunks are kept
 * in 64 bins by size (exact 16-byte classes below 512, then two bins per power of two); a bitmap
 * of non-empty bins makes finding the smallest suitable bin a couple of ctz. Allocation is first
 * fit within a bin, and chunks are split when the rest can stand alone.
 *
 * Segments. An arena's memory is one or more segments obtained with sbrk. Each ends in an 8-byte
 * fencepost header marked in use with size 0, so no chunk ever merges past the end; the first
 * chunk's psize also says "in use". An arena extends its newest segment in place when the break
 * is still where that segment ends, and otherwise (another arena or a foreign sbrk moved it)
 * starts a new one. Memory is never given back to the kernel.
 *
 * Arenas and threads. There are NARENAS arenas, each with its own bins and its own lock (lock.h).
 * malloc picks the arena of the hardware context it runs on (RDHWR CPUNum, a_cpunum), so threads
 * on different contexts of the SMT core allocate without contending; the choice is only a hint
 * (a thread may move), which is fine because every chunk names its arena in its flag bits: free
 * and realloc lock the chunk's arena, whichever context they run on, and neighbours always share
 * an arena because a segment belongs to one. Two flag bits give four arenas, one per context of
 * the default core; with more contexts, contexts share arenas (correct, just more contention).
 * sbrk(0) followed by sbrk(n) must not interleave with another arena's, so growing also takes
 * brk_lock (always after an arena lock, never before). If an arena's own memory and the kernel
 * are both exhausted, malloc tries the other arenas' free chunks before failing. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lock.h"

struct chunk {
  size_t psize, csize;
  struct chunk *next, *prev; /* free-list links, only while free */
};

#define NBINS 64
#define NARENAS 4 /* what the two arena bits can name */

struct arena {
  volatile int lock;
  uint32_t binmap[2];
  char* heap_end; /* end of this arena's newest segment, just past its fencepost */
  struct chunk* bins[NBINS];
};

#define OVERHEAD (2 * sizeof(size_t))
#define MIN_CHUNK sizeof(struct chunk)
#define C_INUSE ((size_t)1)
#define C_FLAGS ((size_t)7)
#define ARENA_SHIFT 1
#define SIZE(c) ((c)->csize & ~C_FLAGS)
#define NEXT(c) ((struct chunk*)((char*)(c) + SIZE(c)))
#define PREV(c) ((struct chunk*)((char*)(c) - ((c)->psize & ~C_FLAGS)))
#define MEM(c) ((void*)((char*)(c) + OVERHEAD))
#define CHUNK(p) ((struct chunk*)((char*)(p) - OVERHEAD))
#define GROW_MIN (64 * 1024) /* fewer brk calls; the remainder stays free for later */

static struct arena arenas[NARENAS];
static volatile int brk_lock;

/* The arena bits of a's chunks. */
static size_t tag(struct arena* a) { return (size_t)(a - arenas) << ARENA_SHIFT; }

static struct arena* arena_of(struct chunk* c) {
  return &arenas[(c->csize >> ARENA_SHIFT) & (NARENAS - 1)];
}

static int bin_index(size_t s) {
  if (s < 512) return (int)(s >> 4);
  int k = 31 - __builtin_clz(s); /* 9.. */
  int i = 32 + (k - 9) * 2 + (int)((s >> (k - 1)) & 1);
  return i < NBINS ? i : NBINS - 1;
}

static void bin_insert(struct arena* a, struct chunk* c) {
  int i = bin_index(SIZE(c));
  c->prev = NULL;
  c->next = a->bins[i];
  if (c->next) c->next->prev = c;
  a->bins[i] = c;
  a->binmap[i >> 5] |= 1u << (i & 31);
}

static void bin_remove(struct arena* a, struct chunk* c) {
  int i = bin_index(SIZE(c));
  if (c->prev)
    c->prev->next = c->next;
  else
    a->bins[i] = c->next;
  if (c->next) c->next->prev = c->prev;
  if (!a->bins[i]) a->binmap[i >> 5] &= ~(1u << (i & 31));
}

/* Sets c's size and flags (in use, arena) in both places that record them. */
static void set_chunk(struct chunk* c, size_t size, size_t flags) {
  c->csize = size | flags;
  ((struct chunk*)((char*)c + size))->psize = size | flags;
}

/* Frees c (which must be marked in use): merges it with free neighbours and bins the result. */
static void release(struct arena* a, struct chunk* c) {
  size_t size = SIZE(c);
  struct chunk* n = NEXT(c);
  if (!(n->csize & C_INUSE)) {
    bin_remove(a, n);
    size += SIZE(n);
  }
  if (!(c->psize & C_INUSE)) {
    c = PREV(c);
    bin_remove(a, c);
    size += SIZE(c);
  }
  set_chunk(c, size, tag(a));
  bin_insert(a, c);
}

/* Cuts an in-use chunk down to size bytes, freeing the tail if it is big enough to be a chunk. */
static void trim(struct arena* a, struct chunk* c, size_t size) {
  size_t rest = SIZE(c) - size;
  if (rest < MIN_CHUNK) return;
  struct chunk* t = (struct chunk*)((char*)c + size);
  set_chunk(c, size, C_INUSE | tag(a));
  set_chunk(t, rest, C_INUSE | tag(a));
  release(a, t);
}

/* Finds and unbins a free chunk of at least size bytes, or returns NULL. */
static struct chunk* take(struct arena* a, size_t size) {
  int i = bin_index(size);
  for (struct chunk* c = a->bins[i]; c; c = c->next) /* the only bin that may hold smaller ones */
    if (SIZE(c) >= size) {
      bin_remove(a, c);
      return c;
    }
  /* Any chunk in a higher bin is big enough: take the head of the first non-empty one. */
  for (int j = i + 1; j < NBINS; j = (j | 31) + 1) {
    uint32_t m = a->binmap[j >> 5] & (~0u << (j & 31));
    if (m) {
      struct chunk* c = a->bins[(j & ~31) + __builtin_ctz(m)];
      bin_remove(a, c);
      return c;
    }
  }
  return NULL;
}

/* Gets at least size more bytes from the kernel and frees them into a's bins. */
static int grow(struct arena* a, size_t size) {
  size_t n = size + OVERHEAD; /* room for a new fencepost (or a new segment's) */
  if (n < GROW_MIN) n = GROW_MIN;
  __lock(&brk_lock);
  char* cur = sbrk(0);
  int extend = cur == a->heap_end;
  size_t pad = extend ? 0 : (size_t)(-(uintptr_t)cur & 7); /* new segments align */
  if (cur == (char*)-1 || n + pad > PTRDIFF_MAX || sbrk((intptr_t)(n + pad)) != cur) {
    __unlock(&brk_lock);
    return -1;
  }
  __unlock(&brk_lock);

  struct chunk* c;
  if (extend) {
    c = (struct chunk*)(cur - OVERHEAD); /* the old fencepost becomes the new chunk's header */
  } else {
    c = (struct chunk*)(cur + pad); /* a new segment: nothing below it to merge with */
    c->psize = C_INUSE | tag(a);
    n -= OVERHEAD; /* its own fencepost */
  }
  a->heap_end = cur + pad + n + (extend ? 0 : OVERHEAD);
  struct chunk* fence = (struct chunk*)(a->heap_end - OVERHEAD);
  fence->csize = C_INUSE | tag(a);
  set_chunk(c, (size_t)((char*)fence - (char*)c), C_INUSE | tag(a));
  release(a, c);
  return 0;
}

/* Chunk size for an n-byte request, or 0 if it cannot possibly be satisfied. */
static size_t request_size(size_t n) {
  if (n > PTRDIFF_MAX - GROW_MIN) return 0;
  size_t s = (n + OVERHEAD + 7) & ~(size_t)7;
  return s < MIN_CHUNK ? MIN_CHUNK : s;
}

/* With a's lock held: a chunk of exactly size bytes (give or take a remainder too small to split
 * off), marked in use, from a's bins or from new memory; NULL if neither has it. */
static struct chunk* alloc_in(struct arena* a, size_t size, int may_grow) {
  struct chunk* c = take(a, size);
  if (!c && may_grow && !grow(a, size)) c = take(a, size);
  if (!c) return NULL;
  set_chunk(c, SIZE(c), C_INUSE | tag(a));
  trim(a, c, size);
  return c;
}

void* malloc(size_t n) {
  size_t size = request_size(n);
  if (!size) goto nomem;
  struct arena* own = &arenas[a_cpunum() & (NARENAS - 1)];
  __lock(&own->lock);
  struct chunk* c = alloc_in(own, size, 1);
  __unlock(&own->lock);
  /* The kernel has no more memory: what the other arenas hold free is all there is. */
  for (struct arena* a = arenas; !c && a < arenas + NARENAS; a++) {
    if (a == own) continue;
    __lock(&a->lock);
    c = alloc_in(a, size, 0);
    __unlock(&a->lock);
  }
  if (c) return MEM(c);
nomem:
  errno = ENOMEM;
  return NULL;
}

/* Cheap checks that catch double frees and most overruns of the previous chunk's payload. */
static void check_in_use(struct chunk* c) {
  if (!(c->csize & C_INUSE) || NEXT(c)->psize != c->csize) abort();
}

void free(void* p) {
  if (!p) return;
  struct chunk* c = CHUNK(p);
  /* An in-use chunk's arena bits change only through its owner, so reading them unlocked is
   * safe; its neighbours may be changing, hence the lock before anything else is looked at. */
  struct arena* a = arena_of(c);
  __lock(&a->lock);
  check_in_use(c);
  release(a, c);
  __unlock(&a->lock);
}

/* memalign.c's core: n bytes at a multiple of align (a power of two). Over-allocates by align
 * plus a minimum chunk, then frees the part below the first aligned address that leaves room
 * for a chunk there, and trims the tail as malloc would. */
void* __memalign(size_t align, size_t n) {
  if (align <= 8) return malloc(n); /* every chunk is 8-aligned already */
  if (n > PTRDIFF_MAX - GROW_MIN - align - MIN_CHUNK) {
    errno = ENOMEM;
    return NULL;
  }
  char* p = malloc(n + align - 1 + MIN_CHUNK);
  if (!p || ((uintptr_t)p & (align - 1)) == 0) return p;
  char* mem = (char*)(((uintptr_t)p + MIN_CHUNK + align - 1) & -(uintptr_t)align);
  struct chunk* c = CHUNK(p);
  struct chunk* d = CHUNK(mem);
  struct arena* a = arena_of(c);
  __lock(&a->lock);
  size_t total = SIZE(c), front = (size_t)((char*)d - (char*)c);
  set_chunk(c, front, C_INUSE | tag(a));
  set_chunk(d, total - front, C_INUSE | tag(a));
  release(a, c);
  trim(a, d, request_size(n));
  __unlock(&a->lock);
  return mem;
}

void* realloc(void* p, size_t n) {
  if (!p) return malloc(n);
  if (!n) {
    free(p);
    return NULL;
  }
  size_t size = request_size(n);
  if (!size) {
    errno = ENOMEM;
    return NULL;
  }
  struct chunk* c = CHUNK(p);
  struct arena* a = arena_of(c);
  __lock(&a->lock);
  check_in_use(c);
  if (SIZE(c) < size) {
    /* Grow in place by swallowing a free successor when that is enough. */
    struct chunk* nx = NEXT(c);
    if ((nx->csize & C_INUSE) || SIZE(c) + SIZE(nx) < size) {
      size_t old = SIZE(c) - OVERHEAD;
      __unlock(&a->lock); /* c stays ours: nobody else touches an in-use chunk's payload */
      void* q = malloc(n);
      if (q) {
        memcpy(q, p, old);
        free(p);
      }
      return q;
    }
    bin_remove(a, nx);
    set_chunk(c, SIZE(c) + SIZE(nx), C_INUSE | tag(a));
  }
  trim(a, c, size);
  __unlock(&a->lock);
  return p;
}
