/* Reading directories and walking paths: readdir (sorted here: the order is the file system's),
 * rewinddir, symbolic links relative and through directories, readlink,
 * lstat against stat, O_NOFOLLOW and O_DIRECTORY, a loop of links (ELOOP), O_CREAT through a
 * dangling link, chdir, fchdir and getcwd (printed relative to where it started: qemu runs it in
 * a scratch folder), "." and "..", and the *at calls from directory descriptors.
 * Files: tree
 * Expect: status 0 */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64 /* 64-bit directory offsets: qemu's host may use them */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int cmp(const void* a, const void* b) {
  return strcmp(*(char* const*)a, *(char* const*)b);
}

/* The names of directory path, sorted, on one line, with each entry's d_type letter. */
static void list(const char* path) {
  DIR* d = opendir(path);
  if (d == NULL) {
    printf("opendir %s: %s\n", path, strerror(errno));
    return;
  }
  char* names[64];
  int n = 0;
  struct dirent* e;
  while ((e = readdir(d)) != NULL && n < 64) {
    char t = e->d_type == DT_DIR ? 'd' : e->d_type == DT_REG ? 'f' : e->d_type == DT_LNK ? 'l' : '?';
    if (asprintf(&names[n], "%s(%c)", e->d_name, t) > 0) n++;
  }
  closedir(d);
  qsort(names, n, sizeof names[0], cmp);
  printf("%s:", path);
  for (int i = 0; i < n; i++) {
    printf(" %s", names[i]);
    free(names[i]);
  }
  printf("\n");
}

static char start[4096];

/* The working directory, relative to where the program started. */
static void cwd(void) {
  char here[4096];
  size_t base = strcmp(start, "/") == 0 ? 0 : strlen(start);
  if (getcwd(here, sizeof here) == NULL)
    printf("getcwd: %s\n", strerror(errno));
  else if (strcmp(here, start) == 0)
    printf("cwd: the start\n");
  else
    printf("cwd: start%s\n", here + base);
}

static void result(const char* what, long r) {
  if (r >= 0)
    printf("%-36s %ld\n", what, r);
  else
    printf("%-36s %s\n", what, strerror(errno));
}

#define TRY(call) result(#call, (long)(call))

int main(void) {
  umask(022);
  char here[8];
  if (getcwd(start, sizeof start) == NULL) return 1;

  list(".");
  list("a");
  list("a/b/");
  list("top.txt");                       /* ENOTDIR */

  /* rewinddir: every entry again (telldir and seekdir are left out: under qemu on a host whose
   * directory offsets are 64-bit hashes, glibc's 32-bit telldir does not find its place) */
  DIR* d = opendir("a");
  int all = 0, again = 0;
  while (readdir(d)) all++;
  rewinddir(d);
  while (readdir(d)) again++;
  printf("entries: %d, after rewinddir: %d\n", all, again);
  closedir(d);

  /* symbolic links */
  char buf[256];
  struct stat st, lst;
  TRY(symlink("a/b", "to-b"));
  TRY(symlink("../top.txt", "a/up"));
  TRY(symlink("loop2", "loop1"));
  TRY(symlink("loop1", "loop2"));
  TRY(symlink("made-by-open", "dangling"));
  TRY(symlink("", "empty-target"));      /* ENOENT */
  TRY(symlink("x", "to-b"));             /* EEXIST */
  ssize_t n = readlink("to-x", buf, sizeof buf);
  printf("readlink to-x: %.*s\n", (int)(n > 0 ? n : 0), buf);
  TRY(readlink("to-x", buf, 3));         /* truncated, no NUL */
  TRY(readlink("top.txt", buf, sizeof buf)); /* EINVAL */
  TRY(readlink("missing", buf, sizeof buf)); /* ENOENT */
  TRY(stat("to-b/c.txt", &st));
  printf("to-b/c.txt: %lld bytes\n", (long long)st.st_size);
  TRY(stat("a/up", &st));
  TRY(lstat("a/up", &lst));
  printf("a/up: stat %s, lstat %s, lstat size %lld\n", S_ISREG(st.st_mode) ? "file" : "?",
         S_ISLNK(lst.st_mode) ? "link" : "?", (long long)lst.st_size);
  TRY(stat("loop1", &st));               /* ELOOP */
  TRY(lstat("loop1", &st));
  TRY(open("to-x", O_RDONLY | O_NOFOLLOW)); /* ELOOP */
  TRY(open("to-b", O_RDONLY | O_DIRECTORY));
  TRY(open("top.txt", O_RDONLY | O_DIRECTORY)); /* ENOTDIR */
  TRY(open("a", O_WRONLY));              /* EISDIR */
  TRY(open("to-b/", O_RDONLY));
  TRY(open("top.txt/", O_RDONLY));       /* ENOTDIR */
  int fd = open("dangling", O_WRONLY | O_CREAT, 0644); /* creates made-by-open */
  TRY(fd);
  if (fd >= 0) {
    TRY(write(fd, "via a link\n", 11));
    close(fd);
  }
  TRY(open("dangling", O_WRONLY | O_CREAT | O_EXCL, 0644)); /* EEXIST: the link itself */
  TRY(access("made-by-open", R_OK | W_OK));
  TRY(access("top.txt", X_OK));          /* EACCES: no execute bit */
  TRY(access("a", X_OK));

  /* the working directory */
  TRY(chdir("a/b"));
  cwd();
  TRY(chdir("../../to-b/.."));           /* through the link: a */
  cwd();
  TRY(chdir("top.txt"));                 /* ENOTDIR */
  TRY(chdir("nowhere"));                 /* ENOENT */
  list(".");
  int dfd = open("b", O_RDONLY | O_DIRECTORY);
  TRY(fchdir(dfd));
  cwd();
  TRY(getcwd(here, 3) ? 0 : -1);         /* ERANGE */
  TRY(chdir(start));
  cwd();

  /* the *at calls from a directory descriptor */
  TRY(mkdirat(dfd, "sub", 0750));
  int f2 = openat(dfd, "sub/new.txt", O_CREAT | O_WRONLY | O_TRUNC, 0600);
  TRY(f2);
  TRY(write(f2, "at\n", 3));
  close(f2);
  TRY(fstatat(dfd, "sub/new.txt", &st, 0));
  printf("sub/new.txt: mode %o, %lld bytes\n", (unsigned)st.st_mode, (long long)st.st_size);
  TRY(fstatat(dfd, "", &st, AT_EMPTY_PATH));
  printf("dfd is a %s\n", S_ISDIR(st.st_mode) ? "directory" : "?");
  TRY(renameat(dfd, "sub/new.txt", AT_FDCWD, "new-at-top.txt"));
  TRY(linkat(AT_FDCWD, "new-at-top.txt", dfd, "sub/again", 0));
  TRY(unlinkat(dfd, "sub", 0));          /* EISDIR */
  TRY(unlinkat(dfd, "sub", AT_REMOVEDIR)); /* ENOTEMPTY */
  TRY(unlinkat(dfd, "sub/again", 0));
  TRY(unlinkat(dfd, "sub", AT_REMOVEDIR));
  TRY(symlinkat("c.txt", dfd, "c-link"));
  n = readlinkat(dfd, "c-link", buf, sizeof buf);
  printf("readlinkat: %.*s\n", (int)(n > 0 ? n : 0), buf);
  TRY(faccessat(dfd, "c-link", R_OK, 0));
  TRY(mkdirat(0, "x", 0755));            /* ENOTDIR: fd 0 is not a directory */
  TRY(mkdirat(99, "x", 0755));           /* EBADF */
  close(dfd);
  list("a/b");
  list(".");
  return 0;
}
