/* posix-files-and-directories - the runtime's file and directory calls as a POSIX program uses
 * them: mkdir/mkdirat, chdir/fchdir and getcwd, stat/lstat/fstatat, symlink/readlink(at),
 * link(at), rename(at), chmod/fchmod/fchmodat (AT_SYMLINK_NOFOLLOW on a link is EOPNOTSUPP),
 * access/faccessat, truncate/ftruncate, utimensat/utimes, umask, opendir/readdir/rewinddir/
 * closedir, unlinkat and rmdir, statfs, chown, and the sync family. The tree it leaves must be
 * the same under qemu and on the ext2 disk, and the glibc build must print the same.
 * Expect: status 0
 * Files: basic
 * Glibc: yes */
#define _GNU_SOURCE /* syncfs */
#define _FILE_OFFSET_BITS 64 /* glibc: 64-bit directory offsets (qemu passes the host's on) */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/time.h>
#include <unistd.h>

#include "check.h"

static int by_name(const void* a, const void* b) {
  return strcmp(*(char* const*)a, *(char* const*)b);
}

/* The names in directory path but . and .., sorted, joined by spaces; twice (rewinddir). */
static void list(const char* path, char* out, size_t size) {
  DIR* d = opendir(path);
  out[0] = 0;
  if (!d) {
    snprintf(out, size, "opendir: errno %d", errno);
    return;
  }
  for (int pass = 0; pass < 2; pass++) {
    char* names[16];
    int n = 0;
    struct dirent* e;
    while ((e = readdir(d)) != NULL && n < 16)
      if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
        names[n++] = strdup(e->d_name);
    qsort(names, (size_t)n, sizeof *names, by_name);
    for (int i = 0; i < n; i++) {
      strncat(out, names[i], size - strlen(out) - 2);
      strcat(out, " ");
      free(names[i]);
    }
    strcat(out, "|");
    rewinddir(d);
  }
  CHECK_INT(closedir(d), 0);
}

int main(void) {
  umask(022);
  CHECK_INT(umask(022), 022);

  /* Directories and the working directory. */
  CHECK_INT(mkdir("d", 0755), 0);
  errno = 0;
  CHECK_INT(mkdir("d", 0755), -1);
  CHECK_INT(errno, EEXIST);
  int top = open(".", O_RDONLY | O_DIRECTORY);
  CHECK(top >= 0);
  CHECK_INT(mkdirat(top, "d/sub", 0700), 0);
  CHECK_INT(chdir("d"), 0);
  char cwd[512];
  CHECK(getcwd(cwd, sizeof cwd) == cwd);
  CHECK_STR(strrchr(cwd, '/'), "/d");
  errno = 0;
  CHECK(getcwd(cwd, 2) == NULL);
  CHECK_INT(errno, ERANGE);
  char* grown = getcwd(NULL, 0); /* allocated, just long enough */
  CHECK(grown != NULL);
  CHECK(strcmp(grown, cwd) == 0);
  free(grown);
  CHECK_INT(fchdir(top), 0);

  /* A file, its status, links to it. */
  int fd = open("d/f", O_WRONLY | O_CREAT | O_TRUNC, 0666);
  CHECK_INT(write(fd, "hello, files\n", 13), 13);
  struct stat st;
  CHECK_INT(fstat(fd, &st), 0);
  CHECK_INT(st.st_mode & 07777, 0644); /* 0666 less the umask */
  CHECK_INT(ftruncate(fd, 5), 0);
  CHECK_INT(fsync(fd), 0);
  CHECK_INT(fdatasync(fd), 0);
  CHECK_INT(fchmod(fd, 0600), 0);
  CHECK_INT(fchown(fd, getuid(), getgid()), 0);
  CHECK_INT(close(fd), 0);
  CHECK_INT(stat("d/f", &st), 0);
  CHECK_INT(st.st_size, 5);
  CHECK_INT(st.st_mode & 07777, 0600);
  CHECK(S_ISREG(st.st_mode));
  CHECK_INT(symlink("f", "d/link"), 0);
  CHECK_INT(lstat("d/link", &st), 0);
  CHECK(S_ISLNK(st.st_mode));
  CHECK_INT(st.st_size, 1);
  CHECK_INT(fstatat(top, "d/link", &st, 0), 0);
  CHECK(S_ISREG(st.st_mode));
  CHECK_INT(fstatat(top, "d/link", &st, AT_SYMLINK_NOFOLLOW), 0);
  CHECK(S_ISLNK(st.st_mode));
  char buf[64];
  CHECK_INT(readlink("d/link", buf, sizeof buf), 1);
  CHECK_INT(buf[0], 'f');
  CHECK_INT(readlinkat(top, "d/link", buf, sizeof buf), 1);
  errno = 0;
  CHECK_INT(readlink("d/f", buf, sizeof buf), -1);
  CHECK_INT(errno, EINVAL);
  CHECK_INT(symlinkat("sub", top, "d/sublink"), 0);
  CHECK_INT(link("d/f", "d/hard"), 0);
  CHECK_INT(linkat(top, "d/f", top, "d/hard2", 0), 0);
  CHECK_INT(stat("d/f", &st), 0);
  CHECK_INT(st.st_nlink, 3);
  CHECK_INT(lchown("d/link", getuid(), getgid()), 0);
  CHECK_INT(chown("d/f", getuid(), getgid()), 0);

  /* Modes and access. */
  CHECK_INT(chmod("d/f", 0640), 0);
  CHECK_INT(fchmodat(top, "d/f", 0604, 0), 0);
  CHECK_INT(stat("d/hard", &st), 0);
  CHECK_INT(st.st_mode & 07777, 0604);
  errno = 0;
  CHECK_INT(fchmodat(top, "d/link", 0600, AT_SYMLINK_NOFOLLOW), -1);
  CHECK_INT(errno, EOPNOTSUPP);
  CHECK_INT(access("d/f", F_OK), 0);
  CHECK_INT(access("d/f", R_OK | W_OK), 0);
  errno = 0;
  CHECK_INT(access("d/missing", F_OK), -1);
  CHECK_INT(errno, ENOENT);
  CHECK_INT(faccessat(top, "d/sub", X_OK, 0), 0);
  errno = 0;
  CHECK_INT(faccessat(top, "d/f", X_OK, 0), -1);
  CHECK_INT(errno, EACCES);

  /* Times. */
  struct timespec ts[2] = {{1000000000, 0}, {1200000000, 0}};
  CHECK_INT(utimensat(top, "d/f", ts, 0), 0);
  CHECK_INT(stat("d/f", &st), 0);
  CHECK_INT(st.st_atime, 1000000000);
  CHECK_INT(st.st_mtime, 1200000000);
  struct timeval tv[2] = {{1300000000, 0}, {1400000000, 0}};
  CHECK_INT(utimes("d/hard", tv), 0);
  CHECK_INT(stat("d/f", &st), 0);
  CHECK_INT(st.st_mtime, 1400000000);

  /* Names: rename, truncate, listing, removal. */
  CHECK_INT(rename("d/hard2", "d/renamed"), 0);
  CHECK_INT(renameat(top, "d/renamed", top, "d/sub/moved"), 0);
  CHECK_INT(truncate("d/sub/moved", 2), 0);
  CHECK_INT(stat("d/f", &st), 0);
  CHECK_INT(st.st_size, 2);
  char names[256];
  list("d", names, sizeof names);
  CHECK_STR(names, "f hard link sub sublink |f hard link sub sublink |");
  list("d/sub", names, sizeof names);
  CHECK_STR(names, "moved |moved |");
  errno = 0;
  CHECK(opendir("d/f") == NULL);
  CHECK_INT(errno, ENOTDIR);
  errno = 0;
  CHECK_INT(rmdir("d/sub"), -1);
  CHECK_INT(errno, ENOTEMPTY);
  CHECK_INT(unlinkat(top, "d/sub/moved", 0), 0);
  CHECK_INT(unlinkat(top, "d/sub", AT_REMOVEDIR), 0);
  CHECK_INT(unlink("d/sublink"), 0);
  CHECK_INT(mkdir("gone", 0755), 0);
  CHECK_INT(rmdir("gone"), 0);
  list("d", names, sizeof names);
  CHECK_STR(names, "f hard link |f hard link |");

  /* The file system. */
  struct statfs sf;
  CHECK_INT(statfs(".", &sf), 0);
  CHECK(sf.f_bsize > 0 && sf.f_blocks >= sf.f_bfree);
  CHECK_INT(fstatfs(top, &sf), 0);
  sync();
  CHECK_INT(syncfs(top), 0);
  CHECK_INT(close(top), 0);
  return check_done();
}
