/* DMA into lines other cores hold: the last CPU (on the last core) writes a one-sector buffer,
 * so its L1D holds every line Modified, and CPU 0 (on core 0) reads the first half of it, so those
 * lines are Shared by both. Then the last CPU has the block device read sector 1 into the buffer
 * by DMA, polls STATUS until the request ends, and both read the buffer again: each must see the
 * disk's data (word k of sector 1 is 512 + 4k, tests/host/test_several_cores.py makes the image),
 * never the words they wrote or read before. The DMA must invalidate their copies; the counts are
 * in stats.json's "coherence" (pipeline model). CPU 0 prints the verdict. */
#include "smp.h"

#define SECTOR_WORDS (KASANE_BLK_SECTOR_SIZE / 4)
#define STALE 0xdead0000u

static uint32_t buf[SECTOR_WORDS] __attribute__((aligned(64)));
static volatile uint32_t written, shared, dma_done, checked;
static volatile uint32_t failures;

/* Word k of the buffer against what the disk holds there; counts each mismatch. */
static void check_buffer(uint32_t words) {
  volatile uint32_t* b = buf;
  for (uint32_t k = 0; k < words; ++k)
    if (b[k] != KASANE_BLK_SECTOR_SIZE + 4 * k) atomic_add(&failures, 1);
}

/* Sector 1 into the buffer by DMA, polling (no interrupt is taken: Status.IE is 0). Returns 0 if
 * the request ended with DONE alone, else its STATUS. */
static uint32_t dma_read_sector_1(void) {
  volatile uint32_t* blk = BARE_IO(KASANE_BLOCKDEV_BASE);
  blk[KASANE_BLK_SECTOR / 4] = 1;
  blk[KASANE_BLK_COUNT / 4] = 1;
  blk[KASANE_BLK_DMA / 4] = (uint32_t)buf & 0x1fffffffu; /* kseg0 to physical */
  blk[KASANE_BLK_CMD / 4] = KASANE_BLK_CMD_READ;
  uint32_t status;
  while ((status = blk[KASANE_BLK_STATUS / 4]) & KASANE_BLK_STATUS_BUSY) {
  }
  blk[KASANE_BLK_STATUS / 4] = status; /* acknowledge */
  return status == KASANE_BLK_STATUS_DONE ? 0 : status;
}

int main(uint32_t cpu, uint32_t cpus) {
  const uint32_t last = cpus - 1;
  if (cpu == last) {
    volatile uint32_t* b = buf;
    for (uint32_t k = 0; k < SECTOR_WORDS; ++k) b[k] = STALE + k;
    written = 1;
    while (!shared) {
    }
    if (dma_read_sector_1()) atomic_add(&failures, 1);
    check_buffer(SECTOR_WORDS);
    dma_done = 1;
    while (!checked) {
    }
    return 0;
  }
  if (cpu != 0) return 0;
  while (!written) {
  }
  /* Read half the buffer: those lines become Shared by both cores' L1Ds. */
  volatile uint32_t* b = buf;
  for (uint32_t k = 0; k < SECTOR_WORDS / 2; ++k)
    if (b[k] != STALE + k) atomic_add(&failures, 1);
  shared = 1;
  while (!dma_done) {
  }
  check_buffer(SECTOR_WORDS);
  checked = 1;
  return verdict("dma-into-a-held-line", cpus < 2 ? 1 : failures);
}
