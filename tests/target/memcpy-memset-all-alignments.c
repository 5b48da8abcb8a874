/* memcpy-memset-all-alignments - memcpy and memset for every source/destination alignment and
 * lengths 0..70 change exactly the bytes asked for, checked against byte loops.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uint8_t src[128], dst[128];

int main(void) {
  int bad = 0;
  for (int i = 0; i < 128; i++) src[i] = (uint8_t)(i * 29 + 1);
  for (int so = 0; so < 8; so++)
    for (int d0 = 0; d0 < 8; d0++)
      for (int len = 0; len <= 70; len++) {
        memset(dst, 0xee, sizeof dst);
        if (memcpy(dst + d0, src + so, (size_t)len) != dst + d0) bad++;
        for (int i = 0; i < 128; i++) {
          uint8_t want = i >= d0 && i < d0 + len ? src[so + i - d0] : 0xee;
          bad += dst[i] != want;
        }
      }
  CHECK_INT(bad, 0);
  for (int d0 = 0; d0 < 8; d0++)
    for (int len = 0; len <= 70; len++) {
      memset(dst, 0x11, sizeof dst);
      if (memset(dst + d0, 0x1a5, (size_t)len) != dst + d0) bad++; /* c converts to 0xa5 */
      for (int i = 0; i < 128; i++) bad += dst[i] != (i >= d0 && i < d0 + len ? 0xa5 : 0x11);
    }
  CHECK_INT(bad, 0);
  struct { int a; char b[13]; long long c; } x = {1, "twelve chars", 3}, y;
  y = x; /* gcc may call memcpy for a struct copy */
  CHECK_STR(y.b, "twelve chars");
  CHECK_INT(y.c, 3);
  return check_done();
}
