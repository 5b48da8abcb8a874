/* Names in a tree of directories: mkdir, rename (in a directory, across directories, over a
 * file, over an empty directory, a directory into itself, RENAME_NOREPLACE and RENAME_EXCHANGE),
 * link, unlink, rmdir, and the errors Linux gives for each. Every call's result is printed; the
 * tree the program leaves is compared too.
 * Files: tree
 * Expect: status 0 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void show(const char* what, int r) {
  if (r == 0)
    printf("%-40s ok\n", what);
  else
    printf("%-40s %s\n", what, strerror(errno));
}

#define TRY(call) show(#call, call)

static void put(const char* path, const char* text) {
  FILE* f = fopen(path, "w");
  if (f == NULL) {
    printf("fopen %s: %s\n", path, strerror(errno));
    return;
  }
  fputs(text, f);
  fclose(f);
}

static void links(const char* path) {
  struct stat st;
  if (lstat(path, &st) != 0)
    printf("%s: %s\n", path, strerror(errno));
  else if (S_ISDIR(st.st_mode)) /* a directory's size depends on the file system */
    printf("%s: mode %o, %lu links\n", path, (unsigned)st.st_mode, (unsigned long)st.st_nlink);
  else
    printf("%s: mode %o, %lu links, %lld bytes\n", path, (unsigned)st.st_mode,
           (unsigned long)st.st_nlink, (long long)st.st_size);
}

int main(void) {
  umask(022);
  TRY(mkdir("d1", 0755));
  TRY(mkdir("d1", 0755));              /* EEXIST */
  TRY(mkdir("d1/e/f", 0755));          /* ENOENT */
  TRY(mkdir("top.txt/x", 0755));       /* ENOTDIR */
  TRY(mkdir("d1/e", 0700));
  TRY(mkdir("d1/e/f/", 0777));         /* a trailing slash is fine */
  links("d1");
  links("d1/e");
  put("d1/e/f/file", "in f\n");

  /* rename within a directory and across */
  TRY(rename("top.txt", "top2.txt"));
  TRY(rename("top.txt", "top3.txt"));  /* ENOENT */
  TRY(rename("top2.txt", "d1/e/moved.txt"));
  TRY(rename("a/x.txt", "a/b/c.txt")); /* replaces a file */
  TRY(rename("a/b", "d1/e/b"));        /* a directory to another parent */
  links("a");
  links("d1/e");
  TRY(rename("d1", "d1/e/inside"));    /* EINVAL: into itself */
  TRY(rename("d1/e", "d1/e/b"));       /* EINVAL */
  TRY(rename("d1/e/moved.txt", "d1/e/b"));  /* EISDIR */
  TRY(rename("d1/e/b", "d1/e/moved.txt"));  /* ENOTDIR */
  TRY(mkdir("empty", 0755));
  TRY(rename("d1/e/f", "empty"));      /* over an empty directory */
  TRY(rename("d1/e/b", "empty"));      /* ENOTEMPTY: empty holds f's file now */
  TRY(rename("empty/file", "empty/file/")); /* ENOTDIR */
  TRY(rename("empty/file", "empty/file"));  /* the same: nothing to do */
  TRY(renameat2(AT_FDCWD, "empty/file", AT_FDCWD, "d1/e/moved.txt", RENAME_NOREPLACE));
  TRY(renameat2(AT_FDCWD, "empty/file", AT_FDCWD, "empty/file2", RENAME_NOREPLACE));
  TRY(renameat2(AT_FDCWD, "empty", AT_FDCWD, "d1/e/moved.txt", RENAME_EXCHANGE));
  links("empty");
  links("d1/e/moved.txt");
  TRY(renameat2(AT_FDCWD, "d1/e/moved.txt", AT_FDCWD, "nowhere", RENAME_EXCHANGE)); /* ENOENT */
  TRY(renameat2(AT_FDCWD, "empty", AT_FDCWD, "x", RENAME_NOREPLACE | RENAME_EXCHANGE));
  TRY(rename(".", "dot"));             /* EBUSY */

  /* link and unlink */
  TRY(link("empty", "hard"));
  links("empty");
  links("hard");
  TRY(link("d1", "d1-link"));          /* EPERM: a directory */
  TRY(link("empty", "hard"));          /* EEXIST */
  TRY(link("missing", "hard2"));       /* ENOENT */
  TRY(link("to-x", "to-x-2"));         /* a symbolic link itself, now dangling */
  TRY(unlink("hard"));
  links("empty");
  TRY(unlink("d1"));                   /* EISDIR */
  TRY(unlink("empty/"));               /* ENOTDIR */
  TRY(unlink("missing"));              /* ENOENT */

  /* rmdir */
  TRY(rmdir("d1"));                    /* ENOTEMPTY */
  TRY(rmdir("empty"));                 /* ENOTDIR: a file now */
  TRY(rmdir("d1/e/moved.txt/."));      /* EINVAL */
  TRY(mkdir("gone", 0755));
  TRY(rmdir("gone/"));
  TRY(rmdir("gone"));                  /* ENOENT */
  links(".");
  return 0;
}
