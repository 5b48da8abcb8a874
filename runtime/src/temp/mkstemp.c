/* mkstemp.c - mkstemp, mkostemp: create and open a new file named after a template whose last
 * six characters are XXXXXX, replaced by letters and digits until O_CREAT|O_EXCL succeeds.
 *
 * The six characters come from a 64-bit LCG seeded, as musl's __randname is, from the clock, the
 * template's address and a call counter; they need only differ, not be secret. 100 tries, as
 * musl; then the last error (EEXIST). -1 with errno EINVAL if the template does not end in
 * XXXXXX (it is then left alone). The file is created with mode 0600. */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char letters[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/* Writes six fresh characters at name. */
static void randname(char* name) {
  static unsigned calls;
  struct timespec ts = {0, 0};
  clock_gettime(CLOCK_REALTIME, &ts);
  uint64_t r = ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)ts.tv_sec ^ (uintptr_t)name * 65537u ^
               (uint64_t)++calls * 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 6; i++) {
    r = r * 6364136223846793005ull + 1442695040888963407ull;
    name[i] = letters[(r >> 33) % (sizeof letters - 1)];
  }
}

int mkostemp(char* template, int flags) {
  size_t n = strlen(template);
  if (n < 6 || memcmp(template + n - 6, "XXXXXX", 6) != 0) {
    errno = EINVAL;
    return -1;
  }
  int saved = errno;
  for (int tries = 0; tries < 100; tries++) {
    randname(template + n - 6);
    int fd = open(template, O_RDWR | O_CREAT | O_EXCL | (flags & ~O_ACCMODE), 0600);
    if (fd >= 0) {
      errno = saved;
      return fd;
    }
    if (errno != EEXIST) break;
  }
  memcpy(template + n - 6, "XXXXXX", 6);
  return -1;
}

int mkstemp(char* template) { return mkostemp(template, 0); }
