/* What a file's inode keeps: its size through truncate and ftruncate (longer is a hole that reads
 * as zeros, shorter drops the tail), a sparse file written far past its end, pread and pwrite,
 * O_APPEND and O_TRUNC, times set with utimensat and utimes, permission bits with chmod and the
 * umask, chown to the caller itself, fsync and its kin, statfs, and the devices /dev/null and
 * /dev/zero. What depends on the file system underneath (block counts, sizes of directories) is
 * printed only as a comparison.
 * Files: notes
 * Expect: status 0 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static void result(const char* what, long r) {
  if (r >= 0)
    printf("%-44s %ld\n", what, r);
  else
    printf("%-44s %s\n", what, strerror(errno));
}

#define TRY(call) result(#call, (long)(call))

static void size(const char* path) {
  struct stat st;
  if (stat(path, &st) != 0) {
    printf("%s: %s\n", path, strerror(errno));
    return;
  }
  if (S_ISDIR(st.st_mode)) /* its size and blocks are the file system's business */
    printf("%s: a directory, mode %o\n", path, (unsigned)st.st_mode);
  else
    printf("%s: %lld bytes, mode %o, sparse %s\n", path, (long long)st.st_size,
           (unsigned)st.st_mode, (long long)st.st_blocks * 512 < st.st_size ? "yes" : "no");
}

/* Whether bytes [from, from + n) of fd are all zero. */
static int zeros(int fd, off_t from, size_t n) {
  char buf[4096];
  while (n > 0) {
    size_t m = n < sizeof buf ? n : sizeof buf;
    if (pread(fd, buf, m, from) != (ssize_t)m) return 0;
    for (size_t i = 0; i < m; i++)
      if (buf[i]) return 0;
    from += m, n -= m;
  }
  return 1;
}

int main(void) {
  TRY(truncate("/", 1)); /* EISDIR: the root, before anything else has read its inode */
  TRY(umask(027));
  TRY(umask(022));
  int fd = open("data", O_RDWR | O_CREAT | O_TRUNC, 0666);
  TRY(fd);
  TRY(write(fd, "0123456789", 10));
  TRY(ftruncate(fd, 4));
  size("data");
  TRY(ftruncate(fd, 9000));          /* a hole after "0123" */
  size("data");
  printf("hole reads as zeros: %d\n", zeros(fd, 4, 8996));
  TRY(truncate("data", 2));
  TRY(truncate("data", -1));         /* EINVAL */
  TRY(truncate(".", 0));             /* EISDIR */
  TRY(truncate("missing", 0));       /* ENOENT */
  size("data");

  /* sparse: one block far out (past the direct and indirect blocks of 4 KiB ones) */
  TRY(pwrite(fd, "far", 3, 6 << 20));
  size("data");
  printf("zeros before it: %d\n", zeros(fd, 2, (6 << 20) - 2));
  char buf[16] = {0};
  TRY(pread(fd, buf, sizeof buf, (6 << 20) - 2));
  printf("around it: %02x %02x %s\n", buf[0], buf[1], buf + 2);
  TRY(lseek(fd, 0, SEEK_END));
  TRY(lseek(fd, 10, SEEK_SET));
  TRY(lseek(fd, -20, SEEK_CUR));     /* EINVAL */
  TRY(ftruncate(fd, 5));
  size("data");
  close(fd);
  fd = open("data", O_RDONLY);
  TRY(ftruncate(fd, 0));             /* EINVAL: not open for writing */
  close(fd);

  /* O_APPEND and O_TRUNC */
  fd = open("log", O_WRONLY | O_CREAT | O_APPEND, 0600);
  TRY(write(fd, "one\n", 4));
  TRY(lseek(fd, 0, SEEK_SET));
  TRY(write(fd, "two\n", 4));        /* still at the end */
  TRY(pwrite(fd, "ONE", 3, 0));      /* appends too: Linux's pwrite keeps O_APPEND... */
  close(fd);
  fd = open("log", O_RDONLY);
  memset(buf, 0, sizeof buf);
  TRY(read(fd, buf, sizeof buf - 1));
  printf("log: %s\n", buf);
  close(fd);
  TRY(open("log", O_RDONLY | O_TRUNC)); /* ...and O_TRUNC truncates even read-only */
  size("log");

  /* times */
  struct timespec ts[2] = {{1000000000, 0}, {1200000000, 0}};
  struct stat st;
  TRY(utimensat(AT_FDCWD, "notes.txt", ts, 0));
  TRY(stat("notes.txt", &st));
  printf("atime %lld, mtime %lld\n", (long long)st.st_atime, (long long)st.st_mtime);
  struct timespec omit[2] = {{0, UTIME_OMIT}, {1300000000, 0}};
  TRY(utimensat(AT_FDCWD, "notes.txt", omit, 0));
  TRY(stat("notes.txt", &st));
  printf("atime %lld, mtime %lld\n", (long long)st.st_atime, (long long)st.st_mtime);
  struct timeval tv[2] = {{1400000000, 5}, {1500000000, 6}};
  TRY(utimes("notes.txt", tv));
  TRY(stat("notes.txt", &st));
  printf("atime %lld, mtime %lld\n", (long long)st.st_atime, (long long)st.st_mtime);
  struct timespec bad[2] = {{0, 1000000000}, {0, 0}};
  TRY(utimensat(AT_FDCWD, "notes.txt", bad, 0)); /* EINVAL */
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  time_t before = now.tv_sec;
  TRY(utimensat(AT_FDCWD, "notes.txt", NULL, 0));
  TRY(stat("notes.txt", &st));
  printf("now: mtime - before in [0, 5]: %d\n", st.st_mtime - before >= 0 && st.st_mtime - before <= 5);
  fd = open("fresh", O_WRONLY | O_CREAT, 0644);
  TRY(fstat(fd, &st));
  printf("a new file's times agree: %d\n", st.st_atime == st.st_mtime && st.st_mtime == st.st_ctime);
  close(fd);

  /* modes and owners */
  TRY(chmod("fresh", 04751));
  size("fresh");
  fd = open("fresh", O_RDONLY);
  TRY(fchmod(fd, 0400));
  size("fresh");
  TRY(fchown(fd, getuid(), getgid()));
  TRY(chown("fresh", -1, -1));
  TRY(fstat(fd, &st));
  printf("owned by the caller: %d\n", st.st_uid == getuid() && st.st_gid == getgid());
  TRY(fsync(fd));
  TRY(fdatasync(fd));
  TRY(syncfs(fd));
  close(fd);
  sync();
  TRY(fsync(99));                    /* EBADF */
  TRY(mkdir("private", 0777));
  size("private");
  TRY(fchmodat(AT_FDCWD, "private", 0700, 0));
  size("private");

  /* the file system */
  struct statfs sf;
  TRY(statfs(".", &sf));
  printf("statfs: name length %ld, free <= total %d, free files <= total %d\n",
         (long)sf.f_namelen, sf.f_bfree <= sf.f_blocks, sf.f_ffree <= sf.f_files);
  TRY(statfs("missing", &sf));       /* ENOENT */

  /* devices */
  fd = open("/dev/null", O_RDWR);
  TRY(write(fd, "gone", 4));
  TRY(read(fd, buf, sizeof buf));
  close(fd);
  fd = open("/dev/zero", O_RDONLY);
  memset(buf, 'x', sizeof buf);
  TRY(read(fd, buf, sizeof buf));
  printf("/dev/zero gives zeros: %d\n", buf[0] == 0 && buf[15] == 0);
  close(fd);
  fd = open("/dev/urandom", O_RDONLY);
  TRY(read(fd, buf, sizeof buf));
  close(fd);
  TRY(stat("/dev/null", &st));
  printf("/dev/null: char device %d, rdev %u:%u\n", S_ISCHR(st.st_mode),
         (unsigned)(st.st_rdev >> 8), (unsigned)(st.st_rdev & 0xff));
  TRY(open("/dev/tty-none", O_RDONLY)); /* ENOENT */
  return 0;
}
