/* orphaned-zombies-are-reaped-and-free-their-slots - a child spawns 5 grandchildren, lets them
 * end (a nanosleep gives them the core) and exits without waiting for them. Their zombies have
 * no parent left to wait for them: the kernel (init) reaps them, so their process slots come
 * back. Four rounds leave 20 such zombies, more than the 16 slots of the process table: every
 * spawn of every round must still succeed (each child exits with the count it spawned, 5).
 * Expect: status 0 */
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "check.h"
#include "thread.h"

#define ROUNDS 4
#define GRANDCHILDREN 5

static int middle(const char* argv0) {
  int n = 0;
  for (int i = 0; i < GRANDCHILDREN; i++) n += spawn_self(argv0, "leaf", 0) > 0;
  struct timespec ts = {0, 200000};
  nanosleep(&ts, 0); /* the grandchildren run and end meanwhile */
  return n;          /* without waiting for them */
}

int main(int argc, char** argv) {
  if (argc > 1 && strcmp(argv[1], "leaf") == 0) return 0;
  if (argc > 1 && strcmp(argv[1], "middle") == 0) return middle(argv[0]);
  for (int r = 0; r < ROUNDS; r++) {
    pid_t pid = spawn_self(argv[0], "middle", 0);
    CHECK(pid > 0);
    int status = -1;
    CHECK_INT(waitpid(pid, &status, 0), pid);
    CHECK(WIFEXITED(status));
    CHECK_INT(WEXITSTATUS(status), GRANDCHILDREN);
  }
  return check_done();
}
