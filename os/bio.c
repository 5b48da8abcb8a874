/* The buffer cache: NBUF blocks of the disk kept in memory, so that reading a block again costs no
 * disk access, and so that two threads working on one block share one copy of it.
 *
 * A thread owns a buffer from bread() (or bclear()) to brelse(); meanwhile it may read and change
 * b->data, and others that want the same block sleep until it is released. Writes are
 * synchronous and go straight through (bwrite), so the disk is always as current as the cache
 * and a buffer nobody owns can be reused for another block at any time: the least recently used
 * one is. Fields are guarded by the big kernel lock, as everywhere. */
#include "bio.h"
#include "defs.h"
#include "param.h"

static struct {
  struct buf buf[NBUF];
  struct buf head; /* of the list through prev/next: head.next is the most recently used */
} bcache;

struct biostats biostats;
uint32_t bsize = PGSIZE;

/* Allocate the buffers' pages and link them into the list. Called once, before any bread. */
void binit(void) {
  bcache.head.prev = bcache.head.next = &bcache.head;
  for (struct buf* b = bcache.buf; b < &bcache.buf[NBUF]; b++) {
    b->data = kalloc();
    /* Not from user mode: boot, before any program runs. */
    if (b->data == 0) panic("binit: no memory for %d buffers", NBUF);
    b->next = bcache.head.next;
    b->prev = &bcache.head;
    bcache.head.next->prev = b;
    bcache.head.next = b;
  }
}

/* Make blocks size bytes (a power of two from 512 to a page): the file system's block size, which
 * it learns from the superblock. Forgets every cached block, so no buffer may be owned. */
void bsetsize(uint32_t size) {
  /* Not from user mode: fs.c calls it at mount, before any program runs. */
  if (size < 512 || size > PGSIZE || (size & (size - 1))) panic("bsetsize: %u bytes", size);
  for (struct buf* b = bcache.buf; b < &bcache.buf[NBUF]; b++) {
    if (b->busy) panic("bsetsize: block %u is owned", b->blockno);
    b->valid = 0;
  }
  bsize = size;
}

/* Whether some thread owns a buffer now (it may be asleep on the disk, in the middle of a
 * system call). */
int bbusy(void) {
  for (struct buf* b = bcache.buf; b < &bcache.buf[NBUF]; b++)
    if (b->busy) return 1;
  return 0;
}

/* The cached copy of blockno: valid, or being read by its owner right now; 0 if there is none. */
static struct buf* bfind(uint32_t blockno) {
  for (struct buf* b = bcache.head.next; b != &bcache.head; b = b->next)
    if (b->blockno == blockno && (b->valid || b->busy)) return b;
  return 0;
}

/* Own the buffer of blockno: its cached copy (after waiting for its owner to release it), or else
 * the least recently used buffer nobody owns, marked invalid. Sleeps while every buffer is owned:
 * each owner releases its buffers without waiting for more than a few others. */
static struct buf* bget(uint32_t blockno) {
  for (;;) {
    struct buf* b = bfind(blockno);
    if (b && !b->busy) {
      b->busy = 1;
      return b;
    }
    if (b) {
      sleep(b); /* its owner may change it: look it up again after */
      continue;
    }
    for (b = bcache.head.prev; b != &bcache.head; b = b->prev) {
      if (b->busy) continue;
      b->blockno = blockno;
      b->valid = 0;
      b->busy = 1;
      return b;
    }
    sleep(&bcache);
  }
}

/* Own the buffer of blockno, holding the block's contents: from the cache if it is there (a hit,
 * at once), else read from the disk (a miss, which sleeps). */
struct buf* bread(uint32_t blockno) {
  /* Not from user mode: boot, before any program runs. */
  if (bcache.head.next == 0) panic("bread: binit has not run");
  struct buf* b = bget(blockno);
  if (b->valid) {
    biostats.hits++;
    return b;
  }
  biostats.misses++;
  disk_rw(b, 0);
  b->valid = 1;
  return b;
}

/* Own the buffer of blockno, filled with zeros without reading the disk: for a block just
 * allocated, whose old contents nobody may see. The caller must bwrite it before brelse. */
struct buf* bclear(uint32_t blockno) {
  /* Not from user mode: boot, before any program runs. */
  if (bcache.head.next == 0) panic("bclear: binit has not run");
  struct buf* b = bget(blockno);
  memset(b->data, 0, bsize);
  b->valid = 1;
  b->unwritten = 1;
  return b;
}

/* Write b's data to its block on the disk, and wait until it is there. The caller owns b. */
void bwrite(struct buf* b) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!b->busy) panic("bwrite: block %u is not owned", b->blockno);
  disk_rw(b, 1);
  b->unwritten = 0;
  biostats.writes++;
}

/* Give up b: it becomes the most recently used buffer, and threads waiting for it (or for any
 * buffer) may take it. The caller owns b and has written what it changed. */
void brelse(struct buf* b) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!b->busy) panic("brelse: block %u is not owned", b->blockno);
  if (b->unwritten) panic("brelse: block %u was cleared but never written", b->blockno);
  b->busy = 0;
  b->next->prev = b->prev;
  b->prev->next = b->next;
  b->next = bcache.head.next;
  b->prev = &bcache.head;
  bcache.head.next->prev = b;
  bcache.head.next = b;
  wakeup(b);
  wakeup(&bcache);
}
