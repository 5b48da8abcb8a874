/* exit-while-a-sibling-runs-another-process - in context mode a process ends, and is freed, while
 * another process computes on a sibling context of the same core: the spinner (a child that
 * computes and checks its work for a long while) must go on unharmed and end with its own result,
 * and the short-lived children, each started, ended and waited for meanwhile, must each give
 * their own exit status. Freeing a process switches the page directory and empties the TLB entries
 * of its address space; done for the whole core rather than for the one CPU, it would pull the
 * spinner's address space from under it.
 * Expect: status 0 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check.h"
#include "smp.h"

#define SHORT 12

static uint32_t table[4096];

/* Fill and check a table many times: 0 if every check held. */
static int work(int rounds) {
  int bad = 0;
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < 4096; i++) table[i] = (uint32_t)(i * 2654435761u) ^ (uint32_t)r;
    for (int i = 0; i < 4096; i++) bad += table[i] != ((uint32_t)(i * 2654435761u) ^ (uint32_t)r);
  }
  return bad;
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "spin") == 0) return work(300) ? 1 : 42;
  if (argc > 1) return atoi(argv[1]) + work(2); /* a short child: its number is its status */
  pid_t spinner = spawn_self(argv[0], "spin", 0);
  CHECK(spinner > 0);
  int done = 0;
  for (int n = 1; n <= SHORT; n++) {
    char arg[8];
    snprintf(arg, sizeof arg, "%d", n);
    pid_t c = spawn_self(argv[0], arg, 0);
    int status = -1;
    if (c > 0 && waitpid(c, &status, 0) == c && WIFEXITED(status) && WEXITSTATUS(status) == n)
      done++;
  }
  CHECK_INT(done, SHORT);
  int status = -1;
  CHECK(waitpid(spinner, &status, WNOHANG) == 0); /* it was still computing all along */
  CHECK(waitpid(spinner, &status, 0) == spinner);
  CHECK(WIFEXITED(status));
  CHECK_INT(WEXITSTATUS(status), 42);
  return check_done();
}
