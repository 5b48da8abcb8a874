/* realloc-grows-and-keeps-contents - eight blocks grown in turn by half their size each step, so
 * each is walled in by the others and realloc must move it, keep their contents byte for byte;
 * shrinking keeps the prefix and the address; growing back after a neighbour is freed works.
 * Expect: status 0 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"

#define BLOCKS 8

static uint8_t pattern(int b, size_t i) { return (uint8_t)(b * 37 + i * 11 + (i >> 8)); }

int main(void) {
  uint8_t* p[BLOCKS];
  size_t len[BLOCKS];
  int bad = 0, moved = 0;
  for (int b = 0; b < BLOCKS; b++) {
    len[b] = 5 + (size_t)b;
    p[b] = malloc(len[b]);
    for (size_t i = 0; i < len[b]; i++) p[b][i] = pattern(b, i);
  }
  for (int step = 0; step < 12; step++) {
    for (int b = 0; b < BLOCKS; b++) {
      size_t n = len[b] + len[b] / 2 + 3;
      uint8_t* q = realloc(p[b], n);
      if (!q) {
        bad++;
        continue;
      }
      moved += q != p[b];
      for (size_t i = 0; i < len[b]; i++) bad += q[i] != pattern(b, i);
      for (size_t i = len[b]; i < n; i++) q[i] = pattern(b, i);
      p[b] = q;
      len[b] = n;
    }
  }
  CHECK_INT(bad, 0);
  CHECK_INT(len[0], 1363); /* 5 grown twelve times by n + n / 2 + 3 */
  CHECK(moved > BLOCKS); /* the blocks got in each other's way */

  uint8_t* before = p[3];
  p[3] = realloc(p[3], 100); /* shrink: same place, prefix kept */
  CHECK(p[3] == before);
  for (size_t i = 0; i < 100; i++) bad += p[3][i] != pattern(3, i);
  free(p[4]);
  p[4] = NULL;
  p[3] = realloc(p[3], 2000);
  for (size_t i = 0; i < 100; i++) bad += p[3][i] != pattern(3, i);
  CHECK_INT(bad, 0);
  for (int b = 0; b < BLOCKS; b++) free(p[b]);
  return check_done();
}
