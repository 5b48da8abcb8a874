/* bigfile - one file through every level of the block map, and back.
 *
 *   bigfile BLOCKSIZE [dense]
 *
 * With blocks of BLOCKSIZE bytes, a file's map has 12 direct blocks, then an indirect block of
 * BLOCKSIZE / 4 numbers, a double-indirect and a triple-indirect one. The program writes a
 * recognisable pattern into blocks on each side of each boundary (sparse: the rest are holes),
 * the last block far into the triple-indirect part (the map's end with 1 KiB blocks, 1 TiB with
 * 4 KiB ones: ext2's files end before 2 TiB), reads everything back (holes as zeros), then
 * truncates the file back across each boundary, checking what is left each time. With "dense" it
 * first writes every block up to just past the double-indirect limit (on 1 KiB blocks, 64 MiB).
 * It prints what it checked; the same program under qemu-mipsel (any block size underneath) must
 * print the same. Exit status 0, or 1 with a line saying what was wrong. */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint32_t bs;
static int fd;

static int fail(const char* what, long long at) {
  printf("FAIL: %s at block %lld: %s\n", what, at, strerror(errno));
  exit(1);
}

/* Block n's pattern: its number in every word, so a block in the wrong place shows. */
static void fill(uint32_t* buf, uint64_t n) {
  for (uint32_t i = 0; i < bs / 4; i++) buf[i] = (uint32_t)n * 2654435761u + i;
}

static void put(uint64_t n) {
  uint32_t buf[1024];
  fill(buf, n);
  if (pwrite(fd, buf, bs, (off_t)(n * bs)) != (ssize_t)bs) fail("pwrite", (long long)n);
}

/* Whether block n holds its pattern (want 1) or zeros (want 0). */
static void check(uint64_t n, int want) {
  uint32_t buf[1024], ref[1024];
  ssize_t r = pread(fd, buf, bs, (off_t)(n * bs));
  if (r != (ssize_t)bs) fail("pread", (long long)n);
  if (want)
    fill(ref, n);
  else
    memset(ref, 0, bs);
  if (memcmp(buf, ref, bs) != 0) {
    printf("FAIL: block %llu holds %s\n", (unsigned long long)n, want ? "the wrong bytes" : "data");
    exit(1);
  }
}

int main(int argc, char** argv) {
  bs = argc > 1 ? (uint32_t)atoi(argv[1]) : 1024;
  int dense = argc > 2 && strcmp(argv[2], "dense") == 0;
  if (bs != 1024 && bs != 4096) return 1;
  /* the first block the indirect, double- and triple-indirect blocks map; the end of the map */
  uint64_t a = bs / 4, ind = 12, dind = ind + a, tind = dind + a * a, end = tind + a * a * a;
  if (end > (1ull << 40) / bs) end = (1ull << 40) / bs;
  uint64_t marks[] = {0, 11, ind, ind + 1, dind - 1, dind, dind + a, tind - 1, tind,
                      tind + a * a + 3, end - 1};
  int nmarks = sizeof marks / sizeof marks[0];
  fd = open("big", O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) fail("open", 0);
  if (dense) {
    for (uint64_t n = 0; n <= tind + 8; n++) put(n);
    for (uint64_t n = 0; n <= tind + 8; n++) check(n, 1);
    printf("dense: blocks 0..%llu written and read back\n", (unsigned long long)(tind + 8));
  }
  for (int i = 0; i < nmarks; i++) put(marks[i]);
  struct stat st;
  fstat(fd, &st);
  printf("size %lld = block %llu + 1 of %u bytes: %d\n", (long long)st.st_size,
         (unsigned long long)(end - 1), bs, st.st_size == (off_t)(end * bs));
  for (int i = 0; i < nmarks; i++) check(marks[i], 1);
  if (!dense) check(5, 0), check(ind + 7, 0), check(dind + 1, 0);
  check(tind + a, 0), check(end - 2, 0);
  printf("marks read back, holes read as zeros\n");
  /* Truncate back through each boundary; what is below stays, what is above reads as zeros
   * once the file grows again. */
  uint64_t cuts[] = {tind + 1, tind, dind + 1, dind, ind + 1, ind, 1};
  for (int c = 0; c < (int)(sizeof cuts / sizeof cuts[0]); c++) {
    uint64_t cut = cuts[c];
    if (ftruncate(fd, (off_t)(cut * bs - bs / 2)) != 0) fail("ftruncate", (long long)cut);
    if (ftruncate(fd, (off_t)(end * bs)) != 0) fail("ftruncate", (long long)end);
    for (int i = 0; i < nmarks; i++) {
      if (marks[i] < cut - 1) check(marks[i], 1);
      if (marks[i] >= cut) check(marks[i], 0);
    }
    printf("cut at block %llu - 1/2: below kept, above zeros\n", (unsigned long long)cut);
  }
  if (ftruncate(fd, 0) != 0) fail("ftruncate", 0);
  fstat(fd, &st);
  printf("truncated to 0: size %lld, blocks %lld\n", (long long)st.st_size, (long long)st.st_blocks);
  close(fd);
  if (unlink("big") != 0) fail("unlink", 0);
  return 0;
}
