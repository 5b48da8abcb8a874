/* fill - a disk filled to the last block and the last inode answers ENOSPC, and gives it all back.
 *
 * Kasane only (a host's disk does not fill): on a small image it writes one file until a write
 * is short and the next fails with ENOSPC, checks statfs's free count is 0, then makes empty files
 * and directories until those fail with ENOSPC too (no block for a directory, no inode), writes
 * into the files it has (ENOSPC), removes everything and checks the free counts are back to where
 * they started, and that the whole disk can be written again. Exit status 0, or 1 with a line
 * saying what was wrong. */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#define CHUNK 65536

static char buf[CHUNK];

static int fail(const char* what) {
  printf("FAIL: %s (errno %s)\n", what, strerror(errno));
  exit(1);
}

/* Write "big" until the disk is full: the bytes written. */
static long long fillfile(void) {
  int fd = open("big", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) fail("open big");
  long long total = 0;
  for (;;) {
    ssize_t n = write(fd, buf, CHUNK);
    if (n < 0) {
      if (errno != ENOSPC) fail("write big: not ENOSPC");
      break;
    }
    total += n;
    if (n < CHUNK) { /* a short write: the next one fails */
      if (write(fd, buf, 1) != -1 || errno != ENOSPC) fail("write after a short one");
      break;
    }
  }
  close(fd);
  return total;
}

int main(void) {
  struct statfs before, full, after;
  memset(buf, 'x', sizeof buf);
  if (statfs(".", &before) != 0) fail("statfs");
  long long total = fillfile();
  if (statfs(".", &full) != 0) fail("statfs");
  printf("wrote %lld bytes; free blocks %ld of %ld\n", total, (long)full.f_bfree,
         (long)before.f_bfree);
  if (full.f_bfree != 0) fail("free blocks left");
  if (total < (long long)(before.f_bfree - before.f_bfree / 64) * before.f_bsize)
    fail("the file got much less than the free blocks");

  /* names with no blocks left: regular files take an inode only, directories need a block */
  int files = 0;
  char name[32];
  if (mkdir("dir", 0755) != -1 || errno != ENOSPC) fail("mkdir on a full disk");
  for (;; files++) {
    snprintf(name, sizeof name, "e%d", files);
    int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
      if (errno != ENOSPC) fail("create: not ENOSPC");
      break;
    }
    if (files == 0 && (write(fd, "x", 1) != -1 || errno != ENOSPC)) fail("write into an empty file");
    close(fd);
  }
  if (statfs(".", &full) != 0) fail("statfs");
  printf("empty files until the directory or the inodes ran out: %d; free inodes %ld\n", files,
         (long)full.f_ffree);

  /* everything back */
  for (int i = 0; i < files; i++) {
    snprintf(name, sizeof name, "e%d", i);
    if (unlink(name) != 0) fail("unlink");
  }
  if (unlink("big") != 0) fail("unlink big");
  if (statfs(".", &after) != 0) fail("statfs");
  printf("after removing: free blocks %ld (were %ld), free inodes %ld (were %ld)\n",
         (long)after.f_bfree, (long)before.f_bfree, (long)after.f_ffree, (long)before.f_ffree);
  if (after.f_bfree < before.f_bfree || after.f_ffree != before.f_ffree)
    fail("the counts are not back");
  long long again = fillfile();
  printf("wrote %lld bytes again: %s\n", again, again == total ? "the same" : "DIFFERENT");
  if (again != total) return 1;
  if (unlink("big") != 0) fail("unlink big");
  return 0;
}
