/* many-files-each-keeps-its-contents - forty files created one after another (more than one
 * directory block of entries), each with its own contents, and two descriptors open on one file
 * with separate offsets, all read back as written.
 * Expect: status 0
 * Files: basic */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "check.h"

#define NFILES 40

int main(void) {
  char name[16], text[32], buf[32];
  int bad = 0;
  for (int i = 0; i < NFILES; i++) {
    snprintf(name, sizeof name, "f%02d", i);
    int n = snprintf(text, sizeof text, "file %d: %d\n", i, i * i);
    int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0 || write(fd, text, n) != n || close(fd) != 0) bad++;
  }
  CHECK_INT(bad, 0);
  for (int i = NFILES - 1; i >= 0; i--) {
    snprintf(name, sizeof name, "f%02d", i);
    int n = snprintf(text, sizeof text, "file %d: %d\n", i, i * i);
    int fd = open(name, O_RDONLY);
    memset(buf, 0, sizeof buf);
    if (fd < 0 || read(fd, buf, sizeof buf) != n || memcmp(buf, text, n) != 0) bad++;
    close(fd);
  }
  CHECK_INT(bad, 0);

  int a = open("f07", O_RDONLY), b = open("f07", O_RDONLY);
  CHECK(a >= 3 && b >= 3 && a != b);
  memset(buf, 0, sizeof buf);
  CHECK_INT(read(a, buf, 5), 5);
  CHECK_STR(buf, "file ");
  memset(buf, 0, sizeof buf);
  CHECK_INT(read(b, buf, 4), 4);
  CHECK_STR(buf, "file");
  memset(buf, 0, sizeof buf);
  CHECK_INT(read(a, buf, sizeof buf), 6);
  CHECK_STR(buf, "7: 49\n");
  CHECK_INT(close(a), 0);
  CHECK_INT(close(b), 0);
  return check_done();
}
