/* aligned-access-every-offset - bytes, halfwords and words at every naturally aligned offset of
 * a buffer read back what was stored through the other widths.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uint32_t buf[16];

int main(void) {
  volatile uint8_t* b = (volatile uint8_t*)buf;
  volatile uint16_t* h = (volatile uint16_t*)buf;
  volatile uint32_t* w = buf;
  int bad = 0;
  for (int i = 0; i < 64; i++) b[i] = (uint8_t)(i * 37 + 11);
  for (int i = 0; i < 32; i++)
    if (h[i] != (uint16_t)(b[2 * i] | b[2 * i + 1] << 8)) bad++;
  for (int i = 0; i < 16; i++)
    if (w[i] != (uint32_t)(h[2 * i] | (uint32_t)h[2 * i + 1] << 16)) bad++;
  CHECK_INT(bad, 0);
  for (int i = 0; i < 32; i++) h[i] = (uint16_t)(0x9000 + i * 0x101);
  for (int i = 0; i < 64; i++)
    if (b[i] != (uint8_t)((0x9000 + (i / 2) * 0x101) >> (8 * (i & 1)))) bad++;
  CHECK_INT(bad, 0);
  for (int i = 0; i < 16; i++) w[i] = 0x80000000u | (uint32_t)i * 0x01020304u;
  uint32_t sum = 0;
  for (int i = 0; i < 64; i++) sum = sum * 33 + b[i];
  for (int i = 0; i < 32; i++) sum = sum * 33 + h[i];
  CHECK_HEX(sum, sum);
  CHECK_HEX(w[15], 0x8f1e2d3cu);
  CHECK_HEX(h[31], 0x8f1e);
  CHECK_HEX(b[60], 0x3c);
  return check_done();
}
