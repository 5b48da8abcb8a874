/* malloc-free-many-sizes-stress - 1,500 allocations with sizes from 1 byte to 8 KiB drawn from a
 * fixed pseudo-random sequence (every size class of the allocator gets used), freed in a
 * pseudo-random order and reallocated, with calloc mixed in: every live block keeps its own
 * fill, is 8-byte aligned and overlaps no other, calloc memory is zero although reused.
 * Expect: status 0 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

#define SLOTS 200
#define OPS 1500

static uint32_t state = 2463534242u;
static uint32_t next_random(void) { /* xorshift32: the same sequence everywhere */
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return state;
}

/* Half small (up to 64 bytes), most of the rest medium (up to 1 KiB), one in eight large (up
 * to 8 KiB): a random number of bits of a random number. */
static size_t random_size(void) {
  uint32_t r = next_random(), kind = r & 15, pick = r >> 4;
  unsigned bits = kind < 8 ? pick % 7 : kind < 14 ? 7 + pick % 4 : 11 + pick % 3;
  return 1 + ((r >> 8) & ((1u << bits) - 1));
}

static uint8_t* ptr[SLOTS];
static size_t len[SLOTS];
static uint8_t tag[SLOTS];

/* Every 7th byte and the last: enough to see any overlap (blocks are at least 8 bytes apart),
 * at a seventh of the instructions. */
static void fill(int i) {
  for (size_t k = 0; k < len[i]; k += 7) ptr[i][k] = (uint8_t)(tag[i] + k);
  ptr[i][len[i] - 1] = (uint8_t)(tag[i] + len[i] - 1);
}

static int intact(int i) {
  for (size_t k = 0; k < len[i]; k += 7)
    if (ptr[i][k] != (uint8_t)(tag[i] + k)) return 0;
  return ptr[i][len[i] - 1] == (uint8_t)(tag[i] + len[i] - 1);
}

static int cmp_slot(const void* a, const void* b) {
  uintptr_t x = (uintptr_t)ptr[*(const int*)a], y = (uintptr_t)ptr[*(const int*)b];
  return x < y ? -1 : x > y;
}

int main(void) {
  int bad = 0, misaligned = 0, dirty = 0, callocs = 0;
  size_t biggest = 0;
  for (int op = 0; op < OPS; op++) {
    int i = (int)(next_random() % SLOTS);
    if (ptr[i]) {
      bad += !intact(i);
      free(ptr[i]);
      ptr[i] = NULL;
      if (next_random() & 1) continue; /* leave the slot empty for a while */
    }
    len[i] = random_size();
    if (len[i] > biggest) biggest = len[i];
    tag[i] = (uint8_t)next_random();
    if (op % 5 == 0) {
      ptr[i] = calloc(len[i], 1);
      callocs++;
      if (ptr[i])
        for (size_t k = 0; k < len[i]; k++) dirty += ptr[i][k] != 0;
    } else {
      ptr[i] = malloc(len[i]);
    }
    if (!ptr[i]) {
      bad++;
      continue;
    }
    misaligned += ((uintptr_t)ptr[i] & 7) != 0;
    fill(i);
  }

  /* The live blocks, in address order: none may run into the next. */
  int order[SLOTS], live = 0, overlaps = 0;
  for (int i = 0; i < SLOTS; i++)
    if (ptr[i]) order[live++] = i;
  qsort(order, (size_t)live, sizeof order[0], cmp_slot);
  for (int k = 0; k + 1 < live; k++)
    overlaps += ptr[order[k]] + len[order[k]] > ptr[order[k + 1]];
  for (int i = 0; i < SLOTS; i++) {
    if (ptr[i]) bad += !intact(i);
    free(ptr[i]);
  }
  CHECK_INT(bad, 0);
  CHECK_INT(misaligned, 0);
  CHECK_INT(dirty, 0);
  CHECK_INT(overlaps, 0);
  CHECK(callocs > OPS / 10);
  CHECK_INT(live, live);
  CHECK_INT(biggest, biggest);
  CHECK(biggest > 4096);
  return check_done();
}
