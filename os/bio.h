/* The block layer: the disk driver (disk.c) and the buffer cache above it (bio.c). A buffer holds
 * one block of the disk in a kalloc'ed page; the file system sets the block size when it mounts
 * (bsetsize: 1 KiB to a page).
 *
 * Every field is guarded by the big kernel lock; what outlives a sleep() is the busy flag: a
 * thread owns a buffer from bread()/bclear() to brelse(), and others wait for it in a loop. */
#ifndef KASANE_OS_BIO_H
#define KASANE_OS_BIO_H

#include <stdint.h>

struct buf {
  uint32_t blockno; /* which block of the disk */
  int busy;         /* owned by a thread (bread/bclear .. brelse) */
  int valid;        /* data holds the block as it is on the disk (or as bwrite will put it) */
  int unwritten;    /* zeroed by bclear, not yet written: brelse refuses it */
  int indisk;       /* queued for the disk, or on it (disk.c) */
  int writing;      /* the direction of that request: 1 = to the disk */
  struct buf* qnext; /* the next request in the disk queue */
  struct buf* prev;  /* the cache's list, most recently used first */
  struct buf* next;
  uint8_t* data; /* bsize bytes at the start of a page of kseg0: what the device moves by DMA */
};

/* What the cache did since boot, for statistics. */
struct biostats {
  uint32_t hits;   /* bread found the block in the cache: no disk access */
  uint32_t misses; /* bread read the block from the disk */
  uint32_t writes; /* blocks written to the disk */
};
extern struct biostats biostats;

extern uint32_t bsize; /* bytes per block: what bread and bwrite move (bio.c) */

/* disk.c */
void disk_init(void);
int disk_present(void);
uint32_t disk_nblocks(void);
void disk_rw(struct buf* b, int write);
void disk_intr(void);

/* bio.c */
void binit(void);
void bsetsize(uint32_t size);
int bbusy(void);
struct buf* bread(uint32_t blockno);
struct buf* bclear(uint32_t blockno);
void bwrite(struct buf* b);
void brelse(struct buf* b);

#endif /* KASANE_OS_BIO_H */
