/* mkstemp-creates-unique-files - mkstemp makes a new file for each call from the same template,
 * each with its own name (same prefix, six new characters) and open for reading and writing;
 * unlink removes a closed file at once, and an open one's name only: the open descriptor still
 * reads it until it is closed, while the name is gone for open (ENOENT) and can
 * be created afresh; a template without XXXXXX is EINVAL. Only the files the program keeps must
 * be left, under qemu and on the ext2 disk. The glibc build must print the same.
 * Expect: status 0
 * Files: basic
 * Glibc: yes */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

int main(void) {
  char names[3][16];
  int fds[3];
  for (int i = 0; i < 3; i++) {
    strcpy(names[i], "tmp-XXXXXX");
    fds[i] = mkstemp(names[i]);
    CHECK(fds[i] >= 3);
    CHECK(strncmp(names[i], "tmp-", 4) == 0 && strlen(names[i]) == 10 &&
          strcmp(names[i] + 4, "XXXXXX") != 0);
    char text[16];
    int n = snprintf(text, sizeof text, "file %d\n", i);
    CHECK_INT(write(fds[i], text, (size_t)n), n);
  }
  CHECK(strcmp(names[0], names[1]) != 0 && strcmp(names[1], names[2]) != 0 &&
        strcmp(names[0], names[2]) != 0);

  /* A closed file: gone at once. */
  CHECK_INT(close(fds[0]), 0);
  CHECK_INT(unlink(names[0]), 0);
  errno = 0;
  CHECK_INT(open(names[0], O_RDONLY), -1);
  CHECK_INT(errno, ENOENT);
  CHECK_INT(unlink(names[0]), -1);
  CHECK_INT(errno, ENOENT);

  /* An open file: the name goes, the file stays readable through the descriptor. */
  CHECK_INT(unlink(names[1]), 0);
  struct stat st;
  errno = 0;
  CHECK_INT(open(names[1], O_RDONLY), -1);
  CHECK_INT(errno, ENOENT);
  CHECK_INT(fstat(fds[1], &st), 0);
  CHECK_INT(st.st_size, 7);
  char buf[16] = {0};
  CHECK_INT(lseek(fds[1], 0, SEEK_SET), 0);
  CHECK_INT(read(fds[1], buf, sizeof buf - 1), 7);
  CHECK_STR(buf, "file 1\n");
  int again = open(names[1], O_RDWR | O_CREAT | O_EXCL, 0600); /* a new file of that name */
  CHECK(again >= 3);
  CHECK_INT(fstat(again, &st), 0);
  CHECK_INT(st.st_size, 0);
  CHECK_INT(close(again), 0);
  CHECK_INT(unlink(names[1]), 0);
  CHECK_INT(close(fds[1]), 0);

  /* The third is kept under a fixed name, so the files left can be compared. */
  CHECK_INT(close(fds[2]), 0);
  int keep = open("kept.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  CHECK(keep >= 3);
  CHECK_INT(write(keep, "kept\n", 5), 5);
  CHECK_INT(close(keep), 0);
  CHECK_INT(unlink(names[2]), 0);

  char bad[] = "tmp-XXXXX";
  errno = 0;
  CHECK_INT(mkstemp(bad), -1);
  CHECK_INT(errno, EINVAL);
  errno = 0;
  CHECK_INT(unlink("hello.txt/x"), -1);
  CHECK(errno == ENOENT || errno == ENOTDIR);
  return check_done();
}
