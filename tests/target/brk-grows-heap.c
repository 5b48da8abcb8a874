/* brk-grows-heap - sbrk(0) reports the break, sbrk(n) and brk(addr) move it up and the new
 * memory is zeroed and writable, brk can move it back down, and an absurd request fails with
 * ENOMEM leaving the break where it was. Only differences between addresses are printed.
 * Expect: status 0 */
#include <errno.h>
#include <stdint.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  char* b0 = sbrk(0);
  CHECK(b0 != (char*)-1);
  CHECK(sbrk(0) == b0);
  char* old = sbrk(10000);
  CHECK(old == b0);
  CHECK_INT((char*)sbrk(0) - b0, 10000);
  unsigned nonzero = 0;
  for (int i = 0; i < 10000; i++) nonzero |= (unsigned char)b0[i];
  CHECK_HEX(nonzero, 0);
  for (int i = 0; i < 10000; i++) b0[i] = (char)i;
  unsigned sum = 0;
  for (int i = 0; i < 10000; i++) sum += (unsigned char)b0[i];
  CHECK_INT(sum, 1273080);
  CHECK_INT(brk(b0 + 300000), 0);
  CHECK_INT((char*)sbrk(0) - b0, 300000);
  b0[299999] = 'z';
  CHECK_INT(b0[299999], 'z');
  CHECK_INT(brk(b0 + 4096), 0); /* shrink */
  CHECK_INT((char*)sbrk(0) - b0, 4096);
  errno = 0;
  CHECK(sbrk(0x7ff00000) == (void*)-1); /* would run into the stack/kernel */
  CHECK_INT(errno, ENOMEM);
  CHECK_INT((char*)sbrk(0) - b0, 4096);
  CHECK(sbrk(-4096) == b0 + 4096);
  CHECK(sbrk(0) == b0);
  return check_done();
}
