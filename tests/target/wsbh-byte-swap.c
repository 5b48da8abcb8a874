/* wsbh-byte-swap - wsbh swaps the bytes within each halfword; with rotr 16 it is a full byte
 * swap, which is what gcc emits for __builtin_bswap32.
 * Expect: status 0 */
#include <stdint.h>

#include "check.h"

static uint32_t wsbh(uint32_t x) {
  uint32_t r;
  __asm__("wsbh %0, %1" : "=r"(r) : "r"(x));
  return r;
}

int main(void) {
  CHECK_HEX(wsbh(0x11223344u), 0x22114433u);
  CHECK_HEX(wsbh(0xff00ff00u), 0x00ff00ffu);
  uint32_t r;
  __asm__("wsbh %0, %1\n\trotr %0, %0, 16" : "=&r"(r) : "r"(0x11223344u));
  CHECK_HEX(r, 0x44332211u);
  volatile uint32_t v = 0xdeadbeefu;
  CHECK_HEX(__builtin_bswap32(v), 0xefbeaddeu);
  volatile uint16_t h = 0xbeef;
  CHECK_HEX(__builtin_bswap16(h), 0xefbe);
  volatile uint64_t d = 0x0102030405060708ULL;
  CHECK_HEX(__builtin_bswap64(d), 0x0807060504030201ULL);
  return check_done();
}
