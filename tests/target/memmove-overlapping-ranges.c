/* memmove-overlapping-ranges - memmove copies correctly for every overlap direction, distance
 * (including word-aligned and not) and length, checked against a byte-by-byte model.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uint8_t buf[128], model[128];

static void reset(void) {
  for (int i = 0; i < 128; i++) buf[i] = model[i] = (uint8_t)(i * 7 + 3);
}

int main(void) {
  int bad = 0, cases = 0;
  for (int src = 16; src < 24; src++)
    for (int dst = 0; dst < 48; dst++)
      for (int len = 0; len < 40; len += 3) {
        reset();
        uint8_t tmp[64];
        for (int i = 0; i < len; i++) tmp[i] = model[src + i];
        for (int i = 0; i < len; i++) model[dst + i] = tmp[i];
        CHECK_UNUSED void* r = memmove(buf + dst, buf + src, (size_t)len);
        bad += r != buf + dst;
        bad += memcmp(buf, model, sizeof buf) != 0;
        cases++;
      }
  CHECK_INT(cases, 5376);
  CHECK_INT(bad, 0);
  char s[] = "0123456789";
  memmove(s + 2, s, 5);
  CHECK_STR(s, "0101234789");
  memmove(s, s + 3, 7);
  CHECK_STR(s, "1234789789");
  return check_done();
}
