/* read-large-file-checksum - a 300 KB file (past the direct blocks, into the indirect one) reads
 * back whole in odd-sized pieces, its numbered lines in order, with the same checksum under qemu
 * and kasane-sim; a read after a seek into the middle lands on the right line.
 * Expect: status 0
 * Files: large */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

static char buf[3001];

int main(void) {
  int fd = open("large.txt", O_RDONLY);
  CHECK(fd >= 3);
  unsigned hash = 2166136261u; /* FNV-1a */
  long total = 0, lines = 0, number = 0, bad = 0;
  int n, column = 0;
  while ((n = read(fd, buf, sizeof buf)) > 0) {
    for (int i = 0; i < n; i++) {
      char c = buf[i];
      hash = (hash ^ (unsigned char)c) * 16777619u;
      if (column < 6) number = number * 10 + (c - '0');
      column++;
      if (c == '\n') {
        if (number != lines) bad++;
        lines++, number = 0, column = 0;
      }
    }
    total += n;
  }
  CHECK_INT(n, 0);
  struct stat st;
  CHECK_INT(fstat(fd, &st), 0);
  CHECK_INT(total, st.st_size);
  printf("lines = %ld\n", lines);
  CHECK_INT(bad, 0);
  printf("hash = 0x%08x\n", hash); /* compared with qemu's */

  CHECK(lseek(fd, 250000, SEEK_SET) == 250000);
  CHECK_INT(read(fd, buf, 200), 200);
  buf[200] = 0;
  char* line = strchr(buf, '\n') + 1;
  line[6] = 0;
  printf("the line after offset 250000: %s\n", line);
  CHECK_INT(close(fd), 0);
  return check_done();
}
