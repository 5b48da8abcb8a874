/* writer - files written one after another, each announced once it is complete, for a run that
 * is cut short (sim.max_cycles) in the middle: tests/host/test_ext2_kernel.py checks that what
 * was announced survives e2fsck's repair of the disk.
 *
 *   writer COUNT
 *
 * File i (of COUNT) is written as "tmpI" (3 blocks of 4 KiB, every byte i % 251, then a line),
 * fsync'ed, closed and renamed to "dir(i / 10)/fileI" (a new directory every ten files); then
 * "done I" is printed. Exit status 0. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char** argv) {
  int count = argc > 1 ? atoi(argv[1]) : 40;
  static char block[3 * 4096];
  char tmp[32], name[64], dir[32];
  for (int i = 0; i < count; i++) {
    snprintf(tmp, sizeof tmp, "tmp%d", i);
    snprintf(dir, sizeof dir, "dir%d", i / 10);
    snprintf(name, sizeof name, "%s/file%d", dir, i);
    if (i % 10 == 0 && mkdir(dir, 0755) != 0) return 1;
    memset(block, i % 251, sizeof block);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || write(fd, block, sizeof block) != sizeof block) return 2;
    dprintf(fd, "file %d\n", i);
    if (fsync(fd) != 0 || close(fd) != 0 || rename(tmp, name) != 0) return 3;
    printf("done %d\n", i);
    fflush(stdout);
  }
  return 0;
}
