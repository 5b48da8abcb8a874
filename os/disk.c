/* The disk driver: Kasane's block device (include/kasane/devices.h), one block per request,
 * moved by DMA to and from the buffer's page. The device takes one request at a time, so requests
 * wait in a FIFO queue whose head is the one on the device; the completion interrupt (IP2), or a
 * poll from sleep() while there are no interrupts, ends it and starts the next.
 *
 * The queue and the buffers' indisk flags are guarded by the big kernel lock. */
#include <kasane/devices.h>
#include <kasane/platform.h>

#include "bio.h"
#include "defs.h"
#include "mips.h"
#include "param.h"

#define SECTORS_PER_BLOCK (bsize / KASANE_BLK_SECTOR_SIZE)
#define ENDED (KASANE_BLK_STATUS_DONE | KASANE_BLK_STATUS_ERROR)

_Static_assert(PGSIZE / KASANE_BLK_SECTOR_SIZE <= KASANE_BLK_MAX_COUNT, "a block is one request");

static uint32_t nsectors;  /* the disk's size; 0 when there is none */
static struct buf* queue;  /* requests in order; the head is on the device */

static volatile uint32_t* reg(uint32_t offset) { return IO(KASANE_BLOCKDEV_BASE + offset); }

/* Find the disk: read its size, and acknowledge whatever a previous run left pending. Called once
 * at boot, before any disk_rw. */
void disk_init(void) {
  nsectors = *reg(KASANE_BLK_SECTORS);
  *reg(KASANE_BLK_STATUS) = ENDED;
}

/* Whether a disk is attached (kasane-sim --disk). */
int disk_present(void) { return nsectors != 0; }

/* Whole blocks on the disk, of the block size now set (bsetsize). */
uint32_t disk_nblocks(void) { return nsectors / SECTORS_PER_BLOCK; }

/* Put request b on the device. The device must be idle. */
static void disk_start(struct buf* b) {
  *reg(KASANE_BLK_SECTOR) = b->blockno * SECTORS_PER_BLOCK;
  *reg(KASANE_BLK_COUNT) = SECTORS_PER_BLOCK;
  *reg(KASANE_BLK_DMA) = V2P(b->data);
  *reg(KASANE_BLK_CMD) = b->writing ? KASANE_BLK_CMD_WRITE : KASANE_BLK_CMD_READ;
}

/* Move block b->blockno between the disk and b->data: to the disk if write, else from it. The
 * caller owns b (busy), and the block lies on the disk. Returns when the transfer has ended,
 * having slept meanwhile, so other threads may have run; at boot (fs_init), with no kernel thread
 * to put to sleep, it polls the device instead. */
void disk_rw(struct buf* b, int write) {
  /* Not from user mode: a broken kernel invariant (callers inside the kernel). */
  if (!b->busy) panic("disk_rw: block %u is not owned", b->blockno);
  if (b->indisk) panic("disk_rw: block %u is already queued", b->blockno);
  /* Not from user mode: the file system checks every block number against the superblock. */
  if (b->blockno >= disk_nblocks())
    panic("disk_rw: block %u beyond the disk (%u blocks)", b->blockno, disk_nblocks());
  b->indisk = 1;
  b->writing = write;
  b->qnext = 0;
  struct buf** pp = &queue;
  while (*pp) pp = &(*pp)->qnext;
  *pp = b;
  if (queue == b) disk_start(b);
  while (b->indisk) {
    if (mykt())
      sleep(b);
    else
      disk_intr();
  }
}

/* The device interrupt, also called to poll: if the request on the device has ended, acknowledge
 * it, wake its owner and start the next. Does nothing when no request has ended, so a spurious
 * call is harmless. A refused request is a kernel bug (disk_rw checked the range; the buffer is
 * RAM), hence a panic. */
void disk_intr(void) {
  uint32_t status = *reg(KASANE_BLK_STATUS);
  if ((status & ENDED) == 0) return;
  *reg(KASANE_BLK_STATUS) = status & ENDED;
  struct buf* b = queue;
  if (b == 0) return; /* left over from before disk_init: nothing of ours */
  /* Not from user mode: a program reaches the disk only through checked block numbers. */
  if (status & KASANE_BLK_STATUS_ERROR)
    panic("disk: the device refused to %s block %u", b->writing ? "write" : "read", b->blockno);
  queue = b->qnext;
  b->indisk = 0;
  wakeup(b);
  if (queue) disk_start(queue);
}
