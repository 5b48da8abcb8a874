/* tree - a directory tree of many files over three levels, made, renamed, listed and removed.
 *
 *   tree FILES [keep]
 *
 * FILES files (and their directories: 10 at the top, 10 in each, FILES / 100 files in each of
 * those) are created with a line of text each; every file is renamed in its directory, every
 * second one moved to the next directory, and every top directory renamed; then the whole tree
 * is listed (readdir, recursively) and checked against what it must hold, and removed, leaving
 * the working directory as it was (unless "keep": then the tree stays for the caller to compare).
 * It prints a count and a checksum after each stage, so the same program under qemu-mipsel must
 * print the same. Exit status 0, or 1 with a line saying what was wrong. */
#define _FILE_OFFSET_BITS 64
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TOP 10
#define MID 10

static uint32_t sum;   /* a checksum of names and contents seen, order-independent */
static long nfiles, ndirs;

static int fail(const char* what, const char* path) {
  printf("FAIL: %s %s: %s\n", what, path, strerror(errno));
  exit(1);
}

static uint32_t hash(const char* s) {
  uint32_t h = 2166136261u;
  while (*s) h = (h ^ (uint8_t)*s++) * 16777619u;
  return h;
}

/* Walk dir recursively: count files and directories, add each path and file's contents. With
 * remove, remove everything under it as it goes (files first, then each directory). */
static void walk(const char* dir, int remove) {
  DIR* d = opendir(dir);
  if (d == NULL) fail("opendir", dir);
  struct dirent* e;
  char path[512], buf[128];
  while ((errno = 0, e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    struct stat st;
    if (lstat(path, &st) != 0) fail("lstat", path);
    sum += hash(path);
    if (S_ISDIR(st.st_mode)) {
      ndirs++;
      walk(path, remove);
      if (remove && rmdir(path) != 0) fail("rmdir", path);
    } else {
      nfiles++;
      FILE* f = fopen(path, "r");
      if (f == NULL || fgets(buf, sizeof buf, f) == NULL) fail("read", path);
      fclose(f);
      sum += hash(buf);
      if (remove && unlink(path) != 0) fail("unlink", path);
    }
  }
  if (errno) fail("readdir", dir);
  closedir(d);
}

static void stage(const char* name) {
  printf("%-8s %ld files, %ld directories, checksum %08x\n", name, nfiles, ndirs, sum);
  nfiles = ndirs = 0;
  sum = 0;
}

int main(int argc, char** argv) {
  int per = argc > 1 ? atoi(argv[1]) / (TOP * MID) : 50;
  int keep = argc > 2 && strcmp(argv[2], "keep") == 0;
  char path[256], to[256];
  if (mkdir("t", 0755) != 0) fail("mkdir", "t");
  for (int a = 0; a < TOP; a++) {
    snprintf(path, sizeof path, "t/d%d", a);
    if (mkdir(path, 0755) != 0) fail("mkdir", path);
    ndirs++;
    for (int b = 0; b < MID; b++) {
      snprintf(path, sizeof path, "t/d%d/e%d", a, b);
      if (mkdir(path, 0755) != 0) fail("mkdir", path);
      ndirs++;
      for (int c = 0; c < per; c++) {
        snprintf(path, sizeof path, "t/d%d/e%d/file-%d-%d-%d", a, b, a, b, c);
        FILE* f = fopen(path, "w");
        if (f == NULL) fail("create", path);
        fprintf(f, "contents of %d/%d/%d\n", a, b, c);
        fclose(f);
        nfiles++;
      }
    }
  }
  stage("created");
  for (int a = 0; a < TOP; a++)
    for (int b = 0; b < MID; b++)
      for (int c = 0; c < per; c++) {
        snprintf(path, sizeof path, "t/d%d/e%d/file-%d-%d-%d", a, b, a, b, c);
        if (c % 2)
          snprintf(to, sizeof to, "t/d%d/e%d/moved-%d-%d-%d", a, (b + 1) % MID, a, b, c);
        else
          snprintf(to, sizeof to, "t/d%d/e%d/renamed-%d-%d-%d", a, b, a, b, c);
        if (rename(path, to) != 0) fail("rename", path);
        nfiles++;
      }
  for (int a = 0; a < TOP; a++) {
    snprintf(path, sizeof path, "t/d%d", a);
    snprintf(to, sizeof to, "t/top%d", a);
    if (rename(path, to) != 0) fail("rename", path);
    ndirs++;
  }
  stage("renamed");
  walk("t", 0);
  stage("listed");
  if (keep) return 0;
  walk("t", 1);
  if (rmdir("t") != 0) fail("rmdir", "t");
  stage("removed");
  DIR* d = opendir(".");
  int left = 0;
  while (readdir(d)) left++;
  closedir(d);
  printf("entries left in the working directory: %d\n", left);
  return 0;
}
