/* leftovers - a program that leaves the file system with work to do when it ends: a file it
 * removed while it had it open, still open at exit (the kernel frees it as the run ends), and a
 * directory it removed while it was its working directory.
 *
 *   leftovers [ro]
 *
 * With "ro" (a disk mounted read-only) it reads hello.txt and reports that every change fails
 * with EROFS instead. Exit status 0, or 1 with a line saying what was wrong. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char* what) {
  printf("FAIL: %s: %s\n", what, strerror(errno));
  return 1;
}

static int readonly(void) {
  char buf[64] = {0};
  int fd = open("hello.txt", O_RDONLY);
  if (fd < 0 || read(fd, buf, sizeof buf - 1) <= 0) return fail("read hello.txt");
  printf("hello.txt: %s", buf);
  close(fd);
  printf("create: %s\n", open("new", O_WRONLY | O_CREAT, 0644) < 0 ? strerror(errno) : "made");
  printf("write open: %s\n", open("hello.txt", O_WRONLY) < 0 ? strerror(errno) : "opened");
  printf("mkdir: %s\n", mkdir("d", 0755) < 0 ? strerror(errno) : "made");
  printf("unlink: %s\n", unlink("hello.txt") < 0 ? strerror(errno) : "removed");
  printf("chmod: %s\n", chmod("hello.txt", 0600) < 0 ? strerror(errno) : "changed");
  return 0;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "ro") == 0) return readonly();
  static char data[40000];
  memset(data, 'z', sizeof data);
  int fd = open("doomed", O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0 || write(fd, data, sizeof data) != sizeof data) return fail("write doomed");
  if (unlink("doomed") != 0) return fail("unlink doomed");
  struct stat st;
  if (fstat(fd, &st) != 0 || st.st_nlink != 0) return fail("fstat of the unlinked file");
  if (pread(fd, data, 10, 30000) != 10 || data[0] != 'z') return fail("read the unlinked file");
  if (mkdir("gone", 0755) != 0 || chdir("gone") != 0 || rmdir("../gone") != 0)
    return fail("remove the working directory");
  printf("in a removed directory: create %s, getcwd %s\n",
         open("x", O_WRONLY | O_CREAT, 0644) < 0 ? strerror(errno) : "made",
         getcwd(data, sizeof data) ? "works" : strerror(errno));
  printf("exiting with the unlinked file open\n");
  return 0; /* fd still open: the kernel closes it and frees the file */
}
