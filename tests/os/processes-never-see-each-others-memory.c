/* processes-never-see-each-others-memory - a parent and a child (this program spawned again) use
 * the same virtual addresses, a global array, the first heap block and a stack array (the child
 * checks that its addresses are the parent's, or for the stack overlap it by at least half), and
 * in each of ROUNDS rounds both fill them with their own pattern, wait until the other has filled
 * its own (a SIGUSR1 from it says so; sched_yield lets it run), and then find exactly their own
 * pattern. Each process must see its own memory only, whatever the other wrote at the same
 * addresses in between.
 * Expect: status 0 */
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "thread.h"

#define ROUNDS 5
#define WORDS 4096 /* 16 KiB per area */

static uint32_t global[WORDS];
static volatile int signals; /* SIGUSR1s from the other process: rounds it has filled */

static void on_usr1(int sig) {
  (void)sig;
  signals++;
}

static uint32_t pattern(uint32_t who, uint32_t round, uint32_t i) {
  return (who << 28) ^ (round << 20) ^ (i * 2654435761u);
}

static void fill(uint32_t* p, uint32_t n, uint32_t who, uint32_t round) {
  for (uint32_t i = 0; i < n; i++) p[i] = pattern(who, round, i);
}

static uint32_t wrong(const uint32_t* p, uint32_t n, uint32_t who, uint32_t round) {
  uint32_t bad = 0;
  for (uint32_t i = 0; i < n; i++) bad += p[i] != pattern(who, round, i);
  return bad;
}

/* Wait until the other process has sent `count` signals: 0, or -1 if `child` (0 if the other is
 * the parent) ended first, its wait status then in *status. */
static int await(int count, pid_t child, int* status) {
  while (signals < count) {
    if (child > 0 && waitpid(child, status, WNOHANG) == child) return -1;
    sched_yield();
  }
  return 0;
}

/* The rounds of process `who` (1 parent, 2 child) on its three areas; the child signals the
 * parent after each fill, the parent the child after each check. The number of wrong words, or
 * -1 if the child ended early (its wait status in *status). */
static long rounds(uint32_t who, pid_t other, uint32_t* heap, uint32_t* stack, int* status) {
  long bad = 0;
  for (uint32_t r = 0; r < ROUNDS; r++) {
    fill(global, WORDS, who, r);
    fill(heap, WORDS, who, r);
    fill(stack, WORDS, who, r);
    if (who == 2) kill(other, SIGUSR1);
    /* Then the other has filled round r at the same addresses. */
    if (await((int)r + 1, who == 1 ? other : 0, status) < 0) return -1;
    uint32_t b = wrong(global, WORDS, who, r) + wrong(heap, WORDS, who, r) +
                 wrong(stack, WORDS, who, r);
    printf("%s round %u: %u wrong words\n", who == 1 ? "parent" : "child", r, b);
    bad += b;
    if (who == 1) kill(other, SIGUSR1);
  }
  return bad;
}

/* One process's part, with its stack array in this frame in both (so that the two arrays lie at
 * nearly the same addresses). */
static int run(char** argv, uint32_t* heap) {
  uint32_t stack[WORDS];
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;
  CHECK_INT(sigaction(SIGUSR1, &sa, 0), 0); /* before any signal can come */

  if (argv[1] && strcmp(argv[1], "child") == 0) {
    /* The parent's addresses: the same for the global array and the heap block; the stack array
     * must overlap the parent's by at least half. */
    uint32_t g = strtoul(argv[2], 0, 16), h = strtoul(argv[3], 0, 16);
    uint32_t s = strtoul(argv[4], 0, 16), mine = (uint32_t)stack;
    uint32_t apart = mine > s ? mine - s : s - mine;
    printf("child: stack array %u bytes from the parent's\n", apart);
    if ((uint32_t)global != g || (uint32_t)heap != h) return 11;
    if (apart > WORDS * 4 / 2) return 12;
    return rounds(2, getppid(), heap, stack, 0) ? 1 : 0;
  }

  char g[16], h[16], s[16];
  snprintf(g, sizeof g, "%x", (unsigned)global);
  snprintf(h, sizeof h, "%x", (unsigned)heap);
  snprintf(s, sizeof s, "%x", (unsigned)stack);
  char* cargv[] = {argv[0], "child", g, h, s, 0};
  char* cenvp[] = {0};
  pid_t pid = kasane_spawn(argv[0], cargv, cenvp);
  CHECK(pid > 0);
  int status = -1;
  long bad = rounds(1, pid, heap, stack, &status);
  CHECK_INT(bad, 0);
  if (bad >= 0) CHECK(waitpid(pid, &status, 0) == pid); /* else the child was reaped early */
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 0);
  return check_done();
}

int main(int argc, char** argv) {
  (void)argc;
  uint32_t* heap = malloc(WORDS * 4); /* the first heap block, before anything else allocates */
  if (!heap) return 13;
  return run(argv, heap);
}
