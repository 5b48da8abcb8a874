/* A pipeline of 8 processes, as a shell builds one: the first makes 10 MB of pseudo-random
 * bytes, six pass them on, the last consumes them; each computes a checksum of what went through
 * it (a Fletcher-like pair of sums over its 32-bit words, and their count) and reports it to the
 * parent on a pipe of its
 * own, in one write of a fixed-size record. The parent, which makes the same bytes itself, checks
 * that every stage saw exactly them, and every stage exits 0. Reads come in pieces of any size
 * (the pipe holds less than a write), so this checks ordering and completeness, not timing.
 * Models: iss
 * Expect: status 0 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define STAGES 8
#define TOTAL (10u << 20)

struct sum {
  uint32_t a, b, n;
};

/* Add n bytes (a multiple of 4: every write and read here is) to the sums: a word at a time, so
 * that the simulated work is the moving of the bytes rather than the checking. */
static void add(struct sum* s, const unsigned char* p, size_t n) {
  const uint32_t* w = (const uint32_t*)p;
  uint32_t a = s->a, b = s->b;
  for (size_t i = 0; i < n / 4; i++) {
    a += w[i];
    b += a;
  }
  s->a = a, s->b = b;
  s->n += n;
}

/* The bytes: xorshift32, four at a time. */
static uint32_t state = 2463534242u;
static void fill(unsigned char* buf, size_t n) {
  for (size_t i = 0; i < n; i += 4) {
    state ^= state << 13, state ^= state >> 17, state ^= state << 5;
    for (int k = 0; k < 4; k++) buf[i + k] = (unsigned char)(state >> (8 * k));
  }
}

static void stage(int k, int in, int out, int report) {
  static unsigned char buf[16384];
  struct sum s = {0, 0, 0};
  if (k == 0) {
    for (uint32_t done = 0; done < TOTAL; done += sizeof buf) {
      fill(buf, sizeof buf);
      add(&s, buf, sizeof buf);
      for (size_t off = 0; off < sizeof buf;) {
        ssize_t w = write(out, buf + off, sizeof buf - off);
        if (w <= 0) _exit(2);
        off += w;
      }
    }
  } else {
    ssize_t n, have = 0;
    /* Sums go by whole words: a read that ends mid-word waits for the rest of it. */
    while ((n = read(in, buf + have, sizeof buf - have)) > 0) {
      n += have;
      have = n % 4;
      n -= have;
      add(&s, buf, n);
      for (ssize_t off = 0; out >= 0 && off < n;) {
        ssize_t w = write(out, buf + off, n - off);
        if (w <= 0) _exit(3);
        off += w;
      }
      for (ssize_t i = 0; i < have; i++) buf[i] = buf[n + i];
    }
    if (n < 0 || have) _exit(4);
  }
  uint32_t rec[4] = {k, s.a, s.b, s.n};
  _exit(write(report, rec, sizeof rec) == sizeof rec ? 0 : 5);
}

int main(void) {
  int report[2];
  if (pipe(report) < 0) return 1;
  int in = -1;
  for (int k = 0; k < STAGES; k++) {
    int p[2] = {-1, -1};
    if (k < STAGES - 1 && pipe(p) < 0) return 1;
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
      close(report[0]);
      if (p[0] >= 0) close(p[0]);
      stage(k, in, p[1], report[1]);
    }
    if (in >= 0) close(in);
    if (p[1] >= 0) close(p[1]);
    in = p[0];
  }
  close(report[1]);

  struct sum want = {0, 0, 0};
  static unsigned char buf[16384];
  for (uint32_t done = 0; done < TOTAL; done += sizeof buf) {
    fill(buf, sizeof buf);
    add(&want, buf, sizeof buf);
  }
  int seen[STAGES] = {0}, good = 0;
  uint32_t rec[4];
  while (read(report[0], rec, sizeof rec) == sizeof rec) {
    if (rec[0] >= STAGES || seen[rec[0]]++) return 6;
    good += rec[1] == want.a && rec[2] == want.b && rec[3] == want.n;
  }
  int st, ok = 0;
  while (wait(&st) > 0) ok += WIFEXITED(st) && WEXITSTATUS(st) == 0;
  printf("%d stages, %d exited 0, %d saw all %u bytes with checksum %08x%08x\n", STAGES, ok,
         good, want.n, want.b, want.a);
  return good == STAGES && ok == STAGES ? 0 : 7;
}
