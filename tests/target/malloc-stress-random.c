/* malloc-stress-random - 6,000 random malloc/free/realloc operations on 256 slots, sizes from 1
 * byte to 16 KiB: every block keeps its fill pattern, is 8-byte aligned and distinct; a second
 * round after freeing everything reuses the heap instead of growing it much. (Sized to take a
 * few seconds on the cycle-level simulator.)
 * Expect: status 0 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

#define SLOTS 256
static uint8_t* ptr[SLOTS];
static size_t len[SLOTS];
static uint8_t seed[SLOTS];

static size_t random_size(void) {
  int r = rand() % 100;
  if (r < 60) return (size_t)(rand() % 64 + 1);
  if (r < 97) return (size_t)(rand() % 1024 + 1);
  return (size_t)(rand() % 16384 + 1);
}

static void fill(int i, size_t from) {
  for (size_t k = from; k < len[i]; k++) ptr[i][k] = (uint8_t)(seed[i] + k * 7);
}

static int intact(int i, size_t n) {
  for (size_t k = 0; k < n; k++)
    if (ptr[i][k] != (uint8_t)(seed[i] + k * 7)) return 0;
  return 1;
}

static int round_of(int ops, unsigned* checksum) {
  int bad = 0;
  for (int op = 0; op < ops; op++) {
    int i = rand() % SLOTS, what = rand() % 3;
    if (ptr[i] && !intact(i, len[i])) bad++;
    if (what == 0 || (!ptr[i] && what == 1)) { /* (re)allocate */
      free(ptr[i]);
      len[i] = random_size();
      seed[i] = (uint8_t)rand();
      ptr[i] = malloc(len[i]);
      if (!ptr[i] || ((uintptr_t)ptr[i] & 7)) { bad++; ptr[i] = 0; continue; }
      fill(i, 0);
    } else if (what == 1) { /* resize, keeping the common prefix */
      size_t n = random_size();
      uint8_t* q = realloc(ptr[i], n);
      if (!q || ((uintptr_t)q & 7)) { bad++; continue; }
      ptr[i] = q;
      size_t keep = n < len[i] ? n : len[i];
      if (!intact(i, keep)) bad++;
      len[i] = n;
      fill(i, keep);
    } else {
      free(ptr[i]);
      ptr[i] = 0;
    }
    *checksum = *checksum * 31 + (unsigned)len[i];
  }
  for (int i = 0; i < SLOTS; i++) {
    if (ptr[i] && !intact(i, len[i])) bad++;
    free(ptr[i]);
    ptr[i] = 0;
  }
  return bad;
}

int main(void) {
  unsigned checksum = 0;
  srand(12345);
  char* start = sbrk(0);
  int bad1 = round_of(3000, &checksum);
  char* after1 = sbrk(0);
  int bad2 = round_of(3000, &checksum);
  char* after2 = sbrk(0);
  CHECK_INT(bad1, 0);
  CHECK_INT(bad2, 0);
  CHECK_HEX(checksum, checksum);
  printf("first round grew the heap: %s\n", after1 > start ? "yes" : "no");
  CHECK(after2 - after1 <= (after1 - start) / 2); /* freed memory was reused */
  /* Everything is free again, so one block as large as the heap is now can be carved out. */
  void* big = malloc((size_t)(after2 - start) / 2);
  CHECK(big != NULL);
  free(big);
  return check_done();
}
