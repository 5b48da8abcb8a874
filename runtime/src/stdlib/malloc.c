/* malloc, free, realloc - a boundary-tag allocator over brk with segregated free lists.
 *
 * Every chunk starts with two words: psize, the size of the chunk below it, and csize, its own
 * size; the low bit of each says "in use". Sizes are multiples of 8, so payloads are 8-byte
 * aligned as o32 needs for long long and double. Storing both sizes lets free() find both
 * neighbours in O(1) and merge with whichever is free, so free chunks are never adjacent. Free
 * chunks are kept in 64 bins by size (exact 16-byte classes below 512, then two bins per power of
 * two); a bitmap of non-empty bins makes finding the smallest suitable bin a couple of ctz.
 * Allocation is first fit within a bin, and chunks are split when the rest can stand alone.
 *
 * The heap is one or more segments obtained with sbrk. Each ends in an 8-byte fencepost header
 * marked in use with size 0, so no chunk ever merges past the end; the first chunk's psize also
 * says "in use". Memory is never given back to the kernel. Not thread-safe (no threads yet). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct chunk {
  size_t psize, csize;
  struct chunk *next, *prev; /* free-list links, only while free */
};

#define OVERHEAD (2 * sizeof(size_t))
#define MIN_CHUNK sizeof(struct chunk)
#define C_INUSE ((size_t)1)
#define SIZE(c) ((c)->csize & ~C_INUSE)
#define NEXT(c) ((struct chunk*)((char*)(c) + SIZE(c)))
#define PREV(c) ((struct chunk*)((char*)(c) - ((c)->psize & ~C_INUSE)))
#define MEM(c) ((void*)((char*)(c) + OVERHEAD))
#define CHUNK(p) ((struct chunk*)((char*)(p) - OVERHEAD))
#define NBINS 64
#define GROW_MIN (64 * 1024) /* fewer brk calls; the remainder stays free for later */

static struct chunk* bins[NBINS];
static uint32_t binmap[2];
static char* heap_end; /* end of the newest segment, just past its fencepost */

static int bin_index(size_t s) {
  if (s < 512) return (int)(s >> 4);
  int k = 31 - __builtin_clz(s); /* 9.. */
  int i = 32 + (k - 9) * 2 + (int)((s >> (k - 1)) & 1);
  return i < NBINS ? i : NBINS - 1;
}

static void bin_insert(struct chunk* c) {
  int i = bin_index(SIZE(c));
  c->prev = NULL;
  c->next = bins[i];
  if (c->next) c->next->prev = c;
  bins[i] = c;
  binmap[i >> 5] |= 1u << (i & 31);
}

static void bin_remove(struct chunk* c) {
  int i = bin_index(SIZE(c));
  if (c->prev)
    c->prev->next = c->next;
  else
    bins[i] = c->next;
  if (c->next) c->next->prev = c->prev;
  if (!bins[i]) binmap[i >> 5] &= ~(1u << (i & 31));
}

/* Sets c's size and in-use bit in both places that record them. */
static void set_chunk(struct chunk* c, size_t size, size_t inuse) {
  c->csize = size | inuse;
  ((struct chunk*)((char*)c + size))->psize = size | inuse;
}

/* Frees c (which must be marked in use): merges it with free neighbours and bins the result. */
static void release(struct chunk* c) {
  size_t size = SIZE(c);
  struct chunk* n = NEXT(c);
  if (!(n->csize & C_INUSE)) {
    bin_remove(n);
    size += SIZE(n);
  }
  if (!(c->psize & C_INUSE)) {
    c = PREV(c);
    bin_remove(c);
    size += SIZE(c);
  }
  set_chunk(c, size, 0);
  bin_insert(c);
}

/* Cuts an in-use chunk down to size bytes, freeing the tail if it is big enough to be a chunk. */
static void trim(struct chunk* c, size_t size) {
  size_t rest = SIZE(c) - size;
  if (rest < MIN_CHUNK) return;
  struct chunk* t = (struct chunk*)((char*)c + size);
  set_chunk(c, size, C_INUSE);
  set_chunk(t, rest, C_INUSE);
  release(t);
}

/* Finds and unbins a free chunk of at least size bytes, or returns NULL. */
static struct chunk* take(size_t size) {
  int i = bin_index(size);
  for (struct chunk* c = bins[i]; c; c = c->next) /* the only bin that may hold smaller ones */
    if (SIZE(c) >= size) {
      bin_remove(c);
      return c;
    }
  /* Any chunk in a higher bin is big enough: take the head of the first non-empty one. */
  for (int j = i + 1; j < NBINS; j = (j | 31) + 1) {
    uint32_t m = binmap[j >> 5] & (~0u << (j & 31));
    if (m) {
      struct chunk* c = bins[(j & ~31) + __builtin_ctz(m)];
      bin_remove(c);
      return c;
    }
  }
  return NULL;
}

/* Gets at least size more bytes from the kernel and frees them into the bins. */
static int grow(size_t size) {
  size_t n = size + OVERHEAD; /* room for a new fencepost (or a new segment's) */
  if (n < GROW_MIN) n = GROW_MIN;
  char* cur = sbrk(0);
  if (cur == (char*)-1) return -1;
  size_t pad = cur == heap_end ? 0 : (size_t)(-(uintptr_t)cur & 7); /* new segments align */
  if (n + pad > PTRDIFF_MAX || sbrk((intptr_t)(n + pad)) != cur) return -1;

  struct chunk* c;
  if (cur == heap_end) {
    c = (struct chunk*)(cur - OVERHEAD); /* the old fencepost becomes the new chunk's header */
  } else {
    c = (struct chunk*)(cur + pad); /* a new segment: nothing below it to merge with */
    c->psize = C_INUSE;
    n -= OVERHEAD; /* its own fencepost */
  }
  heap_end = cur + pad + n + (cur == heap_end ? 0 : OVERHEAD);
  struct chunk* fence = (struct chunk*)(heap_end - OVERHEAD);
  fence->csize = C_INUSE;
  set_chunk(c, (size_t)((char*)fence - (char*)c), C_INUSE);
  release(c);
  return 0;
}

/* Chunk size for an n-byte request, or 0 if it cannot possibly be satisfied. */
static size_t request_size(size_t n) {
  if (n > PTRDIFF_MAX - GROW_MIN) return 0;
  size_t s = (n + OVERHEAD + 7) & ~(size_t)7;
  return s < MIN_CHUNK ? MIN_CHUNK : s;
}

void* malloc(size_t n) {
  size_t size = request_size(n);
  struct chunk* c;
  if (!size) goto nomem;
  if (!(c = take(size))) {
    if (grow(size) || !(c = take(size))) goto nomem;
  }
  set_chunk(c, SIZE(c), C_INUSE);
  trim(c, size);
  return MEM(c);
nomem:
  errno = ENOMEM;
  return NULL;
}

void free(void* p) {
  if (!p) return;
  struct chunk* c = CHUNK(p);
  /* Cheap checks that catch double frees and most overruns of the previous chunk's payload. */
  if (!(c->csize & C_INUSE) || NEXT(c)->psize != c->csize) abort();
  release(c);
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
  if (!(c->csize & C_INUSE) || NEXT(c)->psize != c->csize) abort();
  if (SIZE(c) < size) {
    /* Grow in place by swallowing a free successor when that is enough. */
    struct chunk* nx = NEXT(c);
    if ((nx->csize & C_INUSE) || SIZE(c) + SIZE(nx) < size) {
      void* q = malloc(n);
      if (q) {
        memcpy(q, p, SIZE(c) - OVERHEAD);
        free(p);
      }
      return q;
    }
    bin_remove(nx);
    set_chunk(c, SIZE(c) + SIZE(nx), C_INUSE);
  }
  trim(c, size);
  return p;
}
