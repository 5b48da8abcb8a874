/* posix-memalign-aligns-and-frees - posix_memalign, aligned_alloc and memalign return writable
 * blocks at every power-of-two alignment from 8 to 64 KiB, interleaved with plain mallocs that
 * must stay intact; free takes them back (the memory is reused); posix_memalign returns EINVAL
 * for a bad alignment and ENOMEM for a huge size, leaving *res alone; aligned_alloc gives NULL
 * and errno ENOMEM for a huge size. (Not aligned_alloc with an alignment that is not a power of
 * two: glibc 2.36 rounds it up, musl and this runtime fail with EINVAL.) The glibc build must
 * print the same.
 * Expect: status 0
 * Glibc: yes */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

int main(void) {
  int misaligned = 0, corrupted = 0;
  for (int round = 0; round < 3; round++) {
    void* blocks[14];
    char* plain[14];
    for (int k = 3; k <= 16; k++) {
      size_t align = (size_t)1 << k;
      size_t n = 100 + 37 * (size_t)k;
      void* p = NULL;
      if (k % 3 == 0)
        CHECK_INT(posix_memalign(&p, align, n), 0);
      else if (k % 3 == 1)
        p = aligned_alloc(align, n);
      else
        p = memalign(align, n);
      if (!p || ((uintptr_t)p & (align - 1))) misaligned++;
      if (p) memset(p, k, n);
      blocks[k - 3] = p;
      plain[k - 3] = malloc(24);
      if (plain[k - 3]) memset(plain[k - 3], 0x5a, 24);
    }
    for (int k = 3; k <= 16; k++) {
      unsigned char* p = blocks[k - 3];
      size_t n = 100 + 37 * (size_t)k;
      for (size_t i = 0; p && i < n; i++) corrupted += p[i] != k;
      for (int i = 0; plain[k - 3] && i < 24; i++) corrupted += plain[k - 3][i] != 0x5a;
      free(p);
      free(plain[k - 3]);
    }
  }
  CHECK_INT(misaligned, 0);
  CHECK_INT(corrupted, 0);

  void* p = (void*)1;
  errno = 0;
  CHECK_INT(posix_memalign(&p, 12, 16), EINVAL);
  CHECK_INT(posix_memalign(&p, 2, 16), EINVAL);
  CHECK_INT(posix_memalign(&p, 64, (size_t)-64), ENOMEM);
  CHECK(p == (void*)1);
  errno = 0;
  CHECK(aligned_alloc(64, (size_t)-64 / 2) == NULL);
  CHECK_INT(errno, ENOMEM);
  return check_done();
}
