/* two-processes-ping-pong-through-pipes-touching-their-pages - a parent and its forked child take
 * turns ROUNDS times (argv[1], default 20): each touches its PAGES (argv[2], default 8) pages of
 * data, then hands the turn to the other through a pipe and sleeps in read until it comes back.
 * On one context every turn is an address-space switch, which tests/host/test_x86_tlb.py counts
 * in the TLB refills of stats.json with core.tlb_flush_on_switch on and off. Both check that each
 * turn came in order (the byte read is the round number) and that their pages kept their data.
 * Expect: status 0 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

#define MAX_PAGES 16

static volatile uint32_t data[MAX_PAGES][1024];

/* Add `who` to a word of each of the first `pages` pages. */
static void touch(unsigned pages, uint32_t who) {
  for (unsigned p = 0; p < pages; p++) data[p][p * 7] += who;
}

/* Take `rounds` turns: wait for the turn on `in` (the parent starts), touch, pass it on `out`. */
static int turns(int in, int out, unsigned rounds, unsigned pages, int first) {
  for (unsigned r = 0; r < rounds; r++) {
    unsigned char b = (unsigned char)r;
    if (!first || r > 0) {
      if (read(in, &b, 1) != 1 || b != (unsigned char)(first ? r - 1 : r)) return 1;
    }
    touch(pages, first ? 1 : 2);
    b = (unsigned char)r;
    if (write(out, &b, 1) != 1) return 2;
  }
  for (unsigned p = 0; p < pages; p++)
    if (data[p][p * 7] != rounds * (first ? 1u : 2u)) return 3;
  return 0;
}

int main(int argc, char** argv) {
  unsigned rounds = argc > 1 ? (unsigned)atoi(argv[1]) : 20;
  unsigned pages = argc > 2 ? (unsigned)atoi(argv[2]) : 8;
  int to_child[2], to_parent[2];
  CHECK(pages <= MAX_PAGES && rounds > 0);
  CHECK(pipe(to_child) == 0 && pipe(to_parent) == 0);
  if (check_failures) return check_done();
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid < 0) return check_done();
  if (pid == 0) _exit(turns(to_child[0], to_parent[1], rounds, pages, 0));
  CHECK(turns(to_parent[0], to_child[1], rounds, pages, 1) == 0);
  unsigned char last;
  CHECK(read(to_parent[0], &last, 1) == 1 && last == (unsigned char)(rounds - 1));
  int status;
  CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
  return check_done();
}
