/* packed-struct-unaligned-fields - halfword, word and doubleword fields at odd offsets in packed
 * structs read and write correctly (gcc uses byte loads, lwl/lwr and swl/swr for them).
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

struct __attribute__((packed)) odd {
  uint8_t a;
  uint16_t h;  /* offset 1 */
  uint64_t d;  /* offset 3 */
  int16_t sh;  /* offset 11 */
  uint32_t w;  /* offset 13 */
};

static struct odd arr[3];

int main(void) {
  volatile struct odd* p = arr;
  for (int i = 0; i < 3; i++) {
    p[i].a = (uint8_t)(0xa0 + i);
    p[i].h = (uint16_t)(0xbeef + i);
    p[i].d = 0x0123456789abcdefULL * (uint64_t)(i + 1);
    p[i].sh = (int16_t)(-1000 * (i + 1));
    p[i].w = 0xcafe0000u + (uint32_t)i;
  }
  CHECK_INT(sizeof(struct odd), 17);
  for (int i = 0; i < 3; i++) {
    printf("rec %d: a=%02x h=%04x d=%016llx sh=%d w=%08x\n", i, p[i].a, p[i].h,
           (unsigned long long)p[i].d, p[i].sh, (unsigned)p[i].w);
    CHECK(p[i].h == (uint16_t)(0xbeef + i) && p[i].sh == -1000 * (i + 1));
    CHECK(p[i].d == 0x0123456789abcdefULL * (uint64_t)(i + 1));
    CHECK(p[i].w == 0xcafe0000u + (uint32_t)i);
  }
  const uint8_t* raw = (const uint8_t*)arr;
  CHECK_HEX(raw[17], 0xa1);                 /* arr[1].a */
  CHECK_HEX(raw[18] | raw[19] << 8, 0xbef0); /* arr[1].h, little-endian */
  CHECK_HEX(raw[3], 0xef);                  /* low byte of arr[0].d */
  return check_done();
}
