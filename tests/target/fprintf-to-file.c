/* fprintf-to-file - fprintf formats into a file stream exactly as snprintf does into memory, in
 * full, line and no buffering (setvbuf); the bytes reach the file in order, and with a stream
 * left unbuffered each call is on the disk as soon as it returns.
 * Expect: status 0
 * Files: basic */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "check.h"

static char expect[4096];
static char got[4096];

/* Writes 40 formatted records to path with the given buffering; 0 if the file holds exactly
 * what snprintf makes of them. */
static int write_and_compare(const char* path, int mode) {
  static char small[64];
  FILE* f = fopen(path, "w");
  if (mode != _IOFBF) setvbuf(f, mode == _IOLBF ? small : NULL, mode, sizeof small);
  size_t n = 0;
  for (int i = 0; i < 40; i++) {
    int k = fprintf(f, "%3d|%-6s|%08x|%+d%c", i, i % 3 ? "ab" : "xyz", i * 0x1234567u, -i * 7,
                    i % 5 ? ' ' : '\n');
    int e = snprintf(expect + n, sizeof expect - n, "%3d|%-6s|%08x|%+d%c", i,
                     i % 3 ? "ab" : "xyz", i * 0x1234567u, -i * 7, i % 5 ? ' ' : '\n');
    if (k != e) return -1;
    n += (size_t)e;
  }
  if (fclose(f)) return -1;
  int fd = open(path, O_RDONLY);
  ssize_t r = read(fd, got, sizeof got);
  close(fd);
  return r == (ssize_t)n && memcmp(got, expect, n) == 0 ? 0 : 1;
}

int main(void) {
  CHECK_INT(write_and_compare("full.txt", _IOFBF), 0);
  CHECK_INT(write_and_compare("line.txt", _IOLBF), 0);
  CHECK_INT(write_and_compare("none.txt", _IONBF), 0);

  FILE* f = fopen("direct.txt", "w");
  CHECK_INT(setvbuf(f, NULL, _IONBF, 0), 0);
  CHECK_INT(fprintf(f, "%s=%d;", "answer", 42), 10);
  int fd = open("direct.txt", O_RDONLY);
  char buf[16] = {0};
  CHECK_INT(read(fd, buf, sizeof buf - 1), 10); /* already written, before any fflush */
  CHECK_STR(buf, "answer=42;");
  close(fd);
  CHECK_INT(fclose(f), 0);

  f = fopen("hello.txt", "r");
  CHECK_INT(fprintf(f, "x"), -1); /* opened for reading only */
  CHECK(ferror(f));
  CHECK_INT(fclose(f), 0);
  return check_done();
}
